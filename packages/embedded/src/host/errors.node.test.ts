// What the host makes of the frame's ERROR replies for the server's codes: a coded error a UI
// translates (a new device's hold with its end, Farcaster's spec §8 text), and a 429 whose wait
// a UI can say in its own words.
import assert from 'node:assert/strict'
import { describe, it, test } from 'node:test'
import { BaseError } from '@openmodal/core/internal'
import * as v from 'valibot'
import { checkMessage, tryMessage } from '../protocol/check.js'
import { frameMessage, frameReply } from '../protocol/schemas.js'
import { replyError } from './errors.js'

describe('frame error replies', { timeout: 10_000 }, () => {
  it("names a new device's hold by code, with the time it ends, never the server's English", () => {
    const until = Date.parse('2026-11-30T22:19:41.000Z')
    const reply = {
      id: '6f1c7f0e-8a53-4c4e-9d1f-0c1a2b3c4d5e',
      status: 'ERROR',
      payload: {
        message: 'This device recovered the wallet recently: it can change the e-mail after …',
        errorCode: 'NEW_DEVICE_HOLD',
        until,
      },
    }
    // The protocol carries the time; a time that is not a whole number of ms is refused.
    assert.deepEqual(checkMessage(frameMessage, reply), reply)
    for (const bad of [-1, 1.5, '2026-11-30', Number.POSITIVE_INFINITY]) {
      const junk = { ...reply, payload: { ...reply.payload, until: bad } }
      assert.equal(tryMessage(frameMessage, junk), undefined, String(bad))
    }
    const error = replyError(reply.payload)
    assert.ok(error instanceof BaseError)
    assert.equal(error.code, 'EMBEDDED_NEW_DEVICE_HOLD')
    assert.equal(error.codeText, true, 'a catalog translates it by code')
    assert.deepEqual(error.values, { time: '2026-11-30 22:19 UTC' })
    assert.equal(
      error.shortMessage,
      'This device recovered the wallet recently. It can change the recovery method or the e-mail after 2026-11-30 22:19 UTC.',
    )
    assert.match(error.details ?? '', /^NEW_DEVICE_HOLD: /)
  })
})

test('FARCASTER_FAILED is the spec\'s "Failed to connect to farcaster"', { timeout: 5_000 }, () => {
  const error = replyError({
    message: 'Failed to connect to farcaster',
    errorCode: 'FARCASTER_FAILED',
  })
  assert.ok(error instanceof BaseError)
  assert.equal(error.code, 'FAILED_TO_CONNECT_FARCASTER')
  assert.equal(error.shortMessage, 'Failed to connect to farcaster')
})

test("RATE_LIMITED keeps the server's words and its Retry-After", { timeout: 5_000 }, () => {
  const reply = v.parse(frameReply, {
    id: '3f1c2a4e-8b9d-4c7e-a1f2-0b3c4d5e6f70',
    status: 'ERROR',
    payload: {
      message: 'Please try again after 12 seconds',
      errorCode: 'RATE_LIMITED',
      retryAfter: 12,
    },
  })
  const error = replyError(reply.payload as Parameters<typeof replyError>[0])
  assert.ok(error instanceof BaseError)
  assert.equal(error.code, 'EMAIL_RATE_LIMITED')
  assert.equal(error.shortMessage, 'Please try again after 12 seconds')
  assert.deepEqual(error.values, { seconds: 12 })
  // A wait that is no whole number of seconds up to a day is not a reply the host takes.
  for (const retryAfter of [0, 1.5, 86_401, '12']) {
    const parsed = v.safeParse(frameReply, {
      id: '3f1c2a4e-8b9d-4c7e-a1f2-0b3c4d5e6f71',
      status: 'ERROR',
      payload: { errorCode: 'RATE_LIMITED', retryAfter },
    })
    assert.equal(parsed.success, false, String(retryAfter))
  }
})
