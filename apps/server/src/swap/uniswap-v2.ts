// The `uniswap-v2` provider: a Uniswap V2 Router02 on the chain itself. Quotes with
// `getAmountsOut` (direct pair, or through WETH when that gives more), swaps with the router's
// `swapExact*` and `amountOutMin` from the slippage, with a deadline.
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  maxUint256,
  type PublicClient,
  parseAbi,
} from 'viem'
import { type GasPriceResponse, SWAP_NATIVE_ADDRESS } from '../api-types.js'
import { gasPrice } from '../blockchain/gas.js'
import type { PriceSource } from '../blockchain/prices.js'
import {
  minimumOut,
  noLiquidity,
  type ProviderQuote,
  type ProviderSwap,
  type SwapPair,
  type SwapProvider,
} from './provider.js'
import { isNative, tokenReader } from './tokens.js'

/** The parts of Router02, factory and pair this provider calls. */
export const UNISWAP_V2_ABI = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

/** The router's fee per hop: 0.3 %. */
const FEE_NUMERATOR = 997n
const FEE_DENOMINATOR = 1000n

export interface UniswapV2Options {
  client: PublicClient
  /** CAIP-2 of the chain (for the price source). */
  chainId: string
  router: Address
  tokens: readonly Address[]
  native: { name: string; symbol: string; decimals: number }
  prices: PriceSource
  deadlineSeconds: number
  now: () => number
}

/**
 * @example
 * const provider = uniswapV2Provider({ client, chainId: 'eip155:31337', router, tokens, ... })
 * const quote = await provider.quote({ from: SWAP_NATIVE_ADDRESS, to: tusd, amount: 10n ** 18n })
 */
