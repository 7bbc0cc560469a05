// The swap provider interface: what the swap routes ask a provider, whatever answers behind it
// (a Uniswap V2 router on the chain, 1inch's or 0x's API). Amounts are bigints in the token's
// smallest unit; the routes turn them into the API's strings.
import type { Address, Hex } from 'viem'
import type { GasPriceResponse, SwapProviderId, SwapToken } from '../api-types.js'
import { HttpError } from '../http/errors.js'

export interface SwapPair {
  /** Checksummed token address or SWAP_NATIVE_ADDRESS. */
  from: Address
  to: Address
  /** Sold, smallest unit. */
  amount: bigint
}

export interface ProviderQuote {
  from: SwapToken
  to: SwapToken
  toAmount: bigint
  /** Percent; null when the provider does not say. */
  priceImpact: number | null
  /** In the sold token's smallest unit; null when unknown. */
  providerFee: bigint | null
  gas: bigint | null
}

export interface ProviderTransaction {
  to: Address
  data: Hex
  value: bigint
  gas: bigint | null
}

export interface ProviderSwap {
  tx: ProviderTransaction
  toAmount: bigint
  minAmountOut: bigint
}

export interface SwapProvider {
  readonly id: SwapProviderId
  tokens(): Promise<SwapToken[]>
  quote(pair: SwapPair): Promise<ProviderQuote>
  allowance(token: Address, owner: Address): Promise<{ allowance: bigint; spender: Address }>
  /** `approve(spender, amount)` on `token`; amount undefined = unlimited. */
  buildApprove(token: Address, amount: bigint | undefined): Promise<ProviderTransaction>
  /** The swap for `account`, receiving at least toAmount × (1 − slippage %). */
  buildSwap(pair: SwapPair, account: Address, slippage: number): Promise<ProviderSwap>
  gasPrice(): Promise<GasPriceResponse>
  /** USD per unit of each address (null when unknown), in order. */
  prices(addresses: readonly Address[]): Promise<(number | null)[]>
}

/** 400 NO_LIQUIDITY: no pool or route fills the amount. */
export const noLiquidity = (detail: string) =>
  new HttpError(400, 'NO_LIQUIDITY', `Not enough liquidity for this swap: ${detail}`)

/** 502 SWAP_PROVIDER_ERROR with the provider's own words (rendered as text by the UI). */
export const providerError = (provider: SwapProviderId, message: string, cause?: unknown) =>
  new HttpError(502, 'SWAP_PROVIDER_ERROR', `${provider}: ${message}`, { cause })

/** The least the visitor accepts: `amount` less `slippage` percent, rounded down. */
export function minimumOut(amount: bigint, slippage: number): bigint {
  const basisPoints = BigInt(Math.round(slippage * 100))
  return (amount * (10_000n - basisPoints)) / 10_000n
}
