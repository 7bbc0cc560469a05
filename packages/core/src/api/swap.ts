// Swap API (issue 28): tokens, quote, allowance, approve and swap transactions, gas price and
// token prices of the dapp's own server, whatever provider answers behind it (Uniswap V2, 1inch,
// 0x). Every endpoint takes `projectId` and `chainId` (CAIP-2) as query parameters; a chain
// without a swap provider answers 404 `SWAP_NOT_SUPPORTED` "Network not supported for Swaps".
// Amounts are integer strings in the token's smallest unit.

/** The native currency's address in the swap API (1inch's and 0x's convention). */
export const SWAP_NATIVE_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** Spec §8. */
export const SWAP_NOT_SUPPORTED_MESSAGE = 'Network not supported for Swaps'

/** Error codes of the swap API, beside `ApiErrorCode`. */
export type SwapApiErrorCode =
  /** The chain has no swap provider (HTTP 404, "Network not supported for Swaps"). */
  | 'SWAP_NOT_SUPPORTED'
  /** No pool or route can fill the amount (HTTP 400). */
  | 'NO_LIQUIDITY'
  /** The provider refused or failed (HTTP 502; its message is passed as text). */
  | 'SWAP_PROVIDER_ERROR'
  /** 0x: the sold token's allowance to the spender is short; approve first (HTTP 409). */
  | 'ALLOWANCE_TOO_LOW'
  /** 0x: the account holds less than the swap sells (HTTP 400). */
  | 'INSUFFICIENT_BALANCE'

export type SwapProviderId = 'uniswap-v2' | '1inch' | '0x'

/** `GET /v1/swap/chains?projectId=`: the project's chains that have a swap provider. */
export interface SwapChainsResponse {
  chains: { chainId: string; provider: SwapProviderId }[]
}

export interface SwapToken {
  /** Checksummed contract address, or `SWAP_NATIVE_ADDRESS`. */
  address: string
  symbol: string
  name: string
  decimals: number
  logoUri: string | null
}

/** `GET /v1/swap/tokens?projectId=&chainId=`. */
export interface SwapTokensResponse {
  tokens: SwapToken[]
}

/** `GET /v1/swap/quote?projectId=&chainId=&from=&to=&amount=`. */
export interface SwapQuoteResponse {
  provider: SwapProviderId
  from: SwapToken
  to: SwapToken
  /** Sold, smallest unit. */
  amount: string
  /** Expected to receive, smallest unit. */
  toAmount: string
  /** Percent (0.42 = 0.42 %) the price moves against the visitor; null when unknown. */
  priceImpact: number | null
  /** The provider's fee, in the sold token's smallest unit; null when unknown. */
  providerFee: string | null
  /** Gas units of the swap; null when unknown. */
  gas: string | null
}

/** `GET /v1/swap/allowance?projectId=&chainId=&tokenAddress=&userAddress=`. */
export interface SwapAllowanceResponse {
  /** Smallest unit; the native currency answers 2^256 - 1 (nothing to approve). */
  allowance: string
  /** Who the approval is for (the router or the provider's allowance holder). */
  spender: string
}

/** A transaction for the wallet to send as is. */
export interface SwapTransactionRequest {
  to: string
  data: string
  /** Wei, integer string. */
  value: string
  /** Gas units; null when unknown. */
  gas: string | null
}

/** `GET /v1/swap/approve?projectId=&chainId=&tokenAddress=&amount=` (amount optional: unlimited). */
export type SwapApproveResponse = SwapTransactionRequest

/**
 * `GET /v1/swap/transaction?projectId=&chainId=&from=&to=&amount=&userAddress=&slippage=`:
 * slippage in percent (default 1, spec §9), the received amount is at least `minAmountOut`.
 */
export interface SwapBuildResponse {
  provider: SwapProviderId
  tx: SwapTransactionRequest
  toAmount: string
  minAmountOut: string
  slippage: number
}

/** `GET /v1/swap/prices?projectId=&chainId=&addresses=a,b`: USD per unit, null when unknown. */
export interface SwapPricesResponse {
  prices: Record<string, number | null>
}
