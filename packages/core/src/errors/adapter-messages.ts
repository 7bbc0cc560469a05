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
  /** A non-ok HTTP answer of a node (spec §8 text). */
  HTTP_ERROR: 'HTTP status code: {status}',
  NODE_UNEXPECTED_ANSWER: 'The network answered in an unexpected shape',
  // Transfers
  INVALID_ADDRESS: 'Invalid address',
  /** A namespace without tokens: `network` names it (`Bitcoin`). */
  UNSUPPORTED_TOKEN_TRANSFER: 'Token transfers are not supported on {network}',
  UNSUPPORTED_ADDRESS_TYPE: 'Transfers from {type} addresses are not supported',
  TRANSACTION_TIMEOUT: 'The transaction was not confirmed in time',
  TRANSACTION_FAILED: 'Transaction failed',
  /** Solana: a transfer that creates an account under the rent-exempt minimum. */
  RENT_EXEMPT_MINIMUM: 'The recipient is a new account: send at least {amount} SOL',
  /** Solana: a transfer that leaves the sender under the rent-exempt minimum. */
  RENT_SENDER_MINIMUM: 'This transfer would leave your account under {amount} SOL',
  // Wallets
  WALLET_UNEXPECTED_ANSWER: 'The wallet answered in an unexpected shape',
  WALLET_NO_TRANSACTION: 'The wallet returned no transaction',
  WALLET_NO_SIGNATURE: 'The wallet returned no signature',
  WALLET_DID_NOT_SIGN: 'The wallet did not sign',
  WALLET_FEATURE_MISSING: 'The wallet does not support {feature}',
  WALLET_CANNOT_SIGN_MESSAGES: 'The wallet cannot sign messages',
  WALLET_CANNOT_SEND: 'The wallet cannot send transactions',
  WALLET_NO_TAPROOT_KEY: 'The wallet gave no taproot key for its payment address',
  WALLET_NO_P2SH_KEY: 'The wallet gave no public key for its p2sh address',
} as const

/**
 * The BaseError of an adapter request or node `code`, reading its text in
 * `ADAPTER_ERROR_MESSAGES`.
 *
 * @example throw adapterError('UNSUPPORTED_METHOD', { details: method })
 */
export const adapterError = /* @__PURE__ */ defineErrorTexts(ADAPTER_ERROR_MESSAGES)
