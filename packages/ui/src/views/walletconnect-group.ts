// The WalletConnect feature group: loaded on the first navigation to ConnectingWalletConnect
// or ConnectingWalletConnectBasic. The QR encoder loads later still, with the first URI.
import { registerModal } from '../modal/w3m-modal/register.js'
import { define } from '../utils/define.js'
import {
  W3mConnectingWalletConnectBasicView,
  W3mConnectingWalletConnectView,
} from './w3m-connecting-walletconnect-view/w3m-connecting-walletconnect-view.js'

export function registerViews(): void {
  registerModal()
  define('w3m-connecting-walletconnect-view', W3mConnectingWalletConnectView)
  define('w3m-connecting-walletconnect-basic-view', W3mConnectingWalletConnectBasicView)
}
