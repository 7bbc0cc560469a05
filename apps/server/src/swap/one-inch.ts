// The `1inch` provider: the 1inch Swap API v6.0 (quote, swap, approve/*, tokens) with its Gas
// Price API v1.5 and Spot Price API v1.1, called with the operator's key from the server (the
// key never reaches a page). Answers are checked with valibot; 1inch's own error text
// (`description`) is passed on, "insufficient liquidity" as NO_LIQUIDITY.
import * as v from 'valibot'
import { type Address, getAddress, type Hex } from 'viem'
import type { GasPriceResponse, SwapToken } from '../api-types.js'
import { evmChainNumber } from '../indexer/rpc.js'
import {
  minimumOut,
  noLiquidity,
  type ProviderTransaction,
  providerError,
  type SwapProvider,
} from './provider.js'

export interface OneInchOptions {
  apiKey: string
  /** Default https://api.1inch.dev (tests point it at a loopback stand-in). */
  baseUrl?: string | undefined
  /** Per request; default 10 s. */
  timeoutMs?: number | undefined
}

export const ONE_INCH_DEFAULT_URL = 'https://api.1inch.dev'

const Uint = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const AddressText = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const HexText = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/))
const TokenInfo = v.object({
  address: AddressText,
  symbol: v.pipe(v.string(), v.maxLength(64)),
  name: v.pipe(v.string(), v.maxLength(200)),
  decimals: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  logoURI: v.optional(v.nullable(v.string())),
})
const QuoteAnswer = v.object({
  dstAmount: Uint,
  srcToken: v.optional(TokenInfo),
  dstToken: v.optional(TokenInfo),
  gas: v.optional(v.number()),
})
const SwapAnswer = v.object({
  dstAmount: Uint,
  tx: v.object({
    from: AddressText,
    to: AddressText,
    data: HexText,
    value: Uint,
    gas: v.optional(v.number()),
    gasPrice: v.optional(Uint),
  }),
})
const TokensAnswer = v.object({ tokens: v.record(v.string(), TokenInfo) })
const SpenderAnswer = v.object({ address: AddressText })
const AllowanceAnswer = v.object({ allowance: Uint })
const ApproveAnswer = v.object({
  data: HexText,
  to: AddressText,
  value: Uint,
  gasPrice: v.optional(Uint),
})
const Tier = v.object({ maxFeePerGas: Uint, maxPriorityFeePerGas: Uint })
const GasAnswer = v.union([
  v.object({ baseFee: Uint, low: Tier, medium: Tier, high: Tier, instant: Tier }),
  // Chains without EIP-1559.
  v.object({ standard: Uint, fast: Uint, instant: Uint }),
])
const PricesAnswer = v.record(v.string(), v.string())
const ErrorAnswer = v.object({ description: v.optional(v.string()), error: v.optional(v.string()) })

const toToken = (info: v.InferOutput<typeof TokenInfo>): SwapToken => ({
  address: getAddress(info.address),
  symbol: info.symbol,
  name: info.name,
  decimals: info.decimals,
  logoUri: info.logoURI ?? null,
})

/**
 * @example
 * const provider = oneInchProvider('eip155:1', { apiKey: process.env.OPENMODAL_1INCH_API_KEY })
 */
