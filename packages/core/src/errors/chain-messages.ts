// The texts of wallet and node answers that the Solana and Bitcoin adapters throw from the
// code a page loads with them (requests, signatures, balance reads): they load with those
// adapters, never with an EVM page's initial JS (the pattern: the top of messages.ts). Transfer
// texts load with the transfer code (transfer-messages.ts).
import { defineErrorTexts } from './base.js'

/** The texts of the wallet and node errors, by code: `chainError(code)` reads it. */
export const CHAIN_ERROR_MESSAGES = {
  /** A non-ok HTTP answer of a node (spec §8 text). */
  HTTP_ERROR: 'HTTP status code: {status}',
  WALLET_UNEXPECTED_ANSWER: 'The wallet answered in an unexpected shape',
  WALLET_NO_TRANSACTION: 'The wallet returned no transaction',
  WALLET_NO_SIGNATURE: 'The wallet returned no signature',
  WALLET_DID_NOT_SIGN: 'The wallet did not sign',
  WALLET_FEATURE_MISSING: 'The wallet does not support {feature}',
  WALLET_CANNOT_SIGN_MESSAGES: 'The wallet cannot sign messages',
  WALLET_CANNOT_SEND: 'The wallet cannot send transactions',
} as const

/**
 * The BaseError of a wallet or node `code`, reading its text in `CHAIN_ERROR_MESSAGES`.
 *
 * @example throw chainError('HTTP_ERROR', { values: { status: 502 } }) // 'HTTP status code: 502'
 */
export const chainError = /* @__PURE__ */ defineErrorTexts(CHAIN_ERROR_MESSAGES)
