import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ADAPTER_ERROR_MESSAGES, adapterError } from './adapter-messages.js'
import { ALERTS, alertTexts } from './alert-messages.js'
import { codedError, ERROR_MESSAGES, KIT_ERROR_MESSAGES } from './all-messages.js'
import { AMOUNT_ERROR_MESSAGES } from './amount-messages.js'
import { BaseError, errorMessage, fillText, walk } from './base.js'
import { BUILD_ERROR_MESSAGES } from './build-messages.js'
import { CHAIN_ERROR_MESSAGES, chainError } from './chain-messages.js'
import { InvalidOptionsError, kitError } from './errors.js'
import { FRAME_ERROR_MESSAGES } from './frame-messages.js'
import {
  type ErrorCode,
  INITIAL_ERROR_MESSAGES,
  type KitErrorCode,
  OWN_WORDS_ERROR_MESSAGES,
  TOAST_MESSAGES,
} from './messages.js'
import { isUserRejection } from './rejection.js'
import { RESERVED_ERROR_MESSAGES } from './reserved-messages.js'
import { SEND_ERROR_MESSAGES } from './send-messages.js'
import { SERVER_ERROR_MESSAGES } from './server-messages.js'
import { TRANSFER_ERROR_MESSAGES } from './transfer-messages.js'

/** An EIP-1193 error as wallets throw it. */
const providerError = (code: number, message = 'User rejected the request.') =>
  Object.assign(new Error(message), { code })

test('walk() finds a 4001 wrapped two levels deep', () => {
  const rejection = providerError(4001)
  const inner = adapterError('CHAIN_NOT_SUPPORTED', { cause: rejection })
  const outer = kitError('FAILED_TO_CONNECT', { cause: inner })
  assert.equal(
    outer.walk((e) => (e as { code?: unknown }).code === 4001),
    rejection,
  )
  assert.equal(
    outer.walk((e) => e instanceof BaseError && e.code === 'CHAIN_NOT_SUPPORTED'),
    inner,
  )
})

test('walk() without a predicate gives the innermost cause; an unmatched one gives null', () => {
  const root = new Error('root')
  const outer = kitError('FAILED_TO_CONNECT', { cause: kitError('UNKNOWN', { cause: root }) })
  assert.equal(outer.walk(), root)
  assert.equal(kitError('UNKNOWN').walk() instanceof BaseError, true)
  assert.equal(
    outer.walk((e) => (e as { code?: unknown }).code === 4001),
    null,
  )
})

test('walk() stops on a cycle of causes', () => {
  const a = new Error('a') as Error & { cause?: unknown }
  const b = new Error('b', { cause: a })
  a.cause = b
  assert.equal(
    walk(a, () => false),
    null,
  )
})

test('isUserRejection: every shape of a "no", anywhere in the cause chain', () => {
  const yes: Array<[string, unknown]> = [
    ['EIP-1193 4001', providerError(4001)],
    ['a plain 4001 object', { code: 4001, message: 'User rejected.' }],
    ['WalletConnect 5000 USER_REJECTED', { code: 5000, message: 'User rejected.' }],
    ['WalletConnect 5002 rejected methods', { code: 5002 }],
    ['WalletConnect 5100 unsupported chains', { code: 5100 }],
    ['ethers ACTION_REJECTED', { code: 'ACTION_REJECTED' }],
    ['the kit\'s "Connection rejected"', kitError('CONNECTION_REJECTED')],
    ['the kit\'s "Signature declined"', kitError('SIGNATURE_DECLINED')],
    [
      'a 4001 under two wrappers',
      kitError('FAILED_TO_CONNECT', {
        cause: new Error('wrapped', { cause: providerError(4001) }),
      }),
    ],
    ['a 5000 under a plain Error', new Error('proposal', { cause: { code: 5000 } })],
  ]
  for (const [name, error] of yes) assert.equal(isUserRejection(error), true, name)

  const no: Array<[string, unknown]> = [
    ['EIP-1193 4100 unauthorized', providerError(4100)],
    ['4902 unknown chain', providerError(4902)],
    ['WalletConnect 5200', { code: 5200 }],
    ['WalletConnect 6000 session expired', { code: 6000 }],
    ['the kit\'s "Modal closed"', kitError('MODAL_CLOSED')],
    ['"Failed to connect" without a cause', kitError('FAILED_TO_CONNECT')],
    ['a string', 'User rejected the request'],
    ['the number 4001 itself', 4001],
    ['undefined', undefined],
    ['null', null],
  ]
  for (const [name, error] of no) assert.equal(isUserRejection(error), false, name)
})

