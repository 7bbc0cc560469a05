// The swap API (issue 28): which chains swap, tokens, quote, allowance, approve and swap
// transactions, gas price and token prices. Each chain's provider comes from its `swap` entry in
// the project (config.ts); a chain without one answers 404 "Network not supported for Swaps".
import { type Context, Hono } from 'hono'
import * as v from 'valibot'
import { type Address, getAddress, type PublicClient } from 'viem'
import {
  type GasPriceResponse,
  SWAP_NATIVE_ADDRESS,
  SWAP_NOT_SUPPORTED_MESSAGE,
  type SwapAllowanceResponse,
  type SwapApproveResponse,
  type SwapBuildResponse,
  type SwapChainsResponse,
  type SwapPricesResponse,
  type SwapQuoteResponse,
  type SwapTokensResponse,
} from '../api-types.js'
import { AddressSchema } from '../blockchain/params.js'
import type { PriceSource } from '../blockchain/prices.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError, parseInput } from '../http/errors.js'
import { pickQuery, splitList } from '../http/params.js'
import { createChainClient } from '../indexer/rpc.js'
import { CaipNetworkIdSchema } from '../projects/schema.js'
import type { Project, ProjectChainConfig } from '../projects/store.js'
import { DEFAULT_SLIPPAGE, MAX_SLIPPAGE } from './config.js'
import { type OneInchOptions, oneInchProvider } from './one-inch.js'
import type { ProviderTransaction, SwapPair, SwapProvider } from './provider.js'
import { uniswapV2Provider } from './uniswap-v2.js'
import { type ZeroExOptions, zeroExProvider } from './zero-ex.js'

export interface SwapRoutesOptions {
  access: AccessControl
  prices: PriceSource
  /** The 1inch API (key and base URL); chains set to `1inch` answer 502 without it. */
  oneInch?: OneInchOptions | undefined
  /** The 0x API (key and base URL); chains set to `0x` answer 502 without it. */
  zeroEx?: ZeroExOptions | undefined
  /** Clock of the swap deadlines (tests move it); default Date.now. */
  now?: (() => number) | undefined
}

const ChainQuery = v.pipe(v.string('chainId is required'), CaipNetworkIdSchema)
const AmountSchema = v.pipe(
  v.string('amount is required'),
  v.regex(/^[0-9]{1,78}$/, 'Expected an amount in the smallest unit, as a whole number'),
  v.transform((value: string) => BigInt(value)),
  v.check((amount) => amount > 0n, 'Expected an amount above 0'),
  v.check((amount) => amount < 2n ** 256n, 'Expected an amount below 2^256'),
)
const TokenSchema = v.pipe(
  AddressSchema,
  v.transform((value) => getAddress(value)),
)
const SlippageSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,2}(\.\d{1,2})?$/, `Expected a percentage from 0.01 to ${MAX_SLIPPAGE}`),
  v.transform(Number),
  v.minValue(0.01, `Expected a percentage from 0.01 to ${MAX_SLIPPAGE}`),
  v.maxValue(MAX_SLIPPAGE, `Expected a percentage from 0.01 to ${MAX_SLIPPAGE}`),
)
const PairSchema = v.object({
  chainId: ChainQuery,
  from: TokenSchema,
  to: TokenSchema,
  amount: AmountSchema,
})
const BuildSchema = v.object({
  ...PairSchema.entries,
  userAddress: TokenSchema,
  slippage: v.optional(SlippageSchema),
})
const AllowanceSchema = v.object({
  chainId: ChainQuery,
  tokenAddress: TokenSchema,
  userAddress: TokenSchema,
})
const ApproveSchema = v.object({
  chainId: ChainQuery,
  tokenAddress: TokenSchema,
  amount: v.optional(AmountSchema),
})
const PricesSchema = v.object({
  chainId: ChainQuery,
  addresses: v.pipe(
    v.string('addresses is required'),
    v.transform(splitList),
    v.minLength(1, 'Expected at least one address'),
    v.maxLength(50, 'Expected at most 50 addresses'),
    v.array(TokenSchema),
  ),
})

