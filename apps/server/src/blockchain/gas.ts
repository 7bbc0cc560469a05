// Gas price tiers from eth_feeHistory: the next block's base fee plus the 25th, 50th and 90th
// percentile priority fees of recent blocks (standard, fast, instant).
import type { PublicClient } from 'viem'
import type { GasPriceResponse } from '../api-types.js'

const BLOCKS = 20
const PERCENTILES = [25, 50, 90]

// Math.max takes no bigints.
const atLeast = (value: bigint, floor: bigint) => (value < floor ? floor : value)

const average = (values: readonly bigint[]) =>
  values.length === 0 ? 0n : values.reduce((sum, v) => sum + v, 0n) / BigInt(values.length)

/**
 * @example
 * const { standard, fast, instant } = await gasPrice(client) // wei as decimal strings
 */
export async function gasPrice(client: PublicClient): Promise<GasPriceResponse> {
  let history: Awaited<ReturnType<PublicClient['getFeeHistory']>>
  try {
    history = await client.getFeeHistory({
      blockCount: BLOCKS,
      blockTag: 'latest',
      rewardPercentiles: PERCENTILES,
    })
  } catch {
    // Chains without EIP-1559: every tier is the node's legacy gas price.
    const price = (await client.getGasPrice()).toString()
    return { standard: price, fast: price, instant: price }
  }
  // baseFeePerGas has one more entry than blocks: the next block's base fee.
  const nextBase = history.baseFeePerGas.at(-1) ?? 0n
  const tips = PERCENTILES.map((_, i) => average((history.reward ?? []).map((r) => r[i] ?? 0n)))
  const [standard = 0n, fast = 0n, instant = 0n] = tips.map((tip) => nextBase + tip)
  // Tiers never go down (an odd block can make a higher percentile's average lower).
  const fastAtLeast = atLeast(fast, standard)
  const instantAtLeast = atLeast(instant, fastAtLeast)
  return {
    standard: standard.toString(),
    fast: fastAtLeast.toString(),
    instant: instantAtLeast.toString(),
  }
}
