import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { DEFAULT_TIMEOUTS, timeoutOf } from './timeouts.js'

describe('frame timeouts (spec §9)', () => {
  it('has the spec numbers', () => {
    assert.deepEqual(DEFAULT_TIMEOUTS, {
      load: 20_000,
      request: 20_000,
      login: 120_000,
      signOut: 3_000,
      readyDelay: 500,
    })
  })

  it('gives each request its timeout', () => {
    for (const type of [
      'CONNECT_EMAIL',
      'CONNECT_DEVICE',
      'CONNECT_SOCIAL',
      'GET_SOCIAL_REDIRECT_URI',
      'GET_FARCASTER_URI',
      'CONNECT_FARCASTER',
    ] as const) {
      assert.equal(timeoutOf(type, DEFAULT_TIMEOUTS, false), 120_000, type)
    }
    assert.equal(timeoutOf('SIGN_OUT', DEFAULT_TIMEOUTS, false), 3_000)
    // The code is typed in the frame: it waits for the visitor, as an approval does.
    for (const type of [
      'CONNECT_OTP',
      'CHANGE_RECOVERY',
      'SYNC_THEME',
      'SYNC_DAPP_DATA',
      'SET_PREFERRED_ACCOUNT',
    ] as const) {
      assert.equal(timeoutOf(type, DEFAULT_TIMEOUTS, false), 0, type)
    }
    assert.equal(timeoutOf('GET_USER', DEFAULT_TIMEOUTS, false), 20_000)
    assert.equal(timeoutOf('RPC_REQUEST', DEFAULT_TIMEOUTS, false), 20_000)
    assert.equal(timeoutOf('RPC_REQUEST', DEFAULT_TIMEOUTS, true), 0) // waits for the user
  })
})
