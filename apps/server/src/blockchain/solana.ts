// Balances on Solana chains: SOL from `getBalance` and SPL tokens from
// `getTokenAccountsByOwner` (Token program and Token-2022, `jsonParsed`), read from the chain's
// configured RPC URLs through the proxy's upstream rules (timeouts, retries, fallback). Nothing
// is indexed: Solana has no activity or NFTs here (spec §9 support matrix).
import bs58 from 'bs58'
import * as v from 'valibot'
import { formatUnits } from 'viem'
import type { TokenBalance } from '../api-types.js'
import type { ProjectChainConfig } from '../projects/store.js'
import {
  DEFAULT_UPSTREAM_OPTIONS,
  describeFailures,
  forwardToUpstreams,
  type UpstreamOptions,
} from '../rpc/upstream.js'
import type { PriceSource } from './prices.js'

export const SOLANA_NATIVE_CURRENCY = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
export const SPL_TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

/** Spec §5: solana addresses are base58 of 32-44 characters (here also: 32 bytes decoded). */
export const SolanaAddressSchema = v.pipe(
  v.string('Expected an address'),
  v.check((value) => {
    if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value)) return false
    try {
      return bs58.decode(value).length === 32
    } catch {
      return false
    }
  }, 'Expected a base58 Solana address (32-44 characters, 32 bytes)'),
)

/** Thrown when the node answers, but not what a Solana RPC answers. */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
}

const ContextValue = <T extends v.GenericSchema>(value: T) =>
  v.object({ context: v.object({ slot: v.number() }), value })

const BalanceResult = ContextValue(v.pipe(v.number(), v.integer(), v.minValue(0)))

// One entry of `getTokenAccountsByOwner` with `jsonParsed`; entries of another shape (a node
// that could not parse an account answers base64) are skipped, not fatal.
const ParsedTokenAccount = v.object({
  pubkey: v.string(),
  account: v.object({
    data: v.object({
      parsed: v.object({
        type: v.literal('account'),
        info: v.object({
          mint: SolanaAddressSchema,
          tokenAmount: v.object({
            amount: v.pipe(v.string(), v.regex(/^\d{1,30}$/)),
            decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
          }),
        }),
      }),
    }),
  }),
})
const TokenAccountsResult = ContextValue(v.array(v.unknown()))

const JsonRpcAnswer = v.union([
  v.object({ jsonrpc: v.literal('2.0'), id: v.number(), result: v.unknown() }),
  v.object({
    jsonrpc: v.literal('2.0'),
    id: v.unknown(),
    error: v.object({ code: v.number(), message: v.string() }),
  }),
])

export interface SolanaReadOptions {
  /** The proxy's upstream rules; default: its defaults with one retry round (a page waits). */
  upstream?: UpstreamOptions
}

let nextId = 1

async function solanaCall<T extends v.GenericSchema>(
  urls: readonly string[],
  method: string,
  params: unknown[],
  schema: T,
  options: SolanaReadOptions,
): Promise<v.InferOutput<T>> {
  const id = nextId++
  const body = JSON.stringify({ jsonrpc: '2.0', id, method, params })
  const result = await forwardToUpstreams(
    body,
    urls,
    (json) => v.is(JsonRpcAnswer, json),
    options.upstream ?? { ...DEFAULT_UPSTREAM_OPTIONS, retries: 1 },
  )
  if (!result.ok) throw new SolanaRpcError(describeFailures(result.failures))
  const answer = v.parse(JsonRpcAnswer, result.json)
  if ('error' in answer) {
    throw new SolanaRpcError(`${method} failed: ${answer.error.message} (${answer.error.code})`)
  }
  const parsed = v.safeParse(schema, answer.result)
  if (!parsed.success) throw new SolanaRpcError(`${method}: unexpected answer shape`)
  return parsed.output
}

/**
 * SOL plus every SPL token (Token program and Token-2022) the address holds a non-zero amount
 * of, summed per mint across its token accounts. Tokens with 0 decimals are left out (spec §5),
 * as on EVM. Names and symbols of mints come from the chain's `splTokens` config (an SPL mint
 * has no name on chain without a metadata program); an unlisted mint is named by its address.
 *
 * @example
 * const balances = await solanaBalances(chain, 'FZQwydwD6YfmqGgBnZxw6rEhV6d5T5hDnAp2M2sYcKQ1', staticPriceSource())
 */
export async function solanaBalances(
  chain: ProjectChainConfig,
  address: string,
  prices: PriceSource,
  options: SolanaReadOptions = {},
): Promise<TokenBalance[]> {
  const chainId = chain.caipNetworkId
  const urls = chain.rpcUrls
  const native = chain.nativeCurrency ?? SOLANA_NATIVE_CURRENCY
  const [lamports, ...perProgram] = await Promise.all([
    solanaCall(urls, 'getBalance', [address, { commitment: 'confirmed' }], BalanceResult, options),
    ...SPL_TOKEN_PROGRAMS.map((programId) =>
      solanaCall(
        urls,
        'getTokenAccountsByOwner',
        [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
        TokenAccountsResult,
        options,
      ),
    ),
  ])
  const held = new Map<string, { units: bigint; decimals: number }>()
  for (const answer of perProgram) {
    for (const entry of answer.value) {
      const parsed = v.safeParse(ParsedTokenAccount, entry)
      if (!parsed.success) continue
      const { mint, tokenAmount } = parsed.output.account.data.parsed.info
      const before = held.get(mint)
      held.set(mint, {
        units: (before?.units ?? 0n) + BigInt(tokenAmount.amount),
        decimals: tokenAmount.decimals,
      })
    }
  }
  const known = new Map((chain.splTokens ?? []).map((token) => [token.mint, token]))
  const tokens = [...held]
    .filter(([, { units, decimals }]) => units > 0n && decimals > 0)
    .map(([mint, amount]) => {
      const listed = known.get(mint)
      return { mint, ...amount, name: listed?.name ?? mint, symbol: listed?.symbol ?? '' }
    })
  const [nativePrice, ...tokenPrices] = await prices.prices([
    { chainId, symbol: native.symbol },
    ...tokens.map((token) => ({ chainId, symbol: token.symbol, address: token.mint })),
  ])
  const balance = (
    numeric: string,
    decimals: number,
    price: number | null | undefined,
    fields: Pick<TokenBalance, 'name' | 'symbol'> & { address?: string },
  ): TokenBalance => ({
    ...fields,
    chainId,
    value: price == null ? null : price * Number(numeric),
    price: price ?? null,
    quantity: { decimals: String(decimals), numeric },
    iconUrl: null,
  })
  const tokenBalances = tokens.map((token, i) =>
    balance(formatUnits(token.units, token.decimals), token.decimals, tokenPrices[i], {
      name: token.name,
      symbol: token.symbol,
      address: `${chainId}:${token.mint}`,
    }),
  )
  tokenBalances.sort(
    (a, b) =>
      (b.value ?? Number.NEGATIVE_INFINITY) - (a.value ?? Number.NEGATIVE_INFINITY) ||
      a.symbol.localeCompare(b.symbol),
  )
  return [
    balance(formatUnits(BigInt(lamports.value), native.decimals), native.decimals, nativePrice, {
      name: native.name,
      symbol: native.symbol,
    }),
    ...tokenBalances,
  ]
}
