import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import * as v from 'valibot'
import { checkMessage, ProtocolError, tryMessage } from './check.js'
import { methodKind } from './methods.js'
import {
  APP_EVENTS,
  appRequest,
  frameMessage,
  frameReply,
  handshake,
  MAX_MESSAGE_BYTES,
} from './schemas.js'

const id = crypto.randomUUID()

describe('frame protocol', () => {
  it('accepts a well-formed request and checks its payload by type', () => {
    const request = checkMessage(appRequest, {
      id,
      type: 'CONNECT_EMAIL',
      payload: { email: 'a@b.co' },
    })
    assert.equal(request.type, 'CONNECT_EMAIL')
    assert.equal(v.safeParse(APP_EVENTS.CONNECT_EMAIL.payload, request.payload).success, true)
    assert.equal(
      v.safeParse(APP_EVENTS.CONNECT_EMAIL.payload, { email: 'not-an-email' }).success,
      false,
    )
    assert.equal(v.safeParse(APP_EVENTS.CONNECT_OTP.payload, { otp: '12345' }).success, false)
    assert.equal(v.safeParse(APP_EVENTS.CONNECT_OTP.payload, { otp: '123456' }).success, true)
  })

  it('refuses unknown event types, non-UUID ids and Math.random-style ids', () => {
    assert.throws(() => checkMessage(appRequest, { id, type: 'EVAL', payload: {} }), ProtocolError)
    assert.throws(
      () => checkMessage(appRequest, { id: '0.123456', type: 'RELOAD', payload: {} }),
      ProtocolError,
    )
  })

  it('caps the size of a message before checking it', () => {
    const big = { id, status: 'SUCCESS', payload: 'x'.repeat(MAX_MESSAGE_BYTES) }
    assert.throws(() => checkMessage(frameReply, big), /over 1048576 bytes/)
    assert.equal(tryMessage(frameReply, { id, status: 'SUCCESS', payload: 'x' })?.status, 'SUCCESS')
  })

  it('reads SUCCESS and ERROR replies and the frame events', () => {
    const error = checkMessage(frameReply, { id, status: 'ERROR', payload: { message: 'no' } })
    assert.equal(error.status === 'ERROR' && error.payload.message, 'no')
    assert.deepEqual(checkMessage(frameMessage, { event: 'READY' }), { event: 'READY' })
    assert.equal(tryMessage(frameMessage, { event: 'PWNED' }), undefined)
    assert.equal(
      tryMessage(handshake, { type: '@openmodal-frame/handshake', nonce: id })?.nonce,
      id,
    )
  })

  it('sorts methods into safe, unsafe and unknown', () => {
    assert.equal(methodKind('eth_chainId'), 'safe')
    assert.equal(methodKind('personal_sign'), 'unsafe')
    assert.equal(methodKind('eth_signTypedData_v4'), 'unsafe')
    assert.equal(methodKind('debug_traceTransaction'), 'unknown')
  })
})