export function oneInchProvider(
  caipNetworkId: string,
  options: OneInchOptions | undefined,
): SwapProvider {
  const chain = evmChainNumber(caipNetworkId)
  const base = (options?.baseUrl ?? ONE_INCH_DEFAULT_URL).replace(/\/+$/, '')

  const get = async <S extends v.GenericSchema>(
    path: string,
    query: Record<string, string | undefined>,
    schema: S,
  ): Promise<v.InferOutput<S>> => {
    if (!options?.apiKey) throw providerError('1inch', 'no API key is configured on the server')
    if (chain === undefined) throw providerError('1inch', `${caipNetworkId} is not an EVM chain`)
    const url = new URL(`${base}${path.replace('{chain}', String(chain))}`)
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, value)
    }
    let response: Response
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw providerError('1inch', 'the API did not answer', error)
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = v.safeParse(ErrorAnswer, body)
      const description =
        (parsed.success && (parsed.output.description ?? parsed.output.error)) || ''
      if (/insufficient liquidity/i.test(description)) throw noLiquidity(description)
      throw providerError('1inch', description || `HTTP ${response.status}`)
    }
    const parsed = v.safeParse(schema, body)
    if (!parsed.success) throw providerError('1inch', `unexpected answer from ${url.pathname}`)
    return parsed.output
  }

  let spender: Promise<Address> | undefined
  const spenderAddress = () => {
    spender ??= get('/swap/v6.0/{chain}/approve/spender', {}, SpenderAnswer).then((a) =>
      getAddress(a.address),
    )
    spender.catch(() => {
      spender = undefined
    })
    return spender
  }

  return {
    id: '1inch',
    async tokens() {
      const answer = await get('/swap/v6.0/{chain}/tokens', {}, TokensAnswer)
      return Object.values(answer.tokens).map(toToken)
    },
    async quote({ from, to, amount }) {
      const answer = await get(
        '/swap/v6.0/{chain}/quote',
        {
          src: from,
          dst: to,
          amount: amount.toString(),
          includeTokensInfo: 'true',
          includeGas: 'true',
        },
        QuoteAnswer,
      )
      if (!answer.srcToken || !answer.dstToken) {
        throw providerError('1inch', 'the quote has no token info')
      }
      return {
        from: toToken(answer.srcToken),
        to: toToken(answer.dstToken),
        toAmount: BigInt(answer.dstAmount),
        priceImpact: null,
        providerFee: null,
        gas: answer.gas === undefined ? null : BigInt(answer.gas),
      }
    },
    async allowance(token, owner) {
      const [answer, address] = await Promise.all([
        get(
          '/swap/v6.0/{chain}/approve/allowance',
          { tokenAddress: token, walletAddress: owner },
          AllowanceAnswer,
        ),
        spenderAddress(),
      ])
      return { allowance: BigInt(answer.allowance), spender: address }
    },
    async buildApprove(token, amount): Promise<ProviderTransaction> {
      const answer = await get(
        '/swap/v6.0/{chain}/approve/transaction',
        { tokenAddress: token, amount: amount?.toString() },
        ApproveAnswer,
      )
      return {
        to: getAddress(answer.to),
        data: answer.data as Hex,
        value: BigInt(answer.value),
        gas: null,
      }
    },
    async buildSwap({ from, to, amount }, account, slippage) {
      const answer = await get(
        '/swap/v6.0/{chain}/swap',
        {
          src: from,
          dst: to,
          amount: amount.toString(),
          from: account,
          origin: account,
          slippage: String(slippage),
        },
        SwapAnswer,
      )
      const toAmount = BigInt(answer.dstAmount)
      return {
        tx: {
          to: getAddress(answer.tx.to),
          data: answer.tx.data as Hex,
          value: BigInt(answer.tx.value),
          gas: answer.tx.gas === undefined ? null : BigInt(answer.tx.gas),
        },
        toAmount,
        minAmountOut: minimumOut(toAmount, slippage),
      }
    },
    async gasPrice(): Promise<GasPriceResponse> {
      const answer = await get('/gas-price/v1.5/{chain}', {}, GasAnswer)
      if ('standard' in answer) {
        return { standard: answer.standard, fast: answer.fast, instant: answer.instant }
      }
      return {
        standard: answer.medium.maxFeePerGas,
        fast: answer.high.maxFeePerGas,
        instant: answer.instant.maxFeePerGas,
      }
    },
    async prices(addresses) {
      const answer = await get(
        `/price/v1.1/{chain}/${addresses.map((a) => a.toLowerCase()).join(',')}`,
        { currency: 'USD' },
        PricesAnswer,
      )
      const byAddress = new Map(
        Object.entries(answer).map(([k, price]) => [k.toLowerCase(), price]),
      )
      return addresses.map((address) => {
        const price = Number(byAddress.get(address.toLowerCase()))
        return Number.isFinite(price) ? price : null
      })
    },
  }
}
