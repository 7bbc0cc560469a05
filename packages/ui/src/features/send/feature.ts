// The send feature's registration. Its views ride in the account group's chunk (send/views.ts
// says why).
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const send: Feature<typeof en> = {
  group: 'account',
  views: {
    WalletSend: { tag: 'w3m-wallet-send-view' },
    WalletSendSelectToken: { tag: 'w3m-wallet-send-select-token-view' },
    WalletSendPreview: { tag: 'w3m-wallet-send-preview-view' },
  },
}
