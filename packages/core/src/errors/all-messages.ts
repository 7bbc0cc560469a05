// Every error text of the kit in one place, for catalogs, tests and tools: the initial table
// and each lazily loaded feature's table (the pattern: the top of messages.ts). Code of the kit
// never imports this module; a bundle that did would carry every text.
import { ADAPTER_ERROR_MESSAGES, adapterError } from './adapter-messages.js'
import { AMOUNT_ERROR_MESSAGES, amountError } from './amount-messages.js'
import type { BaseError, KitErrorCreator, KitErrorParameters } from './base.js'
import { BUILD_ERROR_MESSAGES, buildError } from './build-messages.js'
import { CHAIN_ERROR_MESSAGES, chainError } from './chain-messages.js'
import { kitError } from './errors.js'
import { FRAME_ERROR_MESSAGES, frameError } from './frame-messages.js'
import { type ErrorCode, INITIAL_ERROR_MESSAGES, OWN_WORDS_ERROR_MESSAGES } from './messages.js'
import { RESERVED_ERROR_MESSAGES, reservedError } from './reserved-messages.js'
import { SEND_ERROR_MESSAGES, sendError } from './send-messages.js'
import { SERVER_ERROR_MESSAGES, serverError } from './server-messages.js'
import { TRANSFER_ERROR_MESSAGES, transferError } from './transfer-messages.js'

/**
 * Each table of error texts with the creator that reads it, by name; a code is in exactly one.
 * A new table is one line here: `KitErrorCode` and `KIT_ERROR_MESSAGES` follow from it.
 */
export const ERROR_TABLES = {
  initial: [INITIAL_ERROR_MESSAGES, kitError],
  send: [SEND_ERROR_MESSAGES, sendError],
  server: [SERVER_ERROR_MESSAGES, serverError],
  adapter: [ADAPTER_ERROR_MESSAGES, adapterError],
  amount: [AMOUNT_ERROR_MESSAGES, amountError],
  build: [BUILD_ERROR_MESSAGES, buildError],
  chain: [CHAIN_ERROR_MESSAGES, chainError],
  transfer: [TRANSFER_ERROR_MESSAGES, transferError],
  frame: [FRAME_ERROR_MESSAGES, frameError],
  reserved: [RESERVED_ERROR_MESSAGES, reservedError],
} as const

type Tables = typeof ERROR_TABLES

/** A code the kit builds an error from by its text: `kitError` or a lazy feature's creator. */
export type KitErrorCode = { [T in keyof Tables]: keyof Tables[T][0] }[keyof Tables]

/** The text of every code the kit builds an error from: every table's. */
export const KIT_ERROR_MESSAGES: Readonly<Record<KitErrorCode, string>> =
  /* @__PURE__ */ Object.assign({}, ...Object.values(ERROR_TABLES).map(([texts]) => texts))

/** The English text of every error code: `KIT_ERROR_MESSAGES` and the rest. */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = /* @__PURE__ */ Object.assign(
  {},
  KIT_ERROR_MESSAGES,
  OWN_WORDS_ERROR_MESSAGES,
)

/**
 * The error of any `code` the kit builds from its text, made by the creator of the table that
 * holds it (`kitError`, `sendError`, ...): for tests that go through every code.
 *
 * @example codedError('INSUFFICIENT_BALANCE').shortMessage // 'Insufficient balance'
 */
export function codedError(code: KitErrorCode, params?: KitErrorParameters): BaseError {
  const table = Object.values(ERROR_TABLES).find(([texts]) => Object.hasOwn(texts, code))
  // A code outside every table is a type error first: only a test could get here.
  if (!table) throw new Error(`No table holds the text of ${code}`)
  return (table[1] as KitErrorCreator<KitErrorCode>)(code, params)
}
