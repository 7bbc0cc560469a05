// The one home of the kit's English texts: errors and toasts, each keyed by a stable code (the
// alerts' texts are in alert-messages.ts, which loads with the modal). The spec §8 texts are
// written here word for word. UI catalogs translate by code and fall back to these; nothing
// anywhere tells errors apart by their English text.
//
// Lazy error texts: a code's text ships with the code that throws it.
// - `INITIAL_ERROR_MESSAGES` (below, read by `kitError`) holds only the codes that modules of
//   the page's initial JS throw. Adding one there makes every app's initial JS grow.
// - A lazily loaded feature keeps its texts in `errors/<feature>-messages.ts`: the table and
//   its creator, `export const fooError = /* @__PURE__ */ defineErrorTexts(FOO_ERROR_MESSAGES)`,
//   importing `defineErrorTexts` from base.ts, never errors.ts (see send-messages.ts; frame
//   errors go to frame-messages.ts). Export the creator through exports/internal.ts; only
//   modules loaded with `import()` (or only present when the feature is) call it:
//   `throw sendError('INSUFFICIENT_BALANCE')`.
// - Its table joins `ERROR_TABLES` in all-messages.ts, one line naming it, and `KitErrorCode`
//   is every table's codes, so codes stay one union, `KIT_ERROR_MESSAGES` stays
//   complete, every shipped locale translates every code (`error.<CODE>`, `tError` by code:
//   in @openmodal/ui's shell catalog, or in the strings of the one UI feature that shows it)
//   and `error.message` is the English text.
// - The tables stay here, not in the UI feature folders: core's actions (send, swap, social,
//   register name), the chain adapters and @openmodal/embedded throw these codes with their
//   English `message` and no UI loaded, and @openmodal/ui depends on core, not the reverse.
// - A value goes in through a `{placeholder}` of the text and `values` (never by building the
//   text): `chainError('HTTP_ERROR', { values: { status } })`; a translation gets the values.

import type { KitErrorCode } from './all-messages.js'
import type { AUTH_TOAST_MESSAGES } from './auth-messages.js'

/** The spec §8 text of `SOMETHING_WENT_WRONG` (other aborts), also `API_UNREACHABLE`'s. */
export const SOMETHING_WENT_WRONG = 'Something went wrong'

/** The spec §8 toast texts, keyed by a stable code. */
export const TOAST_MESSAGES = {
  /** A balance fetch failed; retries are blocked for 30 s. */
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',
  SIGNATURE_DECLINED: 'Signature declined',
} as const

/** A toast's code: the initial ones above, and the lazily loaded auth toasts (auth-messages.ts). */
export type ToastCode = keyof typeof TOAST_MESSAGES | keyof typeof AUTH_TOAST_MESSAGES

/**
 * The texts of the errors the page's initial JS may throw, by code: `kitError(code)` reads
 * exactly this (the spec §8 texts word for word). A UI translates these by code. A code only
 * lazily loaded code throws goes to its feature's table instead (see the top of this file).
 */
export const INITIAL_ERROR_MESSAGES = {
  // Spec §8 errors
  UNSUPPORTED_CHAIN: 'Unsupported chain',
  MODAL_CLOSED: 'Modal closed',
  CONNECTION_REJECTED: 'Connection rejected',
  FAILED_TO_CONNECT: 'Failed to connect',
  NO_TRANSPORT_URL: 'No URL was provided to the Transport',
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  CHAIN_NOT_CONFIGURED: 'Chain not configured',
  CONNECTOR_NOT_CONNECTED: 'Connector not connected',
  CONNECTOR_ACCOUNT_NOT_FOUND: 'connector account not found',
  PROVIDER_NOT_FOUND: 'Provider not found',
  /** An aborted RPC call. */
  REQUEST_ABORTED: 'Request was aborted',
  /** A frame error without a message. */
  AN_ERROR_OCCURRED: 'An error occurred',
  /** The fallback. */
  UNKNOWN: 'Unknown error',
  /** A wallet's "no" to a signature (the toast's text). */
  SIGNATURE_DECLINED: TOAST_MESSAGES.SIGNATURE_DECLINED,

  // Options
  SIWE_AND_SIWX: 'Cannot set both `siweConfig` and `siwx` options',

  // Wallets (the adapter kit: a wallet's code loaded with import() failed to load)
  WALLET_CODE_NOT_LOADED: 'Failed to load the wallet code',
} as const

/**
 * The general text of each code whose errors always carry words of their own (a value, a
 * server's, a node's or a wallet's message, shown as given): it completes the table for
 * catalogs and tests. Nothing reads it at run time, so bundles leave it out.
 */
export const OWN_WORDS_ERROR_MESSAGES = {
  /** `Failed to disconnect chain {ns}: ...` / `Failed to disconnect chains: ...` (see below). */
  DISCONNECT_FAILED: 'Failed to disconnect',
  INVALID_OPTIONS: 'Invalid options',
  INVALID_STORAGE_VALUE: 'Invalid stored value',
  INVALID_CAIP_NETWORK_ID: 'Invalid CAIP network id',
  INVALID_CAIP_ADDRESS: 'Invalid CAIP address',
  INVALID_NUMBER: 'Invalid number',
  INVALID_DECIMALS: 'Invalid decimals',
  /** A non-ok answer: its own text is `HTTP status code: N` (`httpStatusMessage`). */
  API_HTTP_ERROR: 'HTTP error',
  /** A JSON-RPC error answer of a node: its own text is the node's message. */
  RPC_ERROR: 'RPC error',
  /** The embedded wallet's server: its own text is `Please try again after N seconds` (spec §5). */
  EMAIL_RATE_LIMITED: 'Rate Limited',
} as const

/** A code the kit builds an error from by its text: every table's (all-messages.ts). */
export type { KitErrorCode }

/** Every code a `BaseError` of the kit carries. */
export type ErrorCode = KitErrorCode | keyof typeof OWN_WORDS_ERROR_MESSAGES

/** `Failed to disconnect chain {ns}: ...` (spec §8). */
export const failedToDisconnectChain = (namespace: string, reason: string) =>
  `Failed to disconnect chain ${namespace}: ${reason}`
/** `Failed to disconnect chains: ...` (spec §8). */
export const failedToDisconnectChains = (reason: string) => `Failed to disconnect chains: ${reason}`

/** `HTTP status code: N` (spec §8): a non-ok HTTP answer. */
export const httpStatusMessage = (status: number) => `HTTP status code: ${status}`
