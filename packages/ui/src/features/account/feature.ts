// The account feature's registration: its views and the group whose chunk brings them.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const account: Feature<typeof en> = {
  group: 'account',
  views: {
    Account: { tag: 'w3m-account-view' },
    WalletReceive: { tag: 'w3m-wallet-receive-view' },
    Transactions: { tag: 'w3m-transactions-view' },
    RegisterAccountName: { tag: 'w3m-register-account-name-view' },
    RegisterAccountNameSuccess: { tag: 'w3m-register-account-name-success-view' },
  },
}
