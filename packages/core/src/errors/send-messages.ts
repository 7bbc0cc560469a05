// Send's error texts: only the send action throws them, and it loads with the account views,
// so they stay out of the page's initial JS (the pattern: the top of messages.ts).
import { defineErrorTexts } from './base.js'

/**
 * The texts of Send's errors, by code (spec §5 texts word for word, then the checks made
 * before the wallet is asked): `sendError(code)` reads exactly this.
 */
export const SEND_ERROR_MESSAGES = {
  SEND_TOKEN_REQUIRED: 'A token is required',
  SEND_AMOUNT_AND_RECEIVER_REQUIRED: 'An amount and receiver address are required',
  SEND_AMOUNT_NOT_POSITIVE: 'Enter an amount above 0',
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  INSUFFICIENT_FEE: 'Insufficient funds for the network fee',
  INVALID_RECEIVER: 'Invalid receiver address',
  NAME_NOT_RESOLVED: 'No address found for this name',
  SEND_UNAVAILABLE: 'Sending is not available here',
  /** The transaction was mined and reverted. */
  TRANSACTION_REVERTED: 'The transaction failed',
  /** No receipt after the pending watch's last poll (spec §9: it stops at 99). */
  TRANSACTION_DROPPED: 'Transaction not found on the network',
} as const

/**
 * The BaseError of a Send `code`, reading its text in `SEND_ERROR_MESSAGES`; only the lazily
 * loaded send action calls it.
 *
 * @example throw sendError('INSUFFICIENT_FEE')
 */
export const sendError = /* @__PURE__ */ defineErrorTexts(SEND_ERROR_MESSAGES)
