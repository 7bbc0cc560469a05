// The email feature's registration: its views and the group whose chunk brings them.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const email: Feature<typeof en> = {
  group: 'email',
  views: {
    EmailLogin: { tag: 'w3m-email-login-view' },
    UpdateEmailWallet: { tag: 'w3m-update-email-wallet-view' },
    ChangeRecovery: { tag: 'w3m-change-recovery-view' },
    ApproveTransaction: { tag: 'w3m-approve-transaction-view' },
  },
}
