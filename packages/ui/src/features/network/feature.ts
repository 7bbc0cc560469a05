// The network feature's registration: its views and the group whose chunk brings them.
import type { Feature } from '../feature.js'
import type { en } from './strings/en.js'

export const network: Feature<typeof en> = {
  group: 'network',
  views: {
    Networks: { tag: 'w3m-networks-view' },
    SwitchNetwork: { tag: 'w3m-switch-network-view' },
    UnsupportedChain: { tag: 'w3m-unsupported-chain-view' },
    SwitchActiveChain: { tag: 'w3m-switch-active-chain-view' },
  },
}