test('every error code has an English text, and kitError reads it', () => {
  const codes = Object.keys(ERROR_MESSAGES) as ErrorCode[]
  assert.ok(codes.length >= 60, `${codes.length} codes`)
  for (const code of codes) {
    const text = ERROR_MESSAGES[code]
    assert.equal(typeof text, 'string', code)
    assert.ok(text.trim().length > 0, `${code} has a text`)
  }
  // The table is the kit's texts and the general ones, each code in exactly one of them.
  const kit = Object.keys(KIT_ERROR_MESSAGES) as KitErrorCode[]
  const own = Object.keys(OWN_WORDS_ERROR_MESSAGES)
  assert.deepEqual([...kit, ...own].sort(), [...codes].sort())
  // The kit's texts are the initial table and the lazy features' tables, each code in one.
  const tables = [
    INITIAL_ERROR_MESSAGES,
    SEND_ERROR_MESSAGES,
    SERVER_ERROR_MESSAGES,
    ADAPTER_ERROR_MESSAGES,
    AMOUNT_ERROR_MESSAGES,
    BUILD_ERROR_MESSAGES,
    CHAIN_ERROR_MESSAGES,
    FRAME_ERROR_MESSAGES,
    RESERVED_ERROR_MESSAGES,
    TRANSFER_ERROR_MESSAGES,
  ]
  assert.deepEqual(tables.flatMap((texts) => Object.keys(texts)).sort(), [...kit].sort())
  for (const code of kit) {
    const error = codedError(code)
    assert.equal(error.code, code)
    assert.equal(error.shortMessage, ERROR_MESSAGES[code])
    assert.equal(error.codeText, true, `${code} is the code's text`)
  }
  for (const [code, text] of Object.entries(TOAST_MESSAGES)) assert.ok(text.trim(), code)
  for (const [code, { title, description }] of Object.entries(ALERTS)) {
    assert.ok(title.trim() && description.trim(), code)
  }
})

test('the spec §8 texts are the table texts', () => {
  assert.equal(ERROR_MESSAGES.CONNECTION_REJECTED, 'Connection rejected')
  assert.equal(ERROR_MESSAGES.NO_TRANSPORT_URL, 'No URL was provided to the Transport')
  assert.equal(ERROR_MESSAGES.REQUEST_ABORTED, 'Request was aborted')
  assert.equal(ERROR_MESSAGES.UNKNOWN, 'Unknown error')
  assert.equal(TOAST_MESSAGES.SIGNATURE_DECLINED, 'Signature declined')
  assert.equal(ERROR_MESSAGES.SIGNATURE_DECLINED, TOAST_MESSAGES.SIGNATURE_DECLINED)
  assert.equal(ALERTS.RATE_LIMITED.title, 'Rate Limited')
})

test("an alert's texts: the code's, or the caller's own description", () => {
  assert.deepEqual(alertTexts({ code: 'RATE_LIMITED' }), ALERTS.RATE_LIMITED)
  assert.deepEqual(alertTexts({ code: 'SERVER_ERROR', description: 'upstream said no' }), {
    title: 'Server Error',
    description: 'upstream said no',
  })
})

test('an error with words of its own says so; the default code is UNKNOWN', () => {
  const own = new BaseError('The server refused "bob"', { code: 'NAME_REJECTED' })
  assert.equal(own.codeText, false)
  assert.equal(own.shortMessage, 'The server refused "bob"')
  // Even when the words equal the code's text: what the error is, not what it reads, decides.
  assert.equal(
    new BaseError(ERROR_MESSAGES.NAME_REJECTED, { code: 'NAME_REJECTED' }).codeText,
    false,
  )
  assert.equal(new BaseError('Odd').code, 'UNKNOWN')
  const invalid = new InvalidOptionsError('projectId', 'a string')
  assert.equal(invalid.code, 'INVALID_OPTIONS')
  assert.equal(invalid.codeText, false)
  assert.equal(errorMessage(undefined), ERROR_MESSAGES.UNKNOWN)
})

test('a coded text carries its values: filled in English, kept for a translation', () => {
  const error = chainError('HTTP_ERROR', { values: { status: 502 }, details: 'getBalance' })
  assert.equal(error.shortMessage, 'HTTP status code: 502')
  assert.deepEqual(error.values, { status: 502 })
  assert.equal(error.codeText, true)
  assert.equal(fillText('HTTP-Statuscode: {status}', error.values), 'HTTP-Statuscode: 502')
  // An unknown placeholder stays as written; no values leave the text as it is.
  assert.equal(fillText('{a} and {b}', { a: 1 }), '1 and {b}')
  assert.equal(fillText('{a}'), '{a}')
})
