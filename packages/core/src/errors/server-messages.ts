// The error texts of the features that talk to our server (spec §7): its client, the
// transactions list and account names (the RegisterAccountName view). All of them load on
// demand, so these texts stay out of the page's initial JS (the pattern: the top of
// messages.ts).
import { defineErrorTexts } from './base.js'
import { SOMETHING_WENT_WRONG } from './messages.js'

const INVALID_NAME = 'Use at least 4 characters: letters, digits and hyphens only.'

/** The texts of our server's features' errors, by code: `serverError(code)` reads it. */
export const SERVER_ERROR_MESSAGES = {
  /** No answer at all (network, timeout). */
  API_UNREACHABLE: SOMETHING_WENT_WRONG,
  TRANSACTIONS_WITHOUT_ADDRESS: "Transactions can't be fetched without an accountAddress",
  /** The spec §5 rule for registered names, in words. */
  INVALID_NAME,
  /** The server refused the name: its own words when it sent some, else the rule. */
  NAME_REJECTED: INVALID_NAME,
  NAME_TAKEN: 'This name is already taken',
  INVALID_SIGNATURE: 'The signature does not match this address.',
} as const

/**
 * The BaseError of a `code` of our server's features, reading its text in
 * `SERVER_ERROR_MESSAGES`.
 *
 * @example throw serverError('NAME_TAKEN', { cause })
 */
export const serverError = /* @__PURE__ */ defineErrorTexts(SERVER_ERROR_MESSAGES)
