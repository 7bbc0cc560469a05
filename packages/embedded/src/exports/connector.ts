// @openmodal/embedded/connector: the small entry a host puts in its initial bundle. It imports
// nothing heavy; the secure frame and its provider load with `import()` when they are needed.
export {
  type EmbeddedWalletOptions,
  embeddedWallet,
} from '../connector/embedded-wallet-entry.js'
export { EMBEDDED_CONNECTOR_ID } from '../connector/identity.js'
