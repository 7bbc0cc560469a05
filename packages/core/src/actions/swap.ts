// SwapController's actions (issue 28): the swap API of the dapp's server (spec §7 "Fetch swap
// tokens", "Gas price", "Swap allowance"), the checks made before the wallet is asked, and the
// two wallet steps, approve then swap, each watched until mined. The Swap views load this with
// their group, so no page pays for it before a visitor opens Swap. Actions take parameters:
// the views parse the draft once (`parseSwapAmount`) and pass what they parsed.
import { getAdapter } from '../adapters/registry.js'
import type { ChainAdapter } from '../adapters/types.js'
import {
  SWAP_NATIVE_ADDRESS,
  type SwapAllowanceResponse,
  type SwapApproveResponse,
  type SwapBuildResponse,
  type SwapChainsResponse,
  type SwapPricesResponse,
  type SwapQuoteResponse,
  type SwapTokensResponse,
} from '../api/swap.js'
import type { GasPriceResponse } from '../api/types.js'
import { BaseError } from '../errors/base.js'
import { kitError } from '../errors/errors.js'
import { isUserRejection } from '../errors/rejection.js'
import { sendError } from '../errors/send-messages.js'
import { $activeAccount } from '../stores/account.js'
import { activeTarget } from '../stores/active-target.js'
import { $api } from '../stores/api.js'
import { expireTokenBalances, fetchBalances } from '../stores/balances.js'
import { $activeNetwork, isUnsupportedNetwork } from '../stores/chain.js'
import { emitEvent } from '../stores/events.js'
import { refreshTransactions } from '../stores/transactions.js'
import type { CaipNetworkId } from '../types/network.js'
import { parseUnits } from '../utils/format.js'
import { createMutation } from '../utils/mutation.js'
import { refreshBalance } from './refresh-account.js'
import { pollingInterval, SEND_MAX_POLLS, SEND_WAIT_MS } from './send.js'

export { SWAP_NATIVE_ADDRESS }

/** Spec §9-like: how often an open Swap view asks for a fresh quote. */
export const SWAP_QUOTE_REFRESH_MS = 15_000

/** Whether `address` is the swap API's native currency. */
export const isSwapNative = (address: string | undefined) =>
  address?.toLowerCase() === SWAP_NATIVE_ADDRESS.toLowerCase()

let chains: Promise<SwapChainsResponse> | undefined

/**
 * The project's chains that swap (`GET /v1/swap/chains`), asked once per page; a failure is
 * asked again next time.
 *
 * @example (await fetchSwapChains()).chains.some((c) => c.chainId === 'eip155:1')
 */
export function fetchSwapChains(): Promise<SwapChainsResponse> {
  chains ??= $api.get().get<SwapChainsResponse>('/v1/swap/chains')
  chains.catch(() => {
    chains = undefined
  })
  return chains
}

/** Forgets the cached chain list (tests; a project that changed its config). */
export function clearSwapChains(): void {
  chains = undefined
}

/** Whether the server swaps on `chainId`; false when it cannot be asked. */
export async function swapSupported(chainId: CaipNetworkId | undefined): Promise<boolean> {
  if (!chainId) return false
  try {
    return (await fetchSwapChains()).chains.some((chain) => chain.chainId === chainId)
  } catch {
    return false
  }
}

const get = <T>(path: string, query: Record<string, string | undefined>) =>
  $api.get().get<T>(path, { query })

/** `GET /v1/swap/tokens`. */
export const fetchSwapTokens = (chainId: CaipNetworkId) =>
  get<SwapTokensResponse>('/v1/swap/tokens', { chainId })

/** A swap as the visitor asked for it, parsed: addresses, and the amount in base units. */
export interface SwapParameters {
  chainId: CaipNetworkId
  from: string
  to: string
  amount: bigint
}

/** `GET /v1/swap/quote`. */
export const fetchSwapQuote = ({ chainId, from, to, amount }: SwapParameters) =>
  get<SwapQuoteResponse>('/v1/swap/quote', { chainId, from, to, amount: amount.toString() })

