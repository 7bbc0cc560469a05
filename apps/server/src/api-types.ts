// The HTTP shapes live in core, beside the client that speaks them; the server re-exports them.
export * from '@openmodal/core/api'

// ---- Blockchain API (issue 8): balances, history, NFTs, gas price, names. ----
// Declared here, types only; core may copy them beside its client.

/** Error codes of the blockchain API besides core's `ApiErrorCode`. */
export type BlockchainApiErrorCode =
  /** The name is registered to another address (HTTP 409). */
  | 'NAME_TAKEN'
  /** The signature is not the address's signature of the message (HTTP 401). */
  | 'INVALID_SIGNATURE'
  /** No such registered name, or the address has none (HTTP 404). */
  | 'NAME_NOT_FOUND'
  /** The chain's RPC failed while answering (HTTP 502). */
  | 'UPSTREAM_ERROR'

/** Spec §3 "Token balance". */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2. */
  chainId: string
  /** CAIP-10 of the token contract; absent for the native token. */
  address?: string
  /** Fiat (USD) value = price * numeric; null when the price is unknown. */
  value: number | null
  /** USD per unit from the price source; null when unknown (never invented). */
  price: number | null
  /** decimals as a string ("18"); numeric a plain decimal string ("1.5"). */
  quantity: { decimals: string; numeric: string }
  iconUrl: string | null
}

/** `GET /v1/account/:address/balance`: native first, then tokens by value desc, then symbol. */
export interface BalanceResponse {
  balances: TokenBalance[]
}

export type TransactionOperationType = 'send' | 'receive' | 'trade' | 'mint' | 'burn' | 'execute'

/** Spec §3 "Transaction": one entry per transaction, its transfers grouped. */
export interface Transaction {
  /** The transaction hash. */
  id: string
  metadata: {
    /** ISO 8601. */
    minedAt: string
    /** CAIP-2. */
    chain: string
    operationType: TransactionOperationType
    status: 'confirmed' | 'failed'
    /** Checksummed 0x addresses (the transaction's from and to). */
    sentFrom: string
    sentTo: string
    hash: string
  }
  transfers: TransactionTransfer[]
}

export interface TransactionTransfer {
  direction: 'in' | 'out' | 'self'
  fungible_info?: {
    name: string
    symbol: string
    icon: { url: string } | null
    /** Checksummed contract address; absent for the native token. */
    address?: string
  }
  nft_info?: {
    name: string
    content: { preview: { url: string } | null }
    flags: { is_spam: boolean }
    tokenId: string
    address: string
  }
  /** Plain decimal string in token units (not wei). */
  quantity: { numeric: string }
}

/** `GET /v1/account/:address/history`: newest first; `next` is an opaque cursor or null. */
export interface HistoryResponse {
  data: Transaction[]
  next: string | null
}

export interface Nft {
  /** CAIP-2. */
  chainId: string
  /** Checksummed contract address. */
  contract: string
  tokenId: string
  standard: 'ERC721' | 'ERC1155'
  amount: string
  name: string
  collection: string
  imageUrl: string | null
  isSpam: boolean
}

/** `GET /v1/account/:address/nfts`. */
export interface NftsResponse {
  data: Nft[]
}

/** `GET /v1/gas-price`: wei as decimal strings. */
export interface GasPriceResponse {
  standard: string
  fast: string
  instant: string
}

/** `POST /v1/names` body. `message` is exactly `Register ${name} for ${address} at ${timestamp}`. */
export interface RegisterNameRequest {
  name: string
  address: string
  message: string
  signature: string
}

/** `POST /v1/names` (201), `GET /v1/names/:name`, `GET /v1/names/reverse/:address`. */
export interface NameResponse {
  name: string
  address: string
}
