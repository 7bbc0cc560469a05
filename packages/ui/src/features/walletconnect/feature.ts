// The walletconnect feature's registration: its views and the group whose chunk brings them.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const walletconnect: Feature<typeof en> = {
  group: 'walletconnect',
  views: {
    ConnectingWalletConnect: { tag: 'w3m-connecting-walletconnect-view' },
    ConnectingWalletConnectBasic: { tag: 'w3m-connecting-walletconnect-basic-view' },
  },
}
