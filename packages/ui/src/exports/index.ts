// @openmodal/ui public API. The buttons are eager; the modal shell loads when the page is idle
// or when it must show something (`loadModal`), and every view is a lazy feature group loaded
// on first navigation.
export { WuiSelectEvent } from '../components/wui-wallet-list/wui-wallet-list.js'
export { StoreController } from '../controllers/store-controller.js'
export { createModal } from '../create-modal.js'
export { defineElements } from '../elements/define-elements.js'
export { W3mAccountButton } from '../elements/w3m-account-button/w3m-account-button.js'
export { W3mButton } from '../elements/w3m-button/w3m-button.js'
export { W3mConnectButton } from '../elements/w3m-connect-button/w3m-connect-button.js'
export { W3mNetworkButton } from '../elements/w3m-network-button/w3m-network-button.js'
export type { CloseSource, W3mBeforeCloseEvent } from '../events/w3m-before-close.js'
export type { W3mBeforeNavigateEvent } from '../events/w3m-before-navigate.js'
export {
  type Catalog,
  type CodeKey,
  dirFor,
  loadLocale,
  type MessageKey,
  type MessageParams,
  type Messages,
  registerCatalog,
  t,
} from '../i18n/index.js'
export { loadModal, preloadView } from '../modal/load-modal.js'
export { W3mModal } from '../modal/w3m-modal/w3m-modal.js'
export { safeImageUrl } from '../utils/safe-url.js'
