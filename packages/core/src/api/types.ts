// The HTTP shapes of @openmodal/server: what core's API client sends and receives, and what the
// server answers. Types and constants only, no imports: the server imports them from here.

/** Limits a client can rely on (spec §9 where it names them). */
export const API_LIMITS = {
  /** Default `entries` of `GET /v1/wallets`. */
  walletPageSize: 40,
  /** Default `entries` of `GET /v1/wallets` when `search` is set. */
  walletSearchPageSize: 100,
  /** Largest `entries` accepted. */
  walletMaxPageSize: 100,
  /** Wallets in `GET /v1/wallets/recommended`. */
  recommendedWallets: 4,
  /** Longest `search` accepted. */
  walletSearchMaxLength: 100,
  /** Most ids in `include` or `exclude`. */
  walletIdListMax: 100,
  /** Most requests in one JSON-RPC batch. */
  rpcBatchMax: 1000,
  /** Largest JSON-RPC body, in bytes. */
  rpcBodyMaxBytes: 2 * 1024 * 1024,
  /** Largest analytics body, in bytes. */
  analyticsBodyMaxBytes: 64 * 1024,
} as const

/** `code` of every non-JSON-RPC error body. */
export type ApiErrorCode =
  /** The request's Origin is not allowed for the project (HTTP 403). */
  | 'INVALID_APP_CONFIGURATION'
  /** Too many requests from this client for this project (HTTP 429, see `Retry-After`). */
  | 'RATE_LIMITED'
  /** The server failed (HTTP 500). */
  | 'SERVER_ERROR'
  /** No project with this projectId (HTTP 404). */
  | 'PROJECT_NOT_FOUND'
  /** The project has no such chain (HTTP 404, RPC proxy). */
  | 'CHAIN_NOT_CONFIGURED'
  /** No wallet with this id (HTTP 404). */
  | 'WALLET_NOT_FOUND'
  /** A parameter or body failed validation (HTTP 400); see `issues`. */
  | 'BAD_REQUEST'
  /** The body is larger than the endpoint accepts (HTTP 413). */
  | 'PAYLOAD_TOO_LARGE'
  /** No such route (HTTP 404). */
  | 'NOT_FOUND'

export interface ApiIssue {
  /** Dotted path of the offending field, e.g. `props.event`; '' for the whole input. */
  path: string
  message: string
}

/** Body of every error answer except the RPC proxy's JSON-RPC errors. */
export interface ApiError {
  code: ApiErrorCode
  message: string
  issues?: ApiIssue[]
}

export type SocialProvider =
  | 'google'
  | 'github'
  | 'apple'
  | 'facebook'
  | 'x'
  | 'discord'
  | 'telegram'
  | 'farcaster'

/** Remote feature flags (spec §1, §9 "Remote feature keys"); keys match core's `Features`. */
export interface RemoteFeatures {
  email: boolean
  /** Providers in display order, or `false` for none. */
  socials: false | SocialProvider[]
  swaps: boolean
  onramp: boolean
  activity: boolean
  reownBranding: boolean
  /**
   * OpenModal extension beyond the spec's remote keys: the project may turn the Send view off
   * (or on). Absent when the project leaves it to the host's local option.
   */
  send?: boolean
  /** OpenModal extension, as `send`: the Receive view. */
  receive?: boolean
}

/** One chain of a project; `rpcUrl` is this server's proxy, never the upstream URLs. */
export interface ProjectChain {
  caipNetworkId: string
  rpcUrl: string
}

/**
 * `GET /v1/projects/:projectId/config` (the page's `Origin` header is required).
 * `allowedOrigins` are the project's own patterns; the defaults of spec §5
 * (`DEFAULT_ALLOWED_ANCESTORS` in core) are allowed as well.
 */