export function uniswapV2Provider(options: UniswapV2Options): SwapProvider {
  const { client, router } = options
  let contracts: Promise<{ weth: Address; factory: Address }> | undefined
  const routerContracts = () => {
    contracts ??= Promise.all([
      client.readContract({ address: router, abi: UNISWAP_V2_ABI, functionName: 'WETH' }),
      client.readContract({ address: router, abi: UNISWAP_V2_ABI, functionName: 'factory' }),
    ]).then(([weth, factory]) => ({ weth, factory }))
    contracts.catch(() => {
      contracts = undefined
    })
    return contracts
  }
  const token = tokenReader(client, options.native)
  const nativeToken = token(SWAP_NATIVE_ADDRESS)

  /** The router's path for a pair of API addresses (native → WETH). */
  const onChain = (address: Address, weth: Address) => (isNative(address) ? weth : address)

  /** The best path and its amounts, or NO_LIQUIDITY. */
  const route = async ({ from, to, amount }: SwapPair) => {
    const { weth } = await routerContracts()
    const [a, b] = [onChain(from, weth), onChain(to, weth)]
    if (a.toLowerCase() === b.toLowerCase()) throw noLiquidity('the two tokens are the same')
    const paths: Address[][] = [[a, b]]
    if (a.toLowerCase() !== weth.toLowerCase() && b.toLowerCase() !== weth.toLowerCase()) {
      paths.push([a, weth, b])
    }
    const quoted = await Promise.all(
      paths.map((path) =>
        client
          .readContract({
            address: router,
            abi: UNISWAP_V2_ABI,
            functionName: 'getAmountsOut',
            args: [amount, path],
          })
          .then((amounts) => ({ path, out: amounts.at(-1) ?? 0n }))
          .catch(() => undefined),
      ),
    )
    const best = quoted
      .flatMap((q) => (q !== undefined && q.out > 0n ? [q] : []))
      .sort((x, y) => (x.out > y.out ? -1 : 1))[0]
    if (!best) throw noLiquidity('no pool holds both tokens')
    return best
  }

  /** Price impact (percent, fee excluded) of `amount` along `path` from the pools' reserves. */
  const priceImpact = async (path: readonly Address[], amount: bigint, out: bigint) => {
    const { factory } = await routerContracts()
    let ideal = amount
    for (let hop = 0; hop + 1 < path.length; hop++) {
      const [tokenIn, tokenOut] = [path[hop] as Address, path[hop + 1] as Address]
      const pair = await client.readContract({
        address: factory,
        abi: UNISWAP_V2_ABI,
        functionName: 'getPair',
        args: [tokenIn, tokenOut],
      })
      const [[reserve0, reserve1], token0] = await Promise.all([
        client.readContract({ address: pair, abi: UNISWAP_V2_ABI, functionName: 'getReserves' }),
        client.readContract({ address: pair, abi: UNISWAP_V2_ABI, functionName: 'token0' }),
      ])
      const inFirst = token0.toLowerCase() === tokenIn.toLowerCase()
      const [reserveIn, reserveOut] = inFirst ? [reserve0, reserve1] : [reserve1, reserve0]
      if (reserveIn === 0n) return null
      ideal = (ideal * reserveOut * FEE_NUMERATOR) / (reserveIn * FEE_DENOMINATOR)
    }
    if (ideal === 0n) return null
    // Parts per million of the ideal output that the trade's size costs.
    const lostPpm = ((ideal - out) * 1_000_000n) / ideal
    return Number(lostPpm < 0n ? 0n : lostPpm) / 10_000
  }

  const feeOf = (amount: bigint, hops: number) =>
    amount - (amount * FEE_NUMERATOR ** BigInt(hops)) / FEE_DENOMINATOR ** BigInt(hops)

  const quote = async (pair: SwapPair): Promise<ProviderQuote> => {
    const [best, from, to] = await Promise.all([route(pair), token(pair.from), token(pair.to)])
    const hops = best.path.length - 1
    return {
      from,
      to,
      toAmount: best.out,
      priceImpact: await priceImpact(best.path, pair.amount, best.out).catch(() => null),
      providerFee: feeOf(pair.amount, hops),
      gas: null,
    }
  }

  const buildSwap = async (
    pair: SwapPair,
    account: Address,
    slippage: number,
  ): Promise<ProviderSwap> => {
    const best = await route(pair)
    const minAmountOut = minimumOut(best.out, slippage)
    const deadline = BigInt(Math.floor(options.now() / 1000) + options.deadlineSeconds)
    const data = isNative(pair.from)
      ? encodeFunctionData({
          abi: UNISWAP_V2_ABI,
          functionName: 'swapExactETHForTokens',
          args: [minAmountOut, best.path, account, deadline],
        })
      : encodeFunctionData({
          abi: UNISWAP_V2_ABI,
          functionName: isNative(pair.to) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [pair.amount, minAmountOut, best.path, account, deadline],
        })
    const value = isNative(pair.from) ? pair.amount : 0n
    // Unknown until the allowance is there (the estimate would revert); the wallet estimates.
    const gas = await client.estimateGas({ account, to: router, data, value }).catch(() => null)
    return { tx: { to: router, data, value, gas }, toAmount: best.out, minAmountOut }
  }

  return {
    id: 'uniswap-v2',
    async tokens() {
      const tokens = await Promise.all(options.tokens.map((address) => token(address)))
      return [await nativeToken, ...tokens]
    },
    quote,
    async allowance(address, owner) {
      if (isNative(address)) return { allowance: maxUint256, spender: router }
      const allowance = await client.readContract({
        address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, router],
      })
      return { allowance, spender: router }
    },
    async buildApprove(address, amount) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, amount ?? maxUint256],
      })
      return { to: address, data, value: 0n, gas: null }
    },
    buildSwap,
    gasPrice: (): Promise<GasPriceResponse> => gasPrice(client),
    async prices(addresses) {
      const tokens = await Promise.all(addresses.map((address) => token(address)))
      const listed = await options.prices.prices(
        tokens.map((t) => ({
          chainId: options.chainId,
          symbol: t.symbol,
          address: isNative(t.address as Address) ? undefined : t.address.toLowerCase(),
        })),
      )
      const [nativeUsd] = await options.prices.prices([
        { chainId: options.chainId, symbol: options.native.symbol },
      ])
      // Unlisted tokens: the native price through the token's pool with WETH, when there is one.
      return Promise.all(
        tokens.map(async (t, i) => {
          if (listed[i] != null || nativeUsd == null) return listed[i] ?? null
          const unit = 10n ** BigInt(t.decimals)
          const out = await route({
            from: t.address as Address,
            to: SWAP_NATIVE_ADDRESS,
            amount: unit,
          })
            .then((r) => (r.path.length === 2 ? r.out : null))
            .catch(() => null)
          if (out === null) return null
          return (Number(out) / 10 ** options.native.decimals) * nativeUsd
        }),
      )
    },
  }
}
