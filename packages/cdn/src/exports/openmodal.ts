// @openmodal/cdn: the one file a plain page loads with <script type="module">. Core's host API
// (state stores and their subscribe helpers, events, errors, formatting), `createModal` of the
// elements, the EVM adapter, the network presets and the WalletConnect entry. Loading this file
// defines <w3m-button>, <w3m-connect-button>, <w3m-account-button> and <w3m-network-button>;
// the modal shell, the views, WalletConnect's client and Solana are chunks beside it, fetched
// with import() when needed. The exports test snapshots this list.

export * from '@openmodal/core'
export { type EvmAdapterOptions, evmAdapter } from '@openmodal/evm'
export * from '@openmodal/evm/networks'
export { createModal, loadLocale, loadModal, preloadView, registerCatalog } from '@openmodal/ui'
export { type WalletConnectOptions, walletConnect } from '@openmodal/walletconnect/connector'
export { loadSolana, type SolanaModule } from '../solana/load-solana.js'
