// The texts of a typed amount's errors (`parseUnits`), shown under the Send view's amount field
// and by the adapters' transfer checks: they ship with the code that parses amounts (the
// pattern: the top of messages.ts).
import { defineErrorTexts } from './base.js'

/** The texts of the amount errors, by code: `amountError(code)` reads it. */
export const AMOUNT_ERROR_MESSAGES = {
  INVALID_AMOUNT: 'Invalid amount',
  TOO_MANY_DECIMALS: 'Amount {amount} has more decimal places than the token allows ({decimals})',
} as const

/**
 * The BaseError of an amount `code`, reading its text in `AMOUNT_ERROR_MESSAGES`.
 *
 * @example throw amountError('TOO_MANY_DECIMALS', { values: { amount: '0.1234567', decimals: 6 } })
 */
export const amountError = /* @__PURE__ */ defineErrorTexts(AMOUNT_ERROR_MESSAGES)
