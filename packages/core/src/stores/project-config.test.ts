import assert from 'node:assert/strict'
import { test } from 'node:test'
import { alertForConfigError, remoteFeatureKeys } from '../actions/load-remote-config.js'
import { toAnalyticsEvent } from '../actions/send-analytics.js'
import { ApiRequestError } from '../api/client.js'
import { DEFAULT_FEATURES } from '../options/schema.js'
import { mergeFeatures, REMOTE_FEATURE_KEYS } from './project-config.js'

const remote = {
  email: false,
  socials: ['github' as const],
  swaps: false,
  onramp: true,
  activity: false,
  reownBranding: true,
}

test('remote flags replace the six remote keys and leave the local rest alone', () => {
  const local = { ...DEFAULT_FEATURES, send: false, analytics: true }
  const merged = mergeFeatures(local, remote, false)
  assert.deepEqual({ ...merged }, { ...local, ...remote, socials: ['github'] })
  assert.equal(merged.send, false)
  assert.equal(mergeFeatures(local, { ...remote, socials: false }, false).socials, false)
  assert.equal(mergeFeatures(local, undefined, false), local)
})

test('send and receive, an OpenModal extension: the project decides them only when it sets them', () => {
  const local = { ...DEFAULT_FEATURES, send: false, receive: true }
  // Left out by the project: the host's settings stay.
  assert.equal(mergeFeatures(local, remote, false).send, false)
  assert.equal(mergeFeatures(local, remote, false).receive, true)
  // Set by the project: they win over the host's, either way.
  const merged = mergeFeatures(local, { ...remote, send: true, receive: false }, false)
  assert.deepEqual([merged.send, merged.receive], [true, false])
  assert.equal(mergeFeatures(DEFAULT_FEATURES, { ...remote, send: false }, false).send, false)
  // Not a spec remote feature: basic mode (which loads no config) leaves them to the host.
  assert.equal(mergeFeatures(DEFAULT_FEATURES, { ...remote, send: false }, true).send, true)
  const spec = ['email', 'socials', 'swaps', 'onramp', 'activity', 'reownBranding']
  assert.deepEqual(remoteFeatureKeys(remote), spec)
  assert.deepEqual(remoteFeatureKeys({ ...remote, receive: false }), [...spec, 'receive'])
  assert.deepEqual(REMOTE_FEATURE_KEYS.slice(0, 6), spec)
})

test('basic mode turns every remote feature off, remote config or not', () => {
  for (const input of [undefined, remote]) {
    const merged = mergeFeatures(DEFAULT_FEATURES, input, true)
    for (const key of ['email', 'swaps', 'onramp', 'activity', 'reownBranding'] as const) {
      assert.equal(merged[key], false, key)
    }
    assert.equal(merged.socials, false)
    assert.equal(merged.receive, true)
  }
})

test('maps config answers to the spec §8 alerts', () => {
  const error = (status: number, apiCode?: string, details?: string) =>
    new ApiRequestError(status, {
      ...(apiCode ? { apiCode: apiCode as never } : {}),
      ...(details ? { details } : {}),
    })
  assert.deepEqual(alertForConfigError(error(403, 'INVALID_APP_CONFIGURATION')), {
    code: 'INVALID_APP_CONFIGURATION',
  })
  assert.deepEqual(alertForConfigError(error(429, 'RATE_LIMITED')), { code: 'RATE_LIMITED' })
  assert.deepEqual(alertForConfigError(error(500, 'SERVER_ERROR', 'db down')), {
    code: 'SERVER_ERROR',
    description: 'db down',
  })
  for (const other of [error(404, 'PROJECT_NOT_FOUND'), error(403), error(400, 'BAD_REQUEST')]) {
    assert.deepEqual(alertForConfigError(other), { code: 'PROJECT_ID_NOT_CONFIGURED' })
  }
  assert.deepEqual(alertForConfigError(new Error('odd')), { code: 'PROJECT_ID_NOT_CONFIGURED' })
  // No answer at all: no alert (the modal works on its local options).
  assert.equal(alertForConfigError(error(0)), undefined)
})

test('analytics bodies carry the spec §7 fields, and only for http(s) pages', () => {
  const body = toAnalyticsEvent(
    {
      type: 'error',
      event: 'CONNECT_ERROR',
      timestamp: 1_700_000_000_000,
      properties: { message: 'no' },
    },
    'https://shop.example/pay?x=1',
  )
  assert.ok(body)
  assert.match(body.eventId, /^[0-9a-f-]{36}$/)
  assert.deepEqual(
    { ...body, eventId: 'x' },
    {
      eventId: 'x',
      url: 'https://shop.example/pay?x=1',
      domain: 'shop.example',
      timestamp: 1_700_000_000_000,
      props: {
        type: 'error',
        event: 'CONNECT_ERROR',
        errorType: 'CONNECT_ERROR',
        errorMessage: 'no',
      },
    },
  )
  assert.equal(
    toAnalyticsEvent({ type: 'track', event: 'MODAL_OPEN', timestamp: 1 }, 'file:///x'),
    undefined,
  )
  assert.equal(
    toAnalyticsEvent({ type: 'track', event: 'MODAL_OPEN', timestamp: 1 }, ''),
    undefined,
  )
})