/** `GET /v1/swap/allowance` (spec §7 "Swap allowance"). */
export const fetchSwapAllowance = (chainId: CaipNetworkId, token: string, owner: string) =>
  get<SwapAllowanceResponse>('/v1/swap/allowance', {
    chainId,
    tokenAddress: token,
    userAddress: owner,
  })

/** `GET /v1/swap/gas-price` (spec §7 "Gas price"). */
export const fetchSwapGasPrice = (chainId: CaipNetworkId) =>
  get<GasPriceResponse>('/v1/swap/gas-price', { chainId })

/** `GET /v1/swap/prices`: USD per unit by address. */
export const fetchSwapPrices = (chainId: CaipNetworkId, addresses: readonly string[]) =>
  get<SwapPricesResponse>('/v1/swap/prices', { chainId, addresses: addresses.join(',') })

/**
 * The typed amount in base units, or the error of its text ("Enter an amount above 0", too
 * many decimals, not a number); undefined for an empty text.
 *
 * @example parseSwapAmount('1.5', 6) // { value: 1500000n }
 */
export function parseSwapAmount(
  text: string | undefined,
  decimals: number,
): { value?: bigint; error?: BaseError } {
  const trimmed = text?.trim()
  if (!trimmed) return {}
  try {
    const value = parseUnits(trimmed, decimals)
    return value > 0n ? { value } : { error: sendError('SEND_AMOUNT_NOT_POSITIVE') }
  } catch (error) {
    return { error: error instanceof BaseError ? error : kitError('UNKNOWN', { cause: error }) }
  }
}

/**
 * The first check a swap fails before the wallet is asked: "Insufficient balance" when the
 * amount is above the balance of the sold token, "Insufficient funds for the network fee" when
 * the native balance does not cover `fee` (and the amount, when the native currency is sold).
 * Undefined when it passes or a balance is unknown.
 *
 * @example swapBalanceError({ amount, fromBalance, nativeBalance, fee, fromNative: true })
 */
export function swapBalanceError(check: {
  amount: bigint
  fromBalance: bigint | undefined
  nativeBalance: bigint | undefined
  fee: bigint | undefined
  fromNative: boolean
}): BaseError | undefined {
  if (check.fromBalance !== undefined && check.amount > check.fromBalance) {
    return sendError('INSUFFICIENT_BALANCE')
  }
  if (check.nativeBalance === undefined || check.fee === undefined) return undefined
  const needed = check.fromNative ? check.amount + check.fee : check.fee
  return needed > check.nativeBalance ? sendError('INSUFFICIENT_FEE') : undefined
}