export interface ProjectConfigResponse {
  projectId: string
  name: string
  features: RemoteFeatures
  allowedOrigins: string[]
  chains: ProjectChain[]
  /**
   * Present (true) when the project hides swap and on-ramp from visitors in spec §6's
   * restricted time zones (core's RESTRICTED_TIMEZONES, `$featureRestriction`).
   */
  restrictedTimezones?: true
  /**
   * The social providers this server can log in with for the project (client credentials set
   * and the popup flow built). A provider's button shows only when it is listed here and in
   * `features.socials`; absent (an older server) means none.
   */
  socialProviders?: SocialProvider[]
}

/** A wallet of the registry. Links are `null` when the wallet has none. */
export interface Wallet {
  id: string
  name: string
  /** Served by this server: `GET /v1/wallets/:id/image` (SVG). */
  imageUrl: string
  /** EIP-6963 reverse-DNS id of the injected provider. */
  rdns: string | null
  homepage: string | null
  /** Native deep link (`metamask://`) or universal link of the mobile app. */
  mobileLink: string | null
  desktopLink: string | null
  webappLink: string | null
  appStore: string | null
  playStore: string | null
  /** CAIP-2 chain ids the wallet supports. */
  chains: string[]
  /** Promoted by the registry: listed first. */
  featured: boolean
}

/**
 * Query of `GET /v1/wallets`. Lists are comma-separated. `chains` entries are CAIP-2 ids
 * (`eip155:1`) or bare namespaces (`solana`); a wallet matches if it supports any of them.
 */
export interface WalletListQuery {
  projectId: string
  /** 1-based; default 1. */
  page?: number
  /** Default 40, or 100 with `search`; at most 100. */
  entries?: number
  search?: string
  include?: string
  exclude?: string
  chains?: string
}

/** `GET /v1/wallets`. `count` is the number of matches over all pages. */
export interface WalletListResponse {
  count: number
  page: number
  entries: number
  data: Wallet[]
}

/** `GET /v1/wallets/recommended?projectId=&exclude=&chains=`: the first 4 non-featured wallets of the ranking. */
export interface RecommendedWalletsResponse {
  count: number
  data: Wallet[]
}

export type JsonRpcId = string | number | null

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  method: string
  params?: unknown[] | Record<string, unknown>
  /** Absent for a notification (which gets no answer). */
  id?: JsonRpcId
}

export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcErrorObject }

/** JSON-RPC error codes the proxy itself produces. */
export const JSON_RPC_ERRORS = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_ALLOWED: -32601,
  /** Upstream failure: unreachable, timed out, or answered garbage. */
  INTERNAL_ERROR: -32603,
} as const

/** Body of `POST /e?projectId=&st=&sv=` (spec §7). */
export interface AnalyticsEvent {
  eventId: string
  url: string
  domain: string
  /** Milliseconds since the epoch. */
  timestamp: number
  props: {
    type: string
    event: string
    errorType?: string
    errorMessage?: string
    stackTrace?: string
  }
}

/** `POST /e` answer (HTTP 202); a repeated eventId is accepted and stored once. */
export interface AnalyticsIngestResponse {
  accepted: true
}

/** `GET /health`. */
export interface HealthResponse {
  status: 'ok'
  database: 'pglite' | 'postgres'
}

// Blockchain API (issue 8): balances, activity, NFTs, gas price and names. Every endpoint takes
// `projectId` and, except names, `chainId` (CAIP-2, one of the project's chains) as query
// parameters; an unknown chain answers 404 `CHAIN_NOT_CONFIGURED`.

/** Error codes of the blockchain API, beside `ApiErrorCode`. */
export type BlockchainApiErrorCode =
  /** `POST /v1/names`: the name belongs to another address (HTTP 409). */
  | 'NAME_TAKEN'
  /** `POST /v1/names`: the signature is not the address's (HTTP 401). */
  | 'INVALID_SIGNATURE'
  /** `GET /v1/names/:name` and `/v1/names/reverse/:address` (HTTP 404). */
  | 'NAME_NOT_FOUND'
  /** The chain's RPC failed while answering (HTTP 502). */
  | 'UPSTREAM_ERROR'

