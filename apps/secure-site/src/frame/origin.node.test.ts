import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { originAllowed } from './origin.js'

describe('originAllowed', () => {
  const allowed = ['https://dapp.example', 'https://*.vercel.app', 'http://localhost:*']

  it('accepts exact origins and wildcard matches', () => {
    assert.equal(originAllowed('https://dapp.example', allowed), true)
    assert.equal(originAllowed('https://my-app.vercel.app', allowed), true)
    assert.equal(originAllowed('http://localhost:5173', allowed), true)
  })

  it('refuses look-alikes, other schemes, ports and the opaque origin', () => {
    assert.equal(originAllowed('https://dapp.example.evil.com', allowed), false)
    assert.equal(originAllowed('https://vercel.app', allowed), false)
    assert.equal(originAllowed('https://evil.com/.vercel.app', allowed), false)
    assert.equal(originAllowed('https://evilvercel.app', allowed), false)
    assert.equal(originAllowed('http://dapp.example', allowed), false)
    assert.equal(originAllowed('http://localhost.evil.com:80', allowed), false)
    assert.equal(originAllowed('null', [...allowed, 'null']), false)
  })

  it('a `*` label is exactly one label: deeper subdomains are refused (issue 24)', () => {
    assert.equal(originAllowed('https://a.b.vercel.app', allowed), false)
    assert.equal(originAllowed('https://evil.my-app.vercel.app', allowed), false)
    assert.equal(originAllowed('https://x.y.z.vercel.app', ['https://*.*.vercel.app']), false)
    assert.equal(originAllowed('https://y.z.vercel.app', ['https://*.*.vercel.app']), true)
  })
})
