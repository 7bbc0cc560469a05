// The adapters' error texts of wallets and nodes that only code loaded on demand throws in an
// EVM app (transfers, chain switches, Solana and Bitcoin requests and accounts, RPC reads):
// they load with that code, not with the page (the pattern: the top of messages.ts).
import { defineErrorTexts } from './base.js'

/** The texts of the adapters' request and node errors, by code: `adapterError(code)` reads it. */
export const ADAPTER_ERROR_MESSAGES = {
  // Spec §8 errors of a chain switch
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  NO_PROGRAMMATIC_SWITCH: 'connector does not support programmatic chain switching',
  // Requests and nodes
  UNSUPPORTED_METHOD: 'Requested RPC call is not allowed',
  INVALID_PARAMS: 'Invalid request parameters',
  INVALID_TRANSFER: 'Invalid transfer',
  INVALID_GENESIS_HASH: 'Invalid genesis hash',
  RPC_UNREACHABLE: 'Network Error',
  /** Bitcoin accounts: the adapter's switchAccount (spec §5 text word for word). */
  NON_PAYMENT_ACCOUNT: 'Switching to non-payment accounts is not allowed',
  /** A transfer's or a balance read's receiver or account. */
  INVALID_ADDRESS: 'Invalid address',
} as const

/**
 * The BaseError of an adapter request or node `code`, reading its text in
 * `ADAPTER_ERROR_MESSAGES`.
 *
 * @example throw adapterError('UNSUPPORTED_METHOD', { details: method })
 */
export const adapterError = /* @__PURE__ */ defineErrorTexts(ADAPTER_ERROR_MESSAGES)
