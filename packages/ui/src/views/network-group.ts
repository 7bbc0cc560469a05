// The network feature group: loaded on the first navigation to Networks, SwitchNetwork,
// UnsupportedChain or SwitchActiveChain.
import { registerModal } from '../modal/w3m-modal/register.js'
import { define } from '../utils/define.js'
import { W3mNetworksView } from './w3m-networks-view/w3m-networks-view.js'
import { W3mSwitchActiveChainView } from './w3m-switch-active-chain-view/w3m-switch-active-chain-view.js'
import { W3mSwitchNetworkView } from './w3m-switch-network-view/w3m-switch-network-view.js'
import { W3mUnsupportedChainView } from './w3m-unsupported-chain-view/w3m-unsupported-chain-view.js'

export function registerViews(): void {
  registerModal()
  define('w3m-networks-view', W3mNetworksView)
  define('w3m-switch-network-view', W3mSwitchNetworkView)
  define('w3m-unsupported-chain-view', W3mUnsupportedChainView)
  define('w3m-switch-active-chain-view', W3mSwitchActiveChainView)
}
