import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { BaseError } from '@openmodal/core/internal'
import { checkMessage, tryMessage } from '../protocol/check.js'
import { frameMessage } from '../protocol/schemas.js'
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
