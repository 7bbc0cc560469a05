import { loadModalWhenNeeded } from '../modal/load-modal.js'
// Each element's module defines it (guarded, so a second copy of the kit does not throw).
import './w3m-account-button/w3m-account-button.js'
import './w3m-button/w3m-button.js'
import './w3m-connect-button/w3m-connect-button.js'
import './w3m-network-button/w3m-network-button.js'

/**
 * Defines the public elements (each only if not defined yet: importing this module does it).
 * `<w3m-modal>` is defined when its shell loads: when the page is idle after `createModal`, or
 * as soon as it has something to show (open, an alert, a toast, embedded); `loadModal()` loads
 * it now. Views load with their feature group on first navigation.
 *
 * @example defineElements()
 */
export function defineElements(): void {
  loadModalWhenNeeded()
}
