import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { BaseError } from '../errors/base.js'
import {
  formatBalance,
  formatFiat,
  formatUnits,
  isDecimalString,
  parseUnits,
  truncateAddress,
  truncateDecimals,
} from './format.js'

describe('truncateAddress', () => {
  test('keeps the first 4 and last 6 characters around an ellipsis', () => {
    assert.equal(truncateAddress('0xab5801a7d398351b8be11c439e05c5b3259aec9b'), '0xab…9aec9b')
  })

  test('returns strings of 11 characters or fewer unchanged', () => {
    assert.equal(truncateAddress('abcdefghijk'), 'abcdefghijk')
    assert.equal(truncateAddress(''), '')
    assert.equal(truncateAddress('abcdefghijkl'), 'abcd…ghijkl')
  })
})

describe('isDecimalString', () => {
  test('accepts digits with at most one dot followed by digits', () => {
    for (const value of ['0', '12', '12.5', '0.000001', '007.10']) {
      assert.equal(isDecimalString(value), true, value)
    }
  })

  test('rejects signs, exponents, bare dots, commas, spaces and non-strings', () => {
    for (const value of ['-1', '+1', '1e3', '.5', '5.', '1.2.3', '1,5', ' 1', '', 'NaN', 1.5]) {
      assert.equal(isDecimalString(value), false, String(value))
    }
  })
})

describe('formatUnits', () => {
  test('writes exact decimals without trailing zeros', () => {
    assert.equal(formatUnits(1500000000000000000n, 18), '1.5')
    assert.equal(formatUnits(1n, 18), '0.000000000000000001')
    assert.equal(formatUnits(123456789n, 0), '123456789')
    assert.equal(formatUnits(1000000n, 6), '1')
    assert.equal(formatUnits(0n, 6), '0')
    assert.equal(formatUnits(-1n, 6), '-0.000001')
  })

  test('keeps every digit of amounts beyond float precision', () => {
    assert.equal(formatUnits(123456789012345678901234567890n, 18), '123456789012.34567890123456789')
  })

  test('rejects negative or fractional decimals', () => {
    assert.throws(() => formatUnits(1n, -1), BaseError)
    assert.throws(() => formatUnits(1n, 1.5), BaseError)
  })
})

describe('parseUnits', () => {
  test('reads a decimal string into the smallest unit', () => {
    assert.equal(parseUnits('1.5', 18), 1500000000000000000n)
    assert.equal(parseUnits('0.000001', 6), 1n)
    assert.equal(parseUnits('42', 0), 42n)
    assert.equal(parseUnits('-2.5', 1), -25n)
  })

  test('round-trips with formatUnits', () => {
    for (const value of [0n, 1n, 999999999999999999n, 10n ** 30n + 7n]) {
      assert.equal(parseUnits(formatUnits(value, 18), 18), value)
    }
  })

  test('accepts trailing zeros past the token decimals', () => {
    assert.equal(parseUnits('1.500000000', 6), 1500000n)
  })

  test('rejects an amount with more decimals than the token', () => {
    assert.throws(
      () => parseUnits('0.0000001', 6),
      (error: unknown) =>
        error instanceof BaseError &&
        error.code === 'TOO_MANY_DECIMALS' &&
        error.shortMessage === 'Amount 0.0000001 has more decimal places than the token allows (6)',
    )
    assert.throws(() => parseUnits('1.5', 0), BaseError)
  })

  test('rejects text that is not a plain decimal', () => {
    for (const value of ['', '1e18', '.5', '1.', 'abc', '1,5', ' 1']) {
      assert.throws(() => parseUnits(value, 18), BaseError, value)
    }
  })
})

describe('truncateDecimals', () => {
  test('truncates toward zero and pads to the given digits', () => {
    assert.equal(truncateDecimals('1.23456', 3), '1.234')
    assert.equal(truncateDecimals('1.9999', 3), '1.999')
    assert.equal(truncateDecimals('-1.9999', 3), '-1.999')
    assert.equal(truncateDecimals('7', 2), '7.00')
    assert.equal(truncateDecimals('7.5', 0), '7')
  })

  test('never shows a negative zero', () => {
    assert.equal(truncateDecimals('-0.0004', 3), '0.000')
    assert.equal(truncateDecimals(-0, 2), '0.00')
  })

  test('reads numbers by their shortest text, so float noise never shows', () => {
    assert.equal(truncateDecimals(0.3, 3), '0.300')
    assert.equal(truncateDecimals(1.005, 3), '1.005')
    assert.equal(truncateDecimals(0.1 + 0.2, 3), '0.300')
  })

  test('expands exponents exactly', () => {
    assert.equal(truncateDecimals(1e-7, 3), '0.000')
    assert.equal(truncateDecimals(1.5e-3, 4), '0.0015')
    assert.equal(truncateDecimals(1e21, 1), '1000000000000000000000.0')
    assert.equal(truncateDecimals('2.5E+2', 1), '250.0')
  })

  test('throws on values that are not numbers', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', '1e99999', '--1']) {
      assert.throws(() => truncateDecimals(value, 3), BaseError, String(value))
    }
  })
})

describe('formatBalance', () => {
  test('shows exactly 3 decimals, truncated not rounded', () => {
    assert.equal(formatBalance('1.23456'), '1.234')
    assert.equal(formatBalance('0.9999'), '0.999')
    assert.equal(formatBalance('0'), '0.000')
    assert.equal(formatBalance('12'), '12.000')
    assert.equal(formatBalance(2.5), '2.500')
  })

  test('reads a bigint in the smallest unit with the token decimals', () => {
    assert.equal(formatBalance(1999999n, 6), '1.999')
    assert.equal(formatBalance(123456789012345678901n, 18), '123.456')
  })

  test('keeps large integers exact', () => {
    assert.equal(formatBalance('123456789012345678901234.5678'), '123456789012345678901234.567')
  })
})

describe('formatFiat', () => {
  test('shows exactly 2 decimals, truncated not rounded', () => {
    assert.equal(formatFiat(1234.567), '1234.56')
    assert.equal(formatFiat('0.999'), '0.99')
    assert.equal(formatFiat(3), '3.00')
    assert.equal(formatFiat('0.1'), '0.10')
  })
})