const transaction = (tx: ProviderTransaction) => ({
  to: tx.to,
  data: tx.data,
  value: tx.value.toString(),
  gas: tx.gas === null ? null : tx.gas.toString(),
})

/**
 * @example
 * app.route('/', swapRoutes({ access, prices: staticPriceSource() }))
 */
export function swapRoutes(options: SwapRoutesOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const { access } = options
  const now = options.now ?? Date.now
  const clients = new Map<string, PublicClient>()
  const providers = new Map<string, SwapProvider>()

  const providerFor = (chain: ProjectChainConfig): SwapProvider => {
    const swap = chain.swap
    if (!swap) throw new HttpError(404, 'SWAP_NOT_SUPPORTED', SWAP_NOT_SUPPORTED_MESSAGE)
    const key = JSON.stringify([chain.caipNetworkId, chain.rpcUrls, swap, chain.tokens])
    let provider = providers.get(key)
    if (provider) return provider
    const rpcKey = chain.rpcUrls.join(' ')
    const client = () => {
      let found = clients.get(rpcKey)
      if (!found) {
        found = createChainClient(chain.rpcUrls)
        clients.set(rpcKey, found)
      }
      return found
    }
    const native = chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
    if (swap.provider === '1inch') {
      provider = oneInchProvider(chain.caipNetworkId, options.oneInch)
    } else if (swap.provider === '0x') {
      provider = zeroExProvider({
        client: client(),
        chainId: chain.caipNetworkId,
        native,
        tokens: (swap.tokens ?? chain.tokens ?? []).map((t) => getAddress(t)),
        prices: options.prices,
        api: options.zeroEx,
      })
    } else {
      provider = uniswapV2Provider({
        client: client(),
        chainId: chain.caipNetworkId,
        router: getAddress(swap.router),
        tokens: (swap.tokens ?? chain.tokens ?? []).map((t) => getAddress(t)),
        native,
        prices: options.prices,
        deadlineSeconds: swap.deadlineSeconds ?? 1200,
        now,
      })
    }
    providers.set(key, provider)
    return provider
  }

  /** Access, the query, and the chain's provider. */
  const swapContext = async <const S extends v.GenericSchema>(
    c: Context<AppEnv>,
    schema: S,
    names: readonly string[],
  ) => {
    const project: Project = await access.access(c, c.req.query('projectId'))
    const query = parseInput(schema, pickQuery(c, names), 'query') as v.InferOutput<S> & {
      chainId: string
    }
    const chain = project.chains.find((candidate) => candidate.caipNetworkId === query.chainId)
    if (!chain?.swap) throw new HttpError(404, 'SWAP_NOT_SUPPORTED', SWAP_NOT_SUPPORTED_MESSAGE)
    return { query, provider: providerFor(chain) }
  }

  /** A provider failure that is not already an answer becomes a 502 with the provider's name. */
  const upstream = async <T>(provider: SwapProvider, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw new HttpError(
        502,
        'SWAP_PROVIDER_ERROR',
        `${provider.id}: could not reach the swap provider`,
        { cause: error },
      )
    }
  }

  const preflight = access.preflight(projectIdInQuery)
  for (const path of [
    '/v1/swap/chains',
    '/v1/swap/tokens',
    '/v1/swap/quote',
    '/v1/swap/allowance',
    '/v1/swap/approve',
    '/v1/swap/transaction',
    '/v1/swap/gas-price',
    '/v1/swap/prices',
  ]) {
    app.options(path, preflight)
  }

  app.get('/v1/swap/chains', async (c) => {
    const project = await access.access(c, c.req.query('projectId'))
    const chains = project.chains.flatMap((chain) =>
      chain.swap ? [{ chainId: chain.caipNetworkId, provider: chain.swap.provider }] : [],
    )
    return c.json({ chains } satisfies SwapChainsResponse)
  })

  app.get('/v1/swap/tokens', async (c) => {
    const { provider } = await swapContext(c, v.object({ chainId: ChainQuery }), ['chainId'])
    const tokens = await upstream(provider, () => provider.tokens())
    return c.json({ tokens } satisfies SwapTokensResponse)
  })

  const pairOf = (query: v.InferOutput<typeof PairSchema>): SwapPair => {
    if (query.from === query.to) {
      throw new HttpError(400, 'BAD_REQUEST', 'Invalid query: from and to are the same token')
    }
    return { from: query.from as Address, to: query.to as Address, amount: query.amount }
  }

  app.get('/v1/swap/quote', async (c) => {
    const { query, provider } = await swapContext(c, PairSchema, [
      'chainId',
      'from',
      'to',
      'amount',
    ])
    const pair = pairOf(query)
    const quote = await upstream(provider, () => provider.quote(pair))
    return c.json({
      provider: provider.id,
      from: quote.from,
      to: quote.to,
      amount: pair.amount.toString(),
      toAmount: quote.toAmount.toString(),
      priceImpact: quote.priceImpact,
      providerFee: quote.providerFee === null ? null : quote.providerFee.toString(),
      gas: quote.gas === null ? null : quote.gas.toString(),
    } satisfies SwapQuoteResponse)
  })

  app.get('/v1/swap/allowance', async (c) => {
    const { query, provider } = await swapContext(c, AllowanceSchema, [
      'chainId',
      'tokenAddress',
      'userAddress',
    ])
    const { allowance, spender } = await upstream(provider, () =>
      provider.allowance(query.tokenAddress as Address, query.userAddress as Address),
    )
    return c.json({ allowance: allowance.toString(), spender } satisfies SwapAllowanceResponse)
  })

  app.get('/v1/swap/approve', async (c) => {
    const { query, provider } = await swapContext(c, ApproveSchema, [
      'chainId',
      'tokenAddress',
      'amount',
    ])
    if (query.tokenAddress.toLowerCase() === SWAP_NATIVE_ADDRESS.toLowerCase()) {
      throw new HttpError(
        400,
        'BAD_REQUEST',
        'Invalid query: the native currency needs no approval',
      )
    }
    const tx = await upstream(provider, () =>
      provider.buildApprove(query.tokenAddress as Address, query.amount),
    )
    return c.json(transaction(tx) satisfies SwapApproveResponse)
  })

  app.get('/v1/swap/transaction', async (c) => {
    const { query, provider } = await swapContext(c, BuildSchema, [
      'chainId',
      'from',
      'to',
      'amount',
      'userAddress',
      'slippage',
    ])
    const slippage = query.slippage ?? DEFAULT_SLIPPAGE
    const built = await upstream(provider, () =>
      provider.buildSwap(pairOf(query), query.userAddress as Address, slippage),
    )
    return c.json({
      provider: provider.id,
      tx: transaction(built.tx),
      toAmount: built.toAmount.toString(),
      minAmountOut: built.minAmountOut.toString(),
      slippage,
    } satisfies SwapBuildResponse)
  })

  app.get('/v1/swap/gas-price', async (c) => {
    const { provider } = await swapContext(c, v.object({ chainId: ChainQuery }), ['chainId'])
    const prices = await upstream(provider, () => provider.gasPrice())
    return c.json(prices satisfies GasPriceResponse)
  })

  app.get('/v1/swap/prices', async (c) => {
    const { query, provider } = await swapContext(c, PricesSchema, ['chainId', 'addresses'])
    const addresses = query.addresses as Address[]
    const usd = await upstream(provider, () => provider.prices(addresses))
    const prices = Object.fromEntries(addresses.map((address, i) => [address, usd[i] ?? null]))
    return c.json({ prices } satisfies SwapPricesResponse)
  })

  return app
}
