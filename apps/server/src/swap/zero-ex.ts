// The `0x` provider: 0x Swap API v2 with the AllowanceHolder flow (`/swap/allowance-holder/price`
// for quotes, `/quote` for the transaction), the operator's key sent from the server as
// `0x-api-key` with `0x-version: v2`. A quote's `issues` are honoured: `issues.allowance`
// refuses the swap until the spender is approved (409 ALLOWANCE_TOO_LOW), `issues.balance`
// refuses it for the missing balance (400 INSUFFICIENT_BALANCE); `liquidityAvailable: false`
// is NO_LIQUIDITY. Token metadata, allowances and gas price are read from the chain's RPC.
import * as v from 'valibot'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint256,
  type PublicClient,
} from 'viem'
import { SWAP_NATIVE_ADDRESS } from '../api-types.js'
import { gasPrice } from '../blockchain/gas.js'
import type { PriceSource } from '../blockchain/prices.js'
import { HttpError } from '../http/errors.js'
import { evmChainNumber } from '../indexer/rpc.js'
import { noLiquidity, providerError, type SwapProvider } from './provider.js'
import { isNative, tokenReader } from './tokens.js'

export interface ZeroExOptions {
  apiKey: string
  /** Default https://api.0x.org (tests point it at a loopback stand-in). */
  baseUrl?: string | undefined
  timeoutMs?: number | undefined
}

export const ZERO_EX_DEFAULT_URL = 'https://api.0x.org'
/** 0x's AllowanceHolder (Cancun chains): the spender of the allowance-holder flow. */
export const ZERO_EX_ALLOWANCE_HOLDER = '0x0000000000001fF3684f28c67538d4D072C22734'

const Uint = v.pipe(v.string(), v.regex(/^\d{1,78}$/))
const AddressText = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/))
const Issues = v.object({
  allowance: v.nullish(v.object({ actual: Uint, spender: AddressText })),
  balance: v.nullish(v.object({ token: AddressText, actual: Uint, expected: Uint })),
  simulationIncomplete: v.optional(v.boolean()),
})
const Fee = v.nullish(v.object({ amount: Uint, token: AddressText, type: v.string() }))
const Priced = v.object({
  liquidityAvailable: v.literal(true),
  buyAmount: Uint,
  sellAmount: Uint,
  minBuyAmount: Uint,
  gas: v.nullish(Uint),
  issues: Issues,
  fees: v.object({ zeroExFee: Fee, integratorFee: v.optional(Fee), gasFee: v.optional(Fee) }),
})
const PriceAnswer = v.variant('liquidityAvailable', [
  v.object({ liquidityAvailable: v.literal(false) }),
  Priced,
])
const QuoteAnswer = v.variant('liquidityAvailable', [
  v.object({ liquidityAvailable: v.literal(false) }),
  v.object({
    ...Priced.entries,
    transaction: v.object({
      to: AddressText,
      data: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]*$/)),
      value: Uint,
      gas: v.nullish(Uint),
      gasPrice: v.optional(Uint),
    }),
  }),
])
const ErrorAnswer = v.object({ name: v.optional(v.string()), message: v.optional(v.string()) })

export interface ZeroExProviderOptions {
  client: PublicClient
  chainId: string
  native: { name: string; symbol: string; decimals: number }
  tokens: readonly Address[]
  prices: PriceSource
  api: ZeroExOptions | undefined
}

/**
 * @example
 * const provider = zeroExProvider({ client, chainId: 'eip155:1', native, tokens, prices, api })
 */
