// The part of the amount formatting the account reads need: they format balances with
// formatUnitsFixed (actions/account-reads.ts, loaded with import()), while the rest of it
// (utils/format.ts) loads with the views only. It imports only errors/base.ts, a file of its
// own in every app, so the reads can import it without splitting the page's entry.
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
  assertDecimals(decimals)
  const negative = value < 0n
  const text = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = text.slice(0, text.length - decimals)
  const cut = text
    .slice(text.length - decimals, text.length - decimals + digits)
    .padEnd(digits, '0')
  const zero = !/[1-9]/.test(`${integer}${cut}`)
  return `${negative && !zero ? '-' : ''}${integer}${digits ? `.${cut}` : ''}`
}
