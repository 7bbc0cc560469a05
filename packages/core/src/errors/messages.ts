/** The spec §8 error texts, keyed by a stable code. */
export const ERROR_MESSAGES = {
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  MODAL_CLOSED: 'Modal closed',
  CONNECTION_REJECTED: 'Connection rejected',
  POPUP_CLOSED: 'Popup closed',
  FAILED_TO_CONNECT: 'Failed to connect',
  FAILED_TO_CONNECT_FARCASTER: 'Failed to connect to farcaster',
  FAILED_TO_INITIATE_SOCIAL: 'Failed to initiate social connection',
  NO_AUTH_CONNECTOR: 'No auth connector found',
  NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Not connected to email or social',
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'No ActiveCaipNetwork or client found',
  NO_CONNECTION_CONTROLLER_CLIENT: 'No ConnectionController client found',
  TRANSACTIONS_WITHOUT_ADDRESS: "Transactions can't be fetched without an accountAddress",
  NO_TRANSPORT_URL: 'No URL was provided to the Transport',
  EMAIL_LOGIN_DEPENDENCY: 'Unable to load email login dependency',
  FRAME_IFRAME_NOT_SET: 'W3mFrame: iframe is not set',
  FRAME_PARENT_NOT_SET: 'parent is not set',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  CAIP_NETWORK_UNDEFINED: 'CaipNetwork is undefined',
  CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  CHAIN_NOT_CONFIGURED: 'Chain not configured',
  CONNECTOR_ALREADY_CONNECTED: 'Connector already connected',
  CONNECTOR_NOT_CONNECTED: 'Connector not connected',
  CONNECTOR_ACCOUNT_NOT_FOUND: 'connector account not found',
  CONNECTOR_CHAIN_MISMATCH: 'connector chain mismatch',
  CONNECTOR_RECONNECTING: 'connector unavailable while reconnecting',
  PROVIDER_NOT_FOUND: 'Provider not found',
  NO_PROGRAMMATIC_SWITCH: 'connector does not support programmatic chain switching',
  SIWE_AND_SIWX: 'Cannot set both `siweConfig` and `siwx` options',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  AN_ERROR_OCCURRED: 'An error occurred',
  UNKNOWN: 'Unknown error',
} as const

export type ErrorCode = keyof typeof ERROR_MESSAGES

/** `Failed to disconnect chain {ns}: ...` (spec §8). */
export const failedToDisconnectChain = (namespace: string, reason: string) =>
  `Failed to disconnect chain ${namespace}: ${reason}`
/** `Failed to disconnect chains: ...` (spec §8). */
export const failedToDisconnectChains = (reason: string) => `Failed to disconnect chains: ${reason}`

/** The spec §8 toast texts, keyed by a stable code. */
export const TOAST_MESSAGES = {
  /** A balance fetch failed; retries are blocked for 30 s. */
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',
  SIGNATURE_DECLINED: 'Signature declined',
} as const

export type ToastCode = keyof typeof TOAST_MESSAGES

/** `HTTP status code: N` (spec §8): a non-ok answer of our server. */
export const httpStatusMessage = (status: number) => `HTTP status code: ${status}`
