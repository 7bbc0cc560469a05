// The texts of the transfer errors the Solana adapter throws (a
// transfer under the rent minimum, not confirmed, failed): they load
// with the transfer code (the pattern: the top of messages.ts).
import { defineErrorTexts } from './base.js'

/** The texts of the transfer errors, by code: `transferError(code)` reads it. */
export const TRANSFER_ERROR_MESSAGES = {
  TRANSACTION_TIMEOUT: 'The transaction was not confirmed in time',
  TRANSACTION_FAILED: 'Transaction failed',
  /** Solana: a transfer that creates an account under the rent-exempt minimum. */
  RENT_EXEMPT_MINIMUM: 'The recipient is a new account: send at least {amount} SOL',
  /** Solana: a transfer that leaves the sender under the rent-exempt minimum. */
  RENT_SENDER_MINIMUM: 'This transfer would leave your account under {amount} SOL',
} as const

/**
 * The BaseError of a transfer `code`, reading its text in `TRANSFER_ERROR_MESSAGES`.
 *
 * @example throw transferError('TRANSACTION_FAILED', { details: signature })
 */
export const transferError = /* @__PURE__ */ defineErrorTexts(TRANSFER_ERROR_MESSAGES)
