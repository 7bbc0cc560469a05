// Amounts in a token's smallest unit written as decimals, for the initial JS: the account
// reads format balances with these (actions/refresh-account.ts hands them over), while the
// rest of the amount formatting (utils/format.ts) loads with the views only.
import { BaseError } from '../errors/base.js'

// Token decimals are a uint8 on EVM chains.
const MAX_DECIMALS = 255

/** Throws a BaseError (`INVALID_DECIMALS`) unless `decimals` is an integer from 0 to 255. */
export function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new BaseError(`Invalid token decimals ${decimals}`, {
      code: 'INVALID_DECIMALS',
      details: `Expected an integer from 0 to ${MAX_DECIMALS}.`,
    })
  }
}

// The sign and digits of `value` read with `decimals` decimals (the integer part has no
// leading zeros, the fraction all `decimals` digits).
function splitUnits(value: bigint, decimals: number) {
  assertDecimals(decimals)
  const negative = value < 0n
  const text = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  return {
    negative,
    integer: text.slice(0, text.length - decimals),
    fraction: text.slice(text.length - decimals),
  }
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
  const { negative, integer, fraction: digits } = splitUnits(value, decimals)
  const fraction = digits.replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/**
 * Writes an amount in a token's smallest unit with exactly `digits` decimals, truncated toward
 * zero (never rounded) and padded with zeros; a result of zero carries no sign. The bigint
 * case of `formatBalance` (spec §5: 3 decimals).
 *
 * @example
 * formatUnitsFixed(1999999n, 6, 3) // '1.999'
 * formatUnitsFixed(-1n, 6, 3) // '0.000'
 */
export function formatUnitsFixed(value: bigint, decimals: number, digits: number): string {
  const { negative, integer, fraction } = splitUnits(value, decimals)
  const cut = fraction.slice(0, digits).padEnd(digits, '0')
  const zero = !/[1-9]/.test(`${integer}${cut}`)
  return `${negative && !zero ? '-' : ''}${integer}${digits ? `.${cut}` : ''}`
}