function swappingAdapter(chainId: CaipNetworkId): ChainAdapter {
  const network = $activeNetwork.get()
  const adapter = network && getAdapter(network.chainNamespace)
  if (
    !network ||
    isUnsupportedNetwork(network) ||
    network.caipNetworkId !== chainId ||
    !adapter?.sendTransaction
  ) {
    throw kitError('UNSUPPORTED_CHAIN', { details: chainId })
  }
  return adapter
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `id` up to 25 s (spec §9 transaction wait); `pending` when not mined by then. */
async function mined(adapter: ChainAdapter, id: string) {
  if (!adapter.getTransactionStatus) return 'success' as const
  const until = Date.now() + SEND_WAIT_MS
  const interval = pollingInterval($activeNetwork.get())
  for (let poll = 0; poll < SEND_MAX_POLLS; poll++) {
    const status = await adapter.getTransactionStatus(id).catch(() => 'pending' as const)
    if (status !== 'pending' || Date.now() + interval > until) return status
    await wait(interval)
  }
  return 'pending' as const
}

/** Sends one transaction of the swap API through the wallet and waits until it is mined. */
async function sendStep(
  chainId: CaipNetworkId,
  tx: { to: string; data: string; value: string },
  step: 'approve' | 'swap',
): Promise<string> {
  const adapter = swappingAdapter(chainId)
  let id: string
  try {
    id = await (adapter.sendTransaction as NonNullable<ChainAdapter['sendTransaction']>)({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
    })
  } catch (error) {
    const declined = isUserRejection(error)
    emitEvent('SWAP_ERROR', { step, declined })
    // The wallet's own words (a revert reason such as the router's) stay in `details`.
    throw declined ? kitError('SIGNATURE_DECLINED', { cause: error }) : error
  }
  const status = await mined(adapter, id)
  if (status === 'failed') {
    emitEvent('SWAP_ERROR', { step, hash: id })
    // The receipt says only "reverted"; the adapter replays the call for the router's words.
    const revertReason = await adapter.getRevertReason?.(id).catch(() => undefined)
    const error = sendError('TRANSACTION_REVERTED', { details: revertReason ?? id })
    throw Object.assign(error, { transactionId: id, revertReason }) satisfies SwapRevertedError
  }
  return id
}

/**
 * The error of a swap step that was mined and reverted ("The transaction failed"), with the
 * transaction's id and, when the adapter could read it, the contract's revert reason (the
 * router's "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT"), to be shown as text.
 */
export interface SwapRevertedError extends BaseError {
  transactionId: string
  revertReason: string | undefined
}

/** What a swap ended with. */
export interface SwapResult {
  approveId: string | undefined
  id: string
  /** The server's quote for the built transaction and the least the router accepts. */
  toAmount: bigint
  minAmountOut: bigint
}

export interface SwapRun extends SwapParameters {
  /** Max slippage, percent (default 1, spec §9). */
  slippage?: number
  /** Called between the wallet steps, so a view can say which one the wallet shows. */
  onStep?(step: 'approve' | 'swap'): void
}

async function run(params: SwapRun): Promise<SwapResult> {
  const owner = $activeAccount.get().address
  if (!owner) throw kitError('UNSUPPORTED_CHAIN', { details: params.chainId })
  swappingAdapter(params.chainId)
  let approveId: string | undefined
  if (!isSwapNative(params.from)) {
    const { allowance } = await fetchSwapAllowance(params.chainId, params.from, owner)
    if (BigInt(allowance) < params.amount) {
      params.onStep?.('approve')
      const approve = await get<SwapApproveResponse>('/v1/swap/approve', {
        chainId: params.chainId,
        tokenAddress: params.from,
        amount: params.amount.toString(),
      })
      approveId = await sendStep(params.chainId, approve, 'approve')
    }
  }
  params.onStep?.('swap')
  const built = await get<SwapBuildResponse>('/v1/swap/transaction', {
    chainId: params.chainId,
    from: params.from,
    to: params.to,
    amount: params.amount.toString(),
    userAddress: owner,
    slippage: params.slippage === undefined ? undefined : String(params.slippage),
  })
  const key = activeTarget()?.key
  const id = await sendStep(params.chainId, built.tx, 'swap')
  emitEvent('SWAP_SUCCESS', { hash: id, provider: built.provider })
  const network = $activeNetwork.get()
  if (network) void refreshBalance(network.chainNamespace, { force: true })
  if (key) expireTokenBalances(key)
  if (key && activeTarget()?.key === key) void fetchBalances({ force: true })
  void refreshTransactions(owner).catch(() => {})
  return {
    approveId,
    id,
    toAmount: BigInt(built.toAmount),
    minAmountOut: BigInt(built.minAmountOut),
  }
}

/**
 * The swap mutation: its `$state` is the one "a swap is in flight" fact; one at a time.
 */
export const swapMutation = createMutation(run, { exclusive: true })

/**
 * Swaps `amount` of `from` for `to` on `chainId` for the active account: when the sold token's
 * allowance is short, first asks the wallet to approve exactly `amount` (step one), then asks
 * it to send the swap the server built with the slippage's minimum (step two); each waits for
 * its receipt. After the swap: balances and activity refreshed. A wallet's "no" rejects with
 * "Signature declined"; a revert with "The transaction failed" (a `SwapRevertedError`
 * carrying the router's revert reason when the adapter reads it); a wallet that refuses to send
 * (the router's error in its simulation) rejects with its own error.
 *
 * @example await swap({ chainId: 'eip155:1', from: SWAP_NATIVE_ADDRESS, to: usdc, amount: 10n ** 17n })
 */
export function swap(params: SwapRun): Promise<SwapResult> {
  return swapMutation.mutate(params)
}
