// WalletConnect constants: the relay, the pairing lifetime (spec §4) and the methods and events
// asked for per namespace (spec §7).

/** The public WalletConnect relay; self-hosters and tests pass their own `relayUrl`. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'

/** A pairing URI lives 4 minutes (spec §4). */
export const PAIRING_EXPIRY_MS = 4 * 60_000
/** …and counts as expired when less than this is left (spec §4). */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000

/** How long a request waits for the wallet before it fails with a clear error (default). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5 * 60_000

/** Wallet-side eip155 methods (spec §7); node calls go to the network's RPC URL instead. */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  // Spec §7: v3 is asked for too (older wallets sign only it).
  'eth_signTypedData_v3',
  'eth_signTypedData',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sign',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const

export const EIP155_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** Solana methods of the WalletConnect Solana RPC (spec §7: sign message / transaction / all / send). */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_requestAccounts',
  'solana_getAccounts',
] as const

export const SOLANA_EVENTS = ['accountsChanged', 'chainChanged'] as const

/** Bitcoin (bip122) methods (spec §7). */
export const BIP122_METHODS = [
  'sendTransfer',
  'signMessage',
  'signPsbt',
  'getAccountAddresses',
] as const

export const BIP122_EVENTS = ['bip122_addressesChanged'] as const

/** Node calls answered by the network's RPC URL, never by the wallet (spec §7). */
export const EIP155_READ_METHOD = /^(eth_|net_|web3_)/
