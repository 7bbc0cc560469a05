// `@openmodal/testing/relay`: the WalletConnect relay alone (it needs `ws` only), for the
// production relay (`@openmodal/relay`) and anything that should not load anvil or Solana.

export {
  connectRawRelayClient,
  type RawRelayClient,
  type RawRelayClientOptions,
  type RelayFrame,
} from '../walletconnect/raw-client.js'
export {
  type RelayInstance,
  type RelayMessage,
  type RelayStats,
  type RelayStore,
  type StartRelayOptions,
  type StoredRelayMessage,
  startRelay,
} from '../walletconnect/relay.js'
