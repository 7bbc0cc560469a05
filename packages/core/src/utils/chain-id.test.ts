import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseChainId } from './chain-id.js'

describe('parseChainId', () => {
  test('reads hex, numbers, decimal strings and CAIP-2 eip155 ids', () => {
    assert.equal(parseChainId('0x7a69'), 31337)
    assert.equal(parseChainId(10), 10)
    assert.equal(parseChainId('137'), 137)
    assert.equal(parseChainId('eip155:8453'), 8453)
  })

  test('refuses zero, negatives, fractions, unsafe integers and other text', () => {
    for (const value of [0, -1, 1.5, 2 ** 53, '0x', '0x0', '01', 'solana:1', 'eip155:', null, {}]) {
      assert.equal(parseChainId(value), undefined, String(value))
    }
  })
})
