import { loadModalWhenNeeded } from '../modal/load-modal.js'
import { define } from '../utils/define.js'
import { W3mAccountButton } from './w3m-account-button/w3m-account-button.js'
import { W3mButton } from './w3m-button/w3m-button.js'
import { W3mConnectButton } from './w3m-connect-button/w3m-connect-button.js'
import { W3mNetworkButton } from './w3m-network-button/w3m-network-button.js'

/**
 * Defines the public elements (each only if not defined yet). `<w3m-modal>` is defined when
 * its shell loads: when the page is idle after `createModal`, or as soon as it has something
 * to show (open, an alert, a toast, embedded); `loadModal()` loads it now. Views load with
 * their feature group on first navigation.
 *
 * @example defineElements()
 */
export function defineElements(): void {
  define('w3m-button', W3mButton)
  define('w3m-connect-button', W3mConnectButton)
  define('w3m-account-button', W3mAccountButton)
  define('w3m-network-button', W3mNetworkButton)
  loadModalWhenNeeded()
}
