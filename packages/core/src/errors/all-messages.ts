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
import {
  type ErrorCode,
  INITIAL_ERROR_MESSAGES,
  type KitErrorCode,
  OWN_WORDS_ERROR_MESSAGES,
} from './messages.js'
import { RESERVED_ERROR_MESSAGES, reservedError } from './reserved-messages.js'
import { SEND_ERROR_MESSAGES, sendError } from './send-messages.js'
import { SERVER_ERROR_MESSAGES, serverError } from './server-messages.js'
import { TRANSFER_ERROR_MESSAGES, transferError } from './transfer-messages.js'

/** Each table of error texts with the creator that reads it; a code is in exactly one. */
const TABLES: ReadonlyArray<readonly [Readonly<Record<string, string>>, KitErrorCreator<never>]> = [
  [INITIAL_ERROR_MESSAGES, kitError],
  [SEND_ERROR_MESSAGES, sendError],
  [SERVER_ERROR_MESSAGES, serverError],
  [ADAPTER_ERROR_MESSAGES, adapterError],
  [AMOUNT_ERROR_MESSAGES, amountError],
  [BUILD_ERROR_MESSAGES, buildError],
  [CHAIN_ERROR_MESSAGES, chainError],
  [TRANSFER_ERROR_MESSAGES, transferError],
  [FRAME_ERROR_MESSAGES, frameError],
  [RESERVED_ERROR_MESSAGES, reservedError],
]

/**
 * The text of every code the kit builds an error from: every table's. Typed sources (at most
 * three per `Object.assign`), so a table left out here fails to compile.
 */
export const KIT_ERROR_MESSAGES: Readonly<Record<KitErrorCode, string>> =
  /* @__PURE__ */ Object.assign(
    /* @__PURE__ */ Object.assign({}, INITIAL_ERROR_MESSAGES, SEND_ERROR_MESSAGES),
    SERVER_ERROR_MESSAGES,
    /* @__PURE__ */ Object.assign(
      {},
      ADAPTER_ERROR_MESSAGES,
      AMOUNT_ERROR_MESSAGES,
      CHAIN_ERROR_MESSAGES,
    ),
    /* @__PURE__ */ Object.assign(
      {},
      FRAME_ERROR_MESSAGES,
      RESERVED_ERROR_MESSAGES,
      TRANSFER_ERROR_MESSAGES,
      BUILD_ERROR_MESSAGES,
    ),
  )

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
  const table = TABLES.find(([texts]) => Object.hasOwn(texts, code))
  if (!table) throw new Error(`No table holds the text of ${code}`)
  return (table[1] as KitErrorCreator<KitErrorCode>)(code, params)
}
