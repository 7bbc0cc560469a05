import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { cleanName, ICON_MAX_LENGTH, isSafeIcon, NAME_MAX_LENGTH } from './wallet-info.js'

describe('cleanName', () => {
  test('strips bidi overrides, zero-width and control characters', () => {
    assert.equal(cleanName('Meta\u202eksaM\u200b'), 'MetaksaM')
    assert.equal(cleanName('a\n\tb'), 'a b')
    assert.equal(cleanName('  <b>Wallet</b>\u2066 '), '<b>Wallet</b>')
  })

  test('caps the name at 64 code points and gives undefined for nothing visible', () => {
    assert.equal(cleanName('😀'.repeat(100)), '😀'.repeat(NAME_MAX_LENGTH))
    assert.equal(cleanName('\u200b\u202e  '), undefined)
    assert.equal(cleanName(42), undefined)
  })
})

describe('isSafeIcon', () => {
  test('accepts data URIs of image types only', () => {
    assert.equal(isSafeIcon('data:image/svg+xml;base64,PHN2Zy8+'), true)
    assert.equal(isSafeIcon('data:image/png,abc'), true)
    for (const icon of ['javascript:alert(1)', 'https://x.example/a.png', 'data:text/html,<b>']) {
      assert.equal(isSafeIcon(icon), false, icon)
    }
  })

  test('drops icons over the size cap', () => {
    const prefix = 'data:image/png;base64,'
    assert.equal(isSafeIcon(prefix + 'a'.repeat(ICON_MAX_LENGTH - prefix.length)), true)
    assert.equal(isSafeIcon(prefix + 'a'.repeat(ICON_MAX_LENGTH)), false)
  })
})
