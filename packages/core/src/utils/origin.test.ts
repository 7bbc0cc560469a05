import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from './origin.js'

describe('isOriginAllowed with a one-label wildcard', () => {
  const patterns = ['https://*.vercel.app']

  test('allows a subdomain of one label', () => {
    assert.equal(isOriginAllowed('https://a.vercel.app', patterns), true)
    assert.equal(isOriginAllowed('https://A.Vercel.App', patterns), true)
  })

  const refused: [string, string][] = [
    ['https://evil-vercel.app', 'a look-alike host'],
    ['https://vercel.app.evil.io', 'the host as a prefix of another'],
    ['https://a.b.vercel.app', 'two labels for one *'],
    ['https://vercel.app', 'no label for *'],
    ['http://a.vercel.app', 'http when https was listed'],
    ['https://a.vercel.app:8443', 'another port'],
    ['null', 'the null origin'],
    ['', 'the empty string'],
    ['javascript:alert(1)', 'a javascript: URL'],
    ['https://a.vercel.app/path', 'a URL with a path'],
    ['https://user@a.vercel.app', 'a URL with credentials'],
    ['a.vercel.app', 'a host without scheme'],
  ]
  for (const [origin, why] of refused) {
    test(`refuses ${why}: ${JSON.stringify(origin)}`, () => {
      assert.equal(isOriginAllowed(origin, patterns), false)
    })
  }
})

describe('isOriginAllowed with port wildcards', () => {
  test('matches any port, the default one included', () => {
    assert.equal(isOriginAllowed('http://localhost:5173', ['http://localhost:*']), true)
    assert.equal(isOriginAllowed('http://localhost', ['http://localhost:*']), true)
  })

  test('still compares scheme and host', () => {
    assert.equal(isOriginAllowed('https://localhost:5173', ['http://localhost:*']), false)
    assert.equal(isOriginAllowed('http://localhost.evil.io:5173', ['http://localhost:*']), false)
  })
})

describe('isOriginAllowed with exact origins', () => {
  const patterns = ['https://example.com']

  test('treats the default port as no port', () => {
    assert.equal(isOriginAllowed('https://example.com', patterns), true)
    assert.equal(isOriginAllowed('https://example.com:443', patterns), true)
    assert.equal(isOriginAllowed('https://example.com', ['https://example.com:443']), true)
  })

  test('refuses hosts that only start like the allowed one', () => {
    assert.equal(isOriginAllowed('https://example.com.evil.io', patterns), false)
    assert.equal(isOriginAllowed('https://sub.example.com', patterns), false)
  })

  test('refuses another explicit port', () => {
    assert.equal(isOriginAllowed('https://example.com:8443', patterns), false)
    assert.equal(isOriginAllowed('http://127.0.0.1:3000', ['http://127.0.0.1:3001']), false)
    assert.equal(isOriginAllowed('http://127.0.0.1:3000', ['http://127.0.0.1:3000']), true)
  })
})

describe('isOriginAllowed with malformed patterns', () => {
  test('never matches with partial-label, all-wildcard, path or garbage patterns', () => {
    const origin = 'https://a.vercel.app'
    for (const pattern of [
      'https://a*.vercel.app',
      'https://*',
      'https://*.*',
      '*',
      '',
      'null',
      'https://*.vercel.app/x',
      'vercel.app',
      'https://*..vercel.app',
    ]) {
      assert.equal(isOriginAllowed(origin, [pattern]), false, pattern)
    }
  })

  test('refuses the null origin even against a null pattern', () => {
    assert.equal(isOriginAllowed('null', ['null']), false)
  })
})

describe('DEFAULT_ALLOWED_ANCESTORS', () => {
  test('allows localhost on any port, preview hosts and the secure-mobile hosts', () => {
    for (const origin of [
      'http://localhost:3000',
      'https://localhost:8443',
      'https://my-app.pages.dev',
      'https://my-app.vercel.app',
      'https://abc123.ngrok-free.app',
      'https://secure-mobile.walletconnect.com',
      'https://secure-mobile.walletconnect.org',
    ]) {
      assert.equal(isOriginAllowed(origin, DEFAULT_ALLOWED_ANCESTORS), true, origin)
    }
  })

  test('refuses other origins', () => {
    for (const origin of [
      'https://example.com',
      'https://pages.dev',
      'http://my-app.vercel.app',
      'https://secure-mobile.walletconnect.net',
    ]) {
      assert.equal(isOriginAllowed(origin, DEFAULT_ALLOWED_ANCESTORS), false, origin)
    }
  })
})
