// Display formatting of addresses and amounts. Amounts use string arithmetic only: no
// float rounding ever reaches what a person reads.
import { amountError } from '../errors/amount-messages.js'
import { BaseError } from '../errors/base.js'
import { assertDecimals, formatUnitsFixed } from './units.js'

// In address.js, which the account button loads up front; the rest of this module loads with
// the account reads and the views.
export { truncateAddress } from './address.js'

const DECIMAL = /^\d+(\.\d+)?$/
const SIGNED_DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/
const NUMERIC = /^([-+])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([-+]?\d+))?$/
// Exponents past this are not amounts; refusing them keeps '1e999999999' from eating memory.
const MAX_EXPONENT = 1000

/**
 * Whether `value` is a plain decimal string: digits, optionally one dot followed by digits.
 * No sign, no exponent, no leading or trailing dot, no spaces (spec §5).
 *
 * @example
 * isDecimalString('12.50') // true
 * isDecimalString('1e3') // false
 */
export function isDecimalString(value: unknown): boolean {
  return typeof value === 'string' && DECIMAL.test(value)
}

/**
 * Writes an amount in a token's smallest unit as an exact decimal string, without trailing
 * zeros.
 *
 * @example
 * formatUnits(1500000000000000000n, 18) // '1.5'
 * formatUnits(-1n, 6) // '-0.000001'
 */
export function formatUnits(value: bigint, decimals: number): string {
  assertDecimals(decimals)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/**
 * Reads a decimal string (optionally with a leading `-`) as an amount in the token's smallest
 * unit. Trailing zeros past the token's decimals are accepted; any other extra decimal throws.
 *
 * @example
 * parseUnits('1.5', 18) // 1500000000000000000n
 * parseUnits('0.0000001', 6) // throws: more decimal places than the token has
 */
export function parseUnits(value: string, decimals: number): bigint {
  assertDecimals(decimals)
  const match = SIGNED_DECIMAL.exec(value)
  if (!match) {
    throw amountError('INVALID_AMOUNT', {
      details: `${JSON.stringify(value)}: expected digits with at most one dot, e.g. "1.5".`,
    })
  }
  const [, sign, integer = '0', rawFraction = ''] = match
  const fraction = rawFraction.replace(/0+$/, '')
  if (fraction.length > decimals) {
    throw amountError('TOO_MANY_DECIMALS', { values: { amount: value, decimals } })
  }
  const units = BigInt(`${integer}${fraction.padEnd(decimals, '0')}`)
  return sign ? -units : units
}

interface Decimal {
  negative: boolean
  /** Digits, no leading zeros ('0' for zero). */
  integer: string
  /** Digits, no trailing zeros. */
  fraction: string
}

function invalidNumber(value: string | number): BaseError {
  return new BaseError(`Invalid number ${JSON.stringify(String(value))}`, {
    code: 'INVALID_NUMBER',
    details: 'Expected a finite number or a decimal string such as "1.5" or "2e-7".',
  })
}

// Expands a number or numeric string (exponent allowed) into exact decimal digits.
function toDecimal(value: string | number): Decimal {
  if (typeof value === 'number' && !Number.isFinite(value)) throw invalidNumber(value)
  // String(number) is the shortest text that reads back as the same double: 0.3 stays '0.3'.
  const text = typeof value === 'number' ? String(value) : value
  const match = NUMERIC.exec(text)
  if (!match) throw invalidNumber(value)
  const [, sign, integerPart = '', fractionPart = '', bareFraction = '', exponentPart = '0'] = match
  const exponent = Number(exponentPart)
  if (Math.abs(exponent) > MAX_EXPONENT) throw invalidNumber(value)
  const fractionDigits = fractionPart || bareFraction
  const digits = `${integerPart}${fractionDigits}`
  const point = integerPart.length + exponent
  let integer: string
  let fraction: string
  if (point <= 0) {
    integer = '0'
    fraction = `${'0'.repeat(-point)}${digits}`
  } else if (point >= digits.length) {
    integer = `${digits}${'0'.repeat(point - digits.length)}`
    fraction = ''
  } else {
    integer = digits.slice(0, point)
    fraction = digits.slice(point)
  }
  return {
    negative: sign === '-',
    integer: integer.replace(/^0+(?=\d)/, '') || '0',
    fraction: fraction.replace(/0+$/, ''),
  }
}

/**
 * Cuts a number to exactly `digits` decimals, truncating toward zero (never rounding) and
 * padding with zeros. Accepts numbers and numeric strings, exponent included; throws a
 * BaseError on anything else (NaN, Infinity, 'abc'). A result of zero never carries a sign.
 *
 * @example
 * truncateDecimals('1.23456', 3) // '1.234'
 * truncateDecimals(2, 2) // '2.00'
 * truncateDecimals('-0.0004', 3) // '0.000'
 */
export function truncateDecimals(value: string | number, digits: number): string {
  if (!Number.isInteger(digits) || digits < 0) {
    throw new BaseError(`Invalid number of decimals ${digits}`, { code: 'INVALID_DECIMALS' })
  }
  const { negative, integer, fraction } = toDecimal(value)
  const cut = fraction.slice(0, digits).padEnd(digits, '0')
  const zero = integer === '0' && !/[1-9]/.test(cut)
  return `${negative && !zero ? '-' : ''}${integer}${digits ? `.${cut}` : ''}`
}

/**
 * A balance for display: exactly 3 decimals, truncated toward zero, never rounded up
 * (spec §5). A bigint is read in the smallest unit with `decimals`.
 *
 * @example
 * formatBalance('1.23456') // '1.234'
 * formatBalance('0') // '0.000'
 * formatBalance(1999999n, 6) // '1.999'
 */
export function formatBalance(value: string | number): string
export function formatBalance(value: bigint, decimals: number): string
export function formatBalance(value: string | number | bigint, decimals?: number): string {
  if (typeof value === 'bigint') {
    if (decimals === undefined) {
      throw new BaseError('formatBalance needs the token decimals for a bigint', {
        code: 'INVALID_DECIMALS',
      })
    }
    return formatUnitsFixed(value, decimals, 3)
  }
  return truncateDecimals(value, 3)
}

/**
 * A fiat amount for display: exactly 2 decimals, truncated toward zero like balances so a
 * value is never shown higher than it is. No currency sign or grouping: the caller adds them.
 *
 * @example
 * formatFiat(1234.567) // '1234.56'
 * formatFiat('0.999') // '0.99'
 */
export function formatFiat(value: string | number): string {
  return truncateDecimals(value, 2)
}
