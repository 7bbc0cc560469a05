// The connect feature group: loaded on the first navigation to Connect, ConnectingExternal or
// AllWallets.
import { registerModal } from '../modal/w3m-modal/register.js'
import { define } from '../utils/define.js'
import { warmStyles } from '../utils/warm.js'
import { W3mAllWalletsView } from './w3m-all-wallets-view/w3m-all-wallets-view.js'
import { W3mConnectView } from './w3m-connect-view/w3m-connect-view.js'
import { W3mConnectingExternalView } from './w3m-connecting-external-view/w3m-connecting-external-view.js'

export function registerViews(): void {
  registerModal()
  define('w3m-connect-view', W3mConnectView)
  define('w3m-connecting-external-view', W3mConnectingExternalView)
  define('w3m-all-wallets-view', W3mAllWalletsView)
  // The Connect view is the usual first view: its styles are ready before it first shows.
  warmStyles(['w3m-connect-view', 'wui-wallet-list'])
}
