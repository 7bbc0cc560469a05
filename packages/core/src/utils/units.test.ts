import assert from 'node:assert/strict'
import { test } from 'node:test'
import { BaseError } from '../errors/base.js'
import { formatBalance } from './format.js'
import { formatUnitsFixed } from './units.js'

test('formatUnitsFixed truncates toward zero, pads, and gives zero no sign', () => {
  assert.equal(formatUnitsFixed(1999999n, 6, 3), '1.999')
  assert.equal(formatUnitsFixed(1500000000000000000n, 18, 3), '1.500')
  assert.equal(formatUnitsFixed(123n, 0, 3), '123.000')
  assert.equal(formatUnitsFixed(5n, 2, 0), '0')
  assert.equal(formatUnitsFixed(-1n, 6, 3), '0.000')
  assert.equal(formatUnitsFixed(-1234567n, 6, 3), '-1.234')
})

test('formatUnitsFixed rejects decimals that are not a uint8', () => {
  for (const decimals of [-1, 1.5, 256]) {
    assert.throws(
      () => formatUnitsFixed(1n, decimals, 3),
      (error) => error instanceof BaseError && error.code === 'INVALID_DECIMALS',
    )
  }
})

test("formatUnitsFixed with 3 digits is formatBalance's bigint case", () => {
  for (const [value, decimals] of [
    [0n, 18],
    [1n, 18],
    [999n, 3],
    [-1000n, 3],
    [10n ** 30n + 7n, 9],
  ] as const) {
    assert.equal(formatUnitsFixed(value, decimals, 3), formatBalance(value, decimals), `${value}`)
  }
})
