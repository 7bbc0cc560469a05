// The connect feature's registration: its views and the group whose chunk brings them.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const connect: Feature<typeof en> = {
  group: 'connect',
  views: {
    Connect: { tag: 'w3m-connect-view' },
    ConnectingExternal: { tag: 'w3m-connecting-external-view' },
    AllWallets: { tag: 'w3m-all-wallets-view' },
  },
}