/** One token an address holds (spec §3 "Token balance"). */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2. */
  chainId: string
  /** CAIP-10 of the token contract; absent for the native token. */
  address?: string
  /** Fiat (USD) value = price × numeric; null when the price is unknown. */
  value: number | null
  /** USD per unit from the price source; null when unknown (never invented). */
  price: number | null
  /** `decimals` as a string ("18"); `numeric` a plain decimal string ("1.5"). */
  quantity: { decimals: string; numeric: string }
  iconUrl: string | null
}

/**
 * `GET /v1/account/:address/balance?projectId=&chainId=`: native first, then tokens by value
 * (highest first), then symbol. Tokens with 0 decimals are never returned (spec §5).
 */
export interface BalanceResponse {
  balances: TokenBalance[]
}

/** `buy`: an on-ramp purchase (history with the `onramp` parameter, spec §7). */
export type TransactionOperationType =
  | 'send'
  | 'receive'
  | 'trade'
  | 'mint'
  | 'burn'
  | 'execute'
  | 'buy'
/** `pending`: an on-ramp purchase not yet paid or credited. */
export type TransactionStatus = 'confirmed' | 'failed' | 'pending'
export type TransferDirection = 'in' | 'out' | 'self'

/** One transfer of a transaction: a fungible token or an NFT. */
export interface TransactionTransfer {
  direction: TransferDirection
  fungible_info?: {
    name: string
    symbol: string
    icon: { url: string } | null
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

/** One transaction with its transfers grouped (spec §3 "Transaction"); `id` is the hash. */
export interface Transaction {
  id: string
  metadata: {
    /** ISO 8601. */
    minedAt: string
    /** CAIP-2. */
    chain: string
    operationType: TransactionOperationType
    status: TransactionStatus
    /** Checksummed 0x addresses. */
    sentFrom: string
    sentTo: string
    hash: string
    /**
     * An on-ramp purchase (`operationType` `buy`, `sentFrom` the provider's id): the provider's
     * name as the server's provider list gives it ("Sandbox checkout", "Coinbase").
     */
    providerName?: string
  }
  transfers: TransactionTransfer[]
}

/**
 * `GET /v1/account/:address/history?projectId=&chainId=&cursor=&limit=`: newest first,
 * `limit` default 20 (at most 100), `next` an opaque cursor or null on the last page.
 * Transactions whose transfers are all spam NFTs are left out.
 */
export interface HistoryResponse {
  data: Transaction[]
  next: string | null
}

/** An NFT an address holds. */
export interface Nft {
  /** CAIP-2. */
  chainId: string
  contract: string
  tokenId: string
  standard: 'ERC721' | 'ERC1155'
  amount: string
  name: string
  collection: string
  imageUrl: string | null
  isSpam: boolean
}

/** `GET /v1/account/:address/nfts?projectId=&chainId=`. */
export interface NftsResponse {
  data: Nft[]
}

/**
 * `GET /v1/gas-price?projectId=&chainId=`: wei as decimal strings. A chain the server does
 * not serve answers 404 "Network not supported for Gas Price".
 */
export interface GasPriceResponse {
  standard: string
  fast: string
  instant: string
}

/**
 * Body of `POST /v1/names`. `message` is exactly `Register ${name} for ${address} at
 * ${timestamp}` (milliseconds, within 10 minutes of the server's time) and `signature` its
 * EIP-191 personal_sign by `address`.
 */
export interface RegisterNameRequest {
  name: string
  address: string
  message: string
  signature: string
}

/**
 * `POST /v1/names` (201), `GET /v1/names/:name`, `GET /v1/names/reverse/:address`. The two
 * lookups take an optional `chainId` (CAIP-2): when our registry has no answer and that chain
 * has ENS, the server asks ENS.
 */
export interface NameResponse {
  name: string
  /** EIP-55 checksummed. */
  address: string
  /**
   * Who answered: `registry` (a name registered on our server; it wins over ENS) or `ens`
   * (the chain's ENS: the address's primary name, or the address an ENS name resolves to).
   */
  source?: 'registry' | 'ens'
}
