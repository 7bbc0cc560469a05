// Amounts for display in the visitor's language: core cuts them to the spec's decimals as exact
// decimal strings (formatBalance, formatFiat); this adds the locale's grouping and separators.
import { formatBalance, formatFiat } from '@openmodal/core/internal'

const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`
  let format = formatters.get(key)
  if (!format) {
    const options: Intl.NumberFormatOptions = {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      // The value is already cut; truncating again can never round it up.
      roundingMode: 'trunc',
    }
    try {
      format = new Intl.NumberFormat(locale, options)
    } catch {
      // A registered catalog's tag Intl does not know: its language's, else English.
      format = new Intl.NumberFormat('en', options)
    }
    formatters.set(key, format)
  }
  return format
}

/**
 * An exact decimal string (already cut to `digits` decimals) with the locale's grouping and
 * separators. The string reaches Intl as a string, so no digit goes through a float:
 * `29999996.57` stays exact. Anything that is not a decimal comes back unchanged.
 *
 * @example
 * groupDecimal('29999996.57', 'en', 2) // '29,999,996.57'
 * groupDecimal('1234.500', 'de', 3) // '1.234,500'
 */
export function groupDecimal(value: string, locale: string, digits: number): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value
  return formatter(locale, digits).format(value as Intl.StringNumericLiteral)
}

/**
 * A balance as a person reads it: 3 decimals truncated (spec §5) with the locale's grouping;
 * `—` for a value that is not a number.
 *
 * @example localBalance('29999996.5719', 'en') // '29,999,996.571'
 */
export function localBalance(value: string | number, locale: string): string {
  try {
    return groupDecimal(formatBalance(value), locale, 3)
  } catch {
    return '—'
  }
}

/**
 * A fiat value: 2 decimals truncated (spec §5) with the locale's grouping; `—` for a value
 * that is not a number.
 *
 * @example localFiat(29999996.579, 'en') // '29,999,996.57'
 */
export function localFiat(value: string | number, locale: string): string {
  try {
    return groupDecimal(formatFiat(value), locale, 2)
  } catch {
    return '—'
  }
}
