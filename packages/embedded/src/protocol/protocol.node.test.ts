import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import * as v from 'valibot'
import { checkMessage, ProtocolError, tryMessage } from './check.js'
import {
  forwardsToNode,
  methodKind,
  NODE_METHODS,
  SAFE_METHODS,
  UNSAFE_METHODS,
} from './methods.js'
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
    // The code is typed in the frame: CONNECT_OTP carries none, and one with a code is refused.
    assert.equal(v.safeParse(APP_EVENTS.CONNECT_OTP.payload, {}).success, true)
    assert.equal(v.safeParse(APP_EVENTS.CONNECT_OTP.payload, { otp: '123456' }).success, false)
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
    // READY names what the frame can do beyond the base requests; an unknown name is kept.
    assert.deepEqual(
      checkMessage(frameMessage, { event: 'READY', features: ['changeRecovery', 'later'] }),
      { event: 'READY', features: ['changeRecovery', 'later'] },
    )
    for (const features of ['changeRecovery', [42], Array(33).fill('x'), ['x'.repeat(65)]])
      assert.equal(tryMessage(frameMessage, { event: 'READY', features }), undefined)
    // The login status says where the login stands, never more (no code, no text).
    assert.deepEqual(checkMessage(frameMessage, { event: 'LOGIN', status: 'verifying' }), {
      event: 'LOGIN',
      status: 'verifying',
    })
    assert.equal(tryMessage(frameMessage, { event: 'LOGIN', status: '123456' }), undefined)
    assert.equal(
      tryMessage(frameMessage, { event: 'LOGIN', status: 'waiting', otp: '123456' }),
      undefined,
    )
    assert.equal(
      tryMessage(handshake, { type: '@openmodal-frame/handshake', nonce: id })?.nonce,
      id,
    )
  })

  it('checks e-mails, codes, chain ids, URLs and nullable fields as the frame expects', () => {
    const connect = (email: unknown) => v.safeParse(APP_EVENTS.CONNECT_EMAIL.payload, { email })
    assert.deepEqual(connect('  a.b+c@mail.example.org ').output, {
      email: 'a.b+c@mail.example.org',
    })
    for (const bad of ['a@b', 'a b@c.org', '@c.org', 'a@.org', 'a@c.o', 42, null]) {
      assert.equal(connect(bad).success, false, String(bad))
    }
    assert.equal(connect(`${'a'.repeat(250)}@b.co`).success, false, 'over 254 characters')
    assert.equal(connect('no-at-sign').issues?.[0]?.message, 'Invalid email')
    // An update's codes are typed in the frame too: its steps carry none.
    for (const type of ['UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP'] as const) {
      assert.equal(v.safeParse(APP_EVENTS[type].payload, {}).success, true, type)
      assert.equal(v.safeParse(APP_EVENTS[type].payload, { otp: '123456' }).success, false, type)
    }

    const chain = (chainId: unknown) => v.safeParse(APP_EVENTS.SWITCH_NETWORK.payload, { chainId })
    for (const good of [1, 31337, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '1']) {
      assert.equal(chain(good).success, true, String(good))
    }
    for (const bad of [0, -1, 1.5, Number.NaN, '', 'x'.repeat(65), null, true]) {
      assert.equal(chain(bad).success, false, String(bad))
    }

    const uri = (value: string) =>
      v.safeParse(APP_EVENTS.GET_SOCIAL_REDIRECT_URI.result, { uri: value }).success
    assert.equal(uri('https://accounts.example.com/o/oauth2/auth?x=1'), true)
    assert.equal(uri('not a url'), false)

    const user = (email: unknown) =>
      v.safeParse(APP_EVENTS.GET_USER.result, { email, address: '0xabc', chainId: 1 }).success
    assert.equal(user(null), true)
    assert.equal(user(undefined), true)
    assert.equal(user('a@b.co'), true)
    assert.equal(user(7), false)

    const theme = (themeVariables: unknown) =>
      v.safeParse(APP_EVENTS.SYNC_THEME.payload, { themeVariables }).success
    assert.equal(theme({ '--w3m-accent': '#3b82f6', '--w3m-color-mix-strength': 20 }), true)
    assert.equal(theme({ '--w3m-accent': true }), false)
  })

  it('tells replies from events, and refuses malformed ones of each', () => {
    assert.equal(tryMessage(frameReply, { id: 'not-a-uuid', status: 'SUCCESS' }), undefined)
    assert.equal(tryMessage(frameReply, { id, status: 'PENDING', payload: 1 }), undefined)
    assert.equal(tryMessage(frameReply, { id, status: 'ERROR', payload: 'no' }), undefined)
    const coded = {
      id,
      status: 'ERROR',
      payload: { message: 'Wrong code', errorCode: 'INVALID_OTP' },
    }
    assert.deepEqual(checkMessage(frameMessage, coded), coded)
    const lower = { ...coded, payload: { errorCode: 'invalid_otp' } }
    assert.equal(tryMessage(frameMessage, lower), undefined)
    assert.deepEqual(checkMessage(frameMessage, { event: 'STORAGE', persistent: false }), {
      event: 'STORAGE',
      persistent: false,
    })
    assert.equal(tryMessage(frameMessage, { event: 'STORAGE' }), undefined)
    const ready = tryMessage(frameMessage, { event: 'READY', status: 'SUCCESS' })
    assert.equal(ready && 'event' in ready && ready.event, 'READY')
    for (const junk of [null, 'READY', 42, []])
      assert.equal(tryMessage(frameMessage, junk), undefined)
  })

  it('sorts methods into safe, unsafe and unknown', () => {
    assert.equal(methodKind('eth_chainId'), 'safe')
    assert.equal(methodKind('personal_sign'), 'unsafe')
    assert.equal(methodKind('eth_signTypedData_v4'), 'unsafe')
    assert.equal(methodKind('debug_traceTransaction'), 'unknown')
  })

  it('never forwards a wallet_* method to the chain node; ERC-7715 is unsupported', () => {
    for (const method of [...SAFE_METHODS, ...UNSAFE_METHODS, ...NODE_METHODS]) {
      if (method.startsWith('wallet_')) assert.equal(forwardsToNode(method), false, method)
    }
    assert.equal(forwardsToNode('eth_getBalance'), true)
    assert.equal(forwardsToNode('eth_accounts'), false)
    assert.equal(methodKind('wallet_getCapabilities'), 'safe')
    assert.equal(methodKind('wallet_sendCalls'), 'unsafe')
    assert.equal(methodKind('wallet_grantPermissions'), 'unsupported')
    assert.equal(methodKind('wallet_revokePermissions'), 'unsupported')
  })
})