export function zeroExProvider(options: ZeroExProviderOptions): SwapProvider {
  const { client, api } = options
  const chain = evmChainNumber(options.chainId)
  const base = (api?.baseUrl ?? ZERO_EX_DEFAULT_URL).replace(/\/+$/, '')
  const token = tokenReader(client, options.native)
  const spender = getAddress(ZERO_EX_ALLOWANCE_HOLDER)

  const get = async <S extends v.GenericSchema>(
    path: string,
    query: Record<string, string>,
    schema: S,
  ): Promise<v.InferOutput<S>> => {
    if (!api?.apiKey) throw providerError('0x', 'no API key is configured on the server')
    const url = new URL(`${base}${path}`)
    for (const [name, value] of Object.entries({ chainId: String(chain), ...query })) {
      url.searchParams.set(name, value)
    }
    let response: Response
    try {
      response = await fetch(url, {
        headers: { '0x-api-key': api.apiKey, '0x-version': 'v2', accept: 'application/json' },
        signal: AbortSignal.timeout(api.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw providerError('0x', 'the API did not answer', error)
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const parsed = v.safeParse(ErrorAnswer, body)
      const message = (parsed.success && (parsed.output.message ?? parsed.output.name)) || ''
      throw providerError('0x', message || `HTTP ${response.status}`)
    }
    const parsed = v.safeParse(schema, body)
    if (!parsed.success) throw providerError('0x', `unexpected answer from ${url.pathname}`)
    return parsed.output
  }

  const pairQuery = (from: Address, to: Address, amount: bigint) => ({
    sellToken: from,
    buyToken: to,
    sellAmount: amount.toString(),
  })

  return {
    id: '0x',
    async tokens() {
      return Promise.all([SWAP_NATIVE_ADDRESS as Address, ...options.tokens].map(token))
    },
    async quote({ from, to, amount }) {
      const [answer, fromToken, toToken] = await Promise.all([
        get('/swap/allowance-holder/price', pairQuery(from, to, amount), PriceAnswer),
        token(from),
        token(to),
      ])
      if (!answer.liquidityAvailable) throw noLiquidity('0x found no route')
      const fee = answer.fees.zeroExFee
      return {
        from: fromToken,
        to: toToken,
        toAmount: BigInt(answer.buyAmount),
        priceImpact: null,
        providerFee:
          fee && fee.token.toLowerCase() === from.toLowerCase() ? BigInt(fee.amount) : null,
        gas: answer.gas ? BigInt(answer.gas) : null,
      }
    },
    async allowance(address, owner) {
      if (isNative(address)) return { allowance: maxUint256, spender }
      const allowance = await client.readContract({
        address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      })
      return { allowance, spender }
    },
    async buildApprove(address, amount) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, amount ?? maxUint256],
      })
      return { to: address, data, value: 0n, gas: null }
    },
    async buildSwap({ from, to, amount }, account, slippage) {
      const answer = await get(
        '/swap/allowance-holder/quote',
        {
          ...pairQuery(from, to, amount),
          taker: account,
          slippageBps: String(Math.round(slippage * 100)),
        },
        QuoteAnswer,
      )
      if (!answer.liquidityAvailable) throw noLiquidity('0x found no route')
      if (answer.issues.balance) {
        const { expected, actual } = answer.issues.balance
        throw new HttpError(
          400,
          'INSUFFICIENT_BALANCE',
          `Insufficient balance: ${expected} needed, ${actual} held`,
        )
      }
      if (answer.issues.allowance) {
        const { actual, spender: needed } = answer.issues.allowance
        throw new HttpError(
          409,
          'ALLOWANCE_TOO_LOW',
          `Approve ${getAddress(needed)} first: its allowance is ${actual}`,
        )
      }
      return {
        tx: {
          to: getAddress(answer.transaction.to),
          data: answer.transaction.data as Hex,
          value: BigInt(answer.transaction.value),
          gas: answer.transaction.gas ? BigInt(answer.transaction.gas) : null,
        },
        toAmount: BigInt(answer.buyAmount),
        minAmountOut: BigInt(answer.minBuyAmount),
      }
    },
    gasPrice: () => gasPrice(client),
    async prices(addresses) {
      const tokens = await Promise.all(addresses.map(token))
      return options.prices.prices(
        tokens.map((t) => ({
          chainId: options.chainId,
          symbol: t.symbol,
          address: isNative(t.address) ? undefined : t.address.toLowerCase(),
        })),
      )
    },
  }
}
