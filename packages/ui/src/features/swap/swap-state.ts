// What the two Swap views share beside core's draft: the tokens the server swaps on the active
// network and the last quote Swap showed, which SwapPreview confirms (and re-asks after an error).
import {
  ApiRequestError,
  type SwapQuoteResponse,
  type SwapToken,
  type TokenBalance,
} from '@openmodal/core/api'
import {
  BaseError,
  formatUnits,
  isSwapNative,
  parseUnits,
  type SwapRevertedError,
} from '@openmodal/core/internal'
import { tError } from '../../i18n/coded.js'
import { t } from '../../i18n/index.js'
import { groupDecimal, localFiat } from '../../utils/amount.js'

/**
 * What Swap last showed: its quote (SwapPreview confirms it), and the network's swap tokens with
 * their USD prices (SwapSelectToken lists them; Swap shows them again at once when the visitor
 * comes back from the picker on the same network).
 */
export const shown: {
  quote: SwapQuoteResponse | undefined
  chainId: string | undefined
  tokens: readonly SwapToken[]
  /** USD per unit by lower-cased address; a token the server has no price for is left out. */
  prices: Readonly<Record<string, number>>
} = {
  quote: undefined,
  chainId: undefined,
  tokens: [],
  prices: {},
}

/** The USD prices of an answer of `/v1/swap/prices`, by lower-cased address (nulls left out). */
export function pricesByAddress(
  prices: Readonly<Record<string, number | null>>,
): Record<string, number> {
  const known: Record<string, number> = {}
  for (const [address, usd] of Object.entries(prices)) {
    if (typeof usd === 'number' && Number.isFinite(usd)) known[address.toLowerCase()] = usd
  }
  return known
}

/**
 * The USD value of `amount` (a decimal in the token's units) of `token`, formatted for
 * `locale` ("$1,500.00"); undefined when the price or the amount is unknown.
 */
export function usdValue(
  token: SwapToken | undefined,
  amount: string | undefined,
  prices: Readonly<Record<string, number>>,
  locale: string,
): string | undefined {
  const price = token ? prices[token.address.toLowerCase()] : undefined
  const units = Number(amount)
  if (price === undefined || !amount || !Number.isFinite(units)) return undefined
  return t('tokens.usd', { currency: '$', value: localFiat(units * price, locale) })
}

/**
 * The balance of a swap token among `balances` (the ones Send reads, `$sendTokens`); undefined
 * when unknown.
 */
export function balanceOf(
  token: SwapToken | undefined,
  balances: readonly TokenBalance[],
): TokenBalance | undefined {
  if (!token) return undefined
  const address = token.address.toLowerCase()
  return balances.find((balance) =>
    isSwapNative(token.address)
      ? !balance.address
      : balance.address?.split(':').pop()?.toLowerCase() === address,
  )
}

/** A balance in base units of `decimals`; undefined when unknown. */
export function balanceUnits(balance: TokenBalance | undefined, decimals: number) {
  if (!balance) return undefined
  try {
    return parseUnits(balance.quantity.numeric, decimals)
  } catch {
    return undefined
  }
}

/** At least what the router accepts for `toAmount` with `slippage` percent. */
export function minimumOut(toAmount: bigint, slippage: number): bigint {
  return (toAmount * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
}

/** Base units as a decimal, at most 6 decimals (a long tail helps nobody read a quote). */
export function shortUnits(value: bigint, decimals: number): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.')
  const cut = fraction.slice(0, 6).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : (whole ?? '0')
}

/**
 * The text of a failed swap: a swap mined and reverted reads "The swap failed: <the router's
 * reason>" (the reason shown as text, the frame in the locale). A failed swap API call: the spec's "Network not supported for Swaps" (in the
 * locale) for a chain without a provider, "Not enough liquidity for this swap" (in the locale)
 * when no pool or route fills it, else the server's own words (no liquidity, the
 * provider's refusal) shown as text, else the coded error's text.
 */
export function swapErrorText(error: unknown): string {
  const reason = (error as Partial<SwapRevertedError> | null)?.revertReason
  if (error instanceof BaseError && error.code === 'TRANSACTION_REVERTED' && reason) {
    return t('swap.reverted', { reason })
  }
  if (error instanceof ApiRequestError) {
    const code = error.apiCode as string | undefined
    if (code === 'SWAP_NOT_SUPPORTED') return t('swap.unsupported')
    if (code === 'NO_LIQUIDITY') return t('swap.noLiquidity')
    if (error.apiCode && error.details) return error.details
  }
  return tError(error)
}

/** Amounts in a quote: the locale's grouping, up to 6 decimals, no padding zeros. */
export function quoteAmount(value: bigint, decimals: number, locale: string): string {
  const short = shortUnits(value, decimals)
  return groupDecimal(short, locale, short.split('.')[1]?.length ?? 0)
}
