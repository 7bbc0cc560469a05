// @openmodal/walletconnect/connector: the small entry a host puts in its initial bundle. It
// imports nothing heavy; the client loads with `import()` when it is needed.
export { WALLETCONNECT_CONNECTOR_ID } from '../connector/identity.js'
export { type WalletConnectOptions, walletConnect } from '../entry/wallet-connect-entry.js'
