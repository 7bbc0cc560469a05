// Token prices for balances: a pluggable source. The default is a static table by symbol,
// replaceable with a JSON file (OPENMODAL_PRICES_FILE) or any PriceSource. Unknown symbols
// are null: a price is never invented.
import { readFileSync } from 'node:fs'
import * as v from 'valibot'

export interface PriceQuery {
  /** CAIP-2. */
  chainId: string
  symbol: string
  /** Lower-case contract address; undefined for the native token. */
  address?: string | undefined
}

export interface PriceSource {
  /** USD per unit for each query, in order; null when unknown. */
  prices(queries: readonly PriceQuery[]): Promise<(number | null)[]>
}

/**
 * The default table (USD per unit, by upper-case symbol). Demo figures for a self-hosted
 * install without a price feed; replace them with `OPENMODAL_PRICES_FILE` or a PriceSource.
 */
export const DEFAULT_PRICE_TABLE: Readonly<Record<string, number>> = {
  ETH: 3000,
  WETH: 3000,
  USDC: 1,
  USDT: 1,
  DAI: 1,
  SOL: 150,
}

/**
 * Prices looked up by upper-case symbol.
 *
 * @example
 * const source = staticPriceSource({ ETH: 3000 })
 * await source.prices([{ chainId: 'eip155:1', symbol: 'eth' }]) // [3000]
 */
export function staticPriceSource(
  table: Readonly<Record<string, number>> = DEFAULT_PRICE_TABLE,
): PriceSource {
  const bySymbol = new Map(
    Object.entries(table).map(([symbol, usd]) => [symbol.toUpperCase(), usd]),
  )
  return {
    async prices(queries) {
      return queries.map((q) => bySymbol.get(q.symbol.toUpperCase()) ?? null)
    },
  }
}

const PriceTableSchema = v.record(
  v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
  v.pipe(v.number(), v.minValue(0), v.finite()),
)

/**
 * A static source from a JSON file `{ "ETH": 3012.5, "USDC": 1 }`.
 *
 * @example
 * const source = priceSourceFromFile('prices.json')
 */
export function priceSourceFromFile(path: string): PriceSource {
  const parsed = v.safeParse(PriceTableSchema, JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) {
    throw new Error(`${path}: expected { "SYMBOL": usd, ... }: ${parsed.issues[0]?.message}`)
  }
  return staticPriceSource(parsed.output)
}
