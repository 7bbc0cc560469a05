// @openmodal/walletconnect public API. Load it with `import()` when the user picks
// WalletConnect; sign-client itself loads inside `createWalletConnectClient`.

export type {
  BitcoinPurpose,
  BitcoinStandardWallet,
  BitcoinWalletAccount,
  WalletConnectBitcoinWallet,
} from '../bitcoin/standard-wallet.js'
export {
  BIP122_EVENTS,
  BIP122_METHODS,
  DEFAULT_RELAY_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  EIP155_EVENTS,
  EIP155_METHODS,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_EXPIRY_MS,
  SOLANA_EVENTS,
  SOLANA_METHODS,
} from '../client/constants.js'
export {
  type ConnectParameters,
  createWalletConnectClient,
  type DisconnectReason,
  isPairingExpired,
  type KeyValueStorage,
  type PairingUri,
  type WalletConnectClient,
  type WalletConnectClientOptions,
  type WalletConnectEvents,
} from '../client/create-client.js'
export { buildNamespaces, type ProposalNamespace } from '../client/namespaces.js'
export {
  WALLETCONNECT_CONNECTOR_ID,
  type WalletConnectConnector,
  walletConnectConnector,
} from '../connector/walletconnect-connector.js'
export {
  createEip1193Provider,
  type Eip1193ProviderOptions,
  type WalletConnectEip1193Provider,
} from '../provider/eip1193-provider.js'
export type {
  SolanaStandardWallet,
  SolanaWalletAccount,
  WalletConnectSolanaWallet,
} from '../solana/standard-wallet.js'
export type { Clock } from '../utils/clock.js'
export { MemoryStorage } from '../utils/memory-storage.js'
export { ProviderRpcError, toRpcError } from '../utils/rpc-error.js'
