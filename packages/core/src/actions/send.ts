// SendController's actions (spec §4 "Sending", §5 validation, §9 transaction wait and pending
// watch): what can be sent, the checks made before the wallet is asked, the network fee, and
// the send itself with its watch. The Send views load this with their group (import()), so no
// page pays for it before a visitor opens Send.
import { getAdapter } from '../adapters/registry.js'
import type { ChainAdapter, SendTransferParameters } from '../adapters/types.js'
import type { NameResponse, TokenBalance } from '../api/types.js'
import { BaseError } from '../errors/base.js'
import { kitError } from '../errors/errors.js'
import { isUserRejection } from '../errors/rejection.js'
import { sendError } from '../errors/send-messages.js'
import { $activeAccount } from '../stores/account.js'
import { activeTarget } from '../stores/active-target.js'
import { $api, hasApi } from '../stores/api.js'
import {
  $balances,
  BALANCE_API_NAMESPACES,
  expireTokenBalances,
  fetchBalances,
} from '../stores/balances.js'
import { $activeNetwork, isUnsupportedNetwork } from '../stores/chain.js'
import { emitEvent } from '../stores/events.js'
import { $features } from '../stores/project-config.js'
import { $sendDraft, resetSendDraft, type SendDraft, updateSendDraft } from '../stores/send.js'
import { refreshTransactions } from '../stores/transactions.js'
import { walletFeatureBlock } from '../stores/wallet-features.js'
import type { CaipNetwork } from '../types/network.js'
import { isAddressFor } from '../utils/address.js'
import { formatUnits, parseUnits } from '../utils/format.js'
import { createMutation } from '../utils/mutation.js'
import { refreshBalance } from './refresh-account.js'

/** Spec §9 "Transaction wait on send 25 s": how long `sendToken` waits for the receipt. */
export const SEND_WAIT_MS = 25_000
/** Spec §9 "pending watch stops at 99": polls of a sent transaction before giving up. */
export const SEND_MAX_POLLS = 99
/** Time between two polls of a sent transaction. */
export const SEND_POLL_MS = 1_000

/** The amount of `token` in its smallest unit, or undefined when its numbers are not valid. */
export function tokenUnits(token: TokenBalance): bigint | undefined {
  try {
    return parseUnits(token.quantity.numeric, Number(token.quantity.decimals))
  } catch {
    return undefined
  }
}

/** The token's contract address (the last part of its CAIP-10), undefined for the native one. */
export function tokenContract(token: TokenBalance): string | undefined {
  return token.address ? token.address.split(':').pop() : undefined
}

/** The native token of `balances`: the one without a contract address. */
export const nativeToken = (balances: readonly TokenBalance[]) =>
  balances.find((balance) => !balance.address)

function activeNetwork(): CaipNetwork | undefined {
  const network = $activeNetwork.get()
  return network && !isUnsupportedNetwork(network) ? network : undefined
}

/** The adapter that sends on the active network, or "Unsupported chain" (spec §4). */
function sendingAdapter(): { adapter: ChainAdapter; network: CaipNetwork } {
  const network = activeNetwork()
  const adapter = network && getAdapter(network.chainNamespace)
  const block = walletFeatureBlock('send', $features.get(), network?.chainNamespace)
  if (block === 'disabled') throw sendError('SEND_UNAVAILABLE')
  if (!network || !adapter || block) {
    throw kitError('UNSUPPORTED_CHAIN', { details: network?.caipNetworkId })
  }
  return { adapter, network }
}

/**
 * Fills the draft's `tokenBalances` with what the account can send on the active network,
 * native first: the server's token balances where it has them (EVM), and the native balance
 * read from the network through the adapter (exact, so "Max" is exact). A failed read sets
 * `lastRetry`; the list keeps what did load.
 *
 * @example await loadSendTokens()
 */
export async function loadSendTokens(): Promise<void> {
  const target = activeTarget()
  const network = activeNetwork()
  const adapter = network && getAdapter(network.chainNamespace)
  if (!target || !network || !adapter) return
  updateSendDraft({ loading: $sendDraft.get().tokenBalances.length === 0 })
  const server = BALANCE_API_NAMESPACES.includes(network.chainNamespace) && hasApi()
  const [native, tokens] = await Promise.allSettled([
    adapter.getBalance({ address: target.address, network }),
    server ? fetchBalances().then(() => $balances.get().balances) : Promise.resolve([]),
  ])
  // The account or network changed meanwhile: this answer is of another draft.
  if (activeTarget()?.key !== target.key) return
  const listed = tokens.status === 'fulfilled' ? tokens.value : []
  const serverNative = nativeToken(listed)
  const balances: TokenBalance[] = listed.filter((balance) => balance.address)
  if (native.status === 'fulfilled') {
    const numeric = formatUnits(native.value.value, native.value.decimals)
    const price = serverNative?.price ?? null
    balances.unshift({
      name: serverNative?.name ?? network.nativeCurrency.name,
      symbol: native.value.symbol,
      chainId: network.caipNetworkId,
      value: price === null ? null : price * Number(numeric),
      price,
      quantity: { decimals: String(native.value.decimals), numeric },
      iconUrl: serverNative?.iconUrl ?? network.assets?.imageUrl ?? null,
    })
  } else if (serverNative) {
    balances.unshift(serverNative)
  }
  const nativeValue = nativeToken(balances)?.value
  const failed = native.status === 'rejected' || (server && $balances.get().error)
  const picked = $sendDraft.get().token
  updateSendDraft({
    tokenBalances: balances,
    loading: false,
    networkBalanceInUSD: typeof nativeValue === 'number' ? nativeValue.toFixed(2) : undefined,
    // The picked token with its new balance (or the native one when none is picked yet).
    token: picked
      ? (balances.find((b) => b.address === picked.address && b.symbol === picked.symbol) ?? picked)
      : nativeToken(balances),
    ...(failed ? { lastRetry: Date.now() } : {}),
  })
}

/** A receiver the visitor typed, read: the address, and the name it came from. */
export interface ResolvedReceiver {
  address: string
  name?: string
  imageUrl?: string
}

/**
 * Reads what the visitor typed as the receiver: an address of the active namespace as is, or
 * on EVM a name (ENS, or a name registered on our server) resolved by the server's
 * `GET /v1/names/:name`. Throws "Invalid receiver address" for anything else and "No address
 * found for this name" for a name nobody has.
 *
 * @example await resolveReceiver('alice-01') // { address: '0xAb…', name: 'alice-01' }
 */
export async function resolveReceiver(input: string): Promise<ResolvedReceiver> {
  const text = input.trim()
  const network = activeNetwork()
  if (!network) throw kitError('UNSUPPORTED_CHAIN')
  if (isAddressFor(network.chainNamespace, text)) return { address: text }
  // `0x…` that is no address is a mistyped address, never a name.
  const looksLikeName =
    /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*$/u.test(text) && text.length >= 3 && !/^0x/i.test(text)
  if (network.chainNamespace !== 'eip155' || !looksLikeName || !hasApi()) {
    throw sendError('INVALID_RECEIVER', { details: text })
  }
  let found: NameResponse
  try {
    found = await $api.get().get<NameResponse>(`/v1/names/${encodeURIComponent(text)}`, {
      query: { chainId: network.caipNetworkId },
    })
  } catch (error) {
    const status = (error as { status?: number }).status
    if (status === 404 || status === 400) throw sendError('NAME_NOT_RESOLVED', { cause: error })
    throw error
  }
  if (!isAddressFor('eip155', found?.address)) throw sendError('NAME_NOT_RESOLVED')
  const avatar = (found as NameResponse & { avatar?: unknown }).avatar
  return {
    address: found.address,
    name: found.name,
    ...(typeof avatar === 'string' ? { imageUrl: avatar } : {}),
  }
}

/** The transfer a draft asks for, checked (spec §5); throws the first rule it breaks. */
export function transferOf(draft: SendDraft): SendTransferParameters & { token: TokenBalance } {
  const { token, sendTokenAmount, receiverAddress } = draft
  if (!token) throw sendError('SEND_TOKEN_REQUIRED')
  if (!sendTokenAmount?.trim() || !receiverAddress?.trim()) {
    throw sendError('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
  }
  // More decimals than the token has is an error (TOO_MANY_DECIMALS), never a silent rounding.
  const value = parseUnits(sendTokenAmount.trim(), Number(token.quantity.decimals))
  if (value <= 0n) throw sendError('SEND_AMOUNT_NOT_POSITIVE')
  const balance = tokenUnits(token)
  if (balance === undefined || value > balance) throw sendError('INSUFFICIENT_BALANCE')
  const network = activeNetwork()
  if (network && !isAddressFor(network.chainNamespace, receiverAddress.trim())) {
    throw sendError('INVALID_RECEIVER', { details: receiverAddress })
  }
  const contract = tokenContract(token)
  return {
    token,
    to: receiverAddress.trim(),
    value,
    ...(contract ? { tokenAddress: contract } : {}),
  }
}

/**
 * The first rule of spec §5 the draft breaks (as the error the visitor reads), or undefined
 * when it is complete: a token, an amount and a receiver, an amount the token can hold and the
 * balance covers, and, with `fee`, the native balance left for the fee.
 *
 * @example validateSend($sendDraft.get())?.shortMessage // 'A token is required'
 */
export function validateSend(draft: SendDraft, fee?: bigint): BaseError | undefined {
  try {
    const transfer = transferOf(draft)
    if (fee !== undefined) checkFee(draft, transfer.value, transfer.tokenAddress, fee)
    return undefined
  } catch (error) {
    return error instanceof BaseError ? error : kitError('UNKNOWN', { cause: error })
  }
}

function checkFee(draft: SendDraft, value: bigint, tokenAddress: string | undefined, fee: bigint) {
  const native = nativeToken(draft.tokenBalances)
  const nativeBalance = native ? tokenUnits(native) : undefined
  if (nativeBalance === undefined) return
  const needed = tokenAddress ? fee : value + fee
  if (needed > nativeBalance) throw sendError('INSUFFICIENT_FEE')
}

/** A network fee, in the native currency. */
export interface SendFee {
  value: bigint
  decimals: number
  symbol: string
}

/**
 * The network fee of the draft's transfer, from the adapter (EVM: `eth_estimateGas` × gas
 * price); undefined when the adapter cannot tell. Throws the draft's first broken rule.
 *
 * @example (await estimateSendFee())?.value // 21000n * gasPrice
 */
export async function estimateSendFee(): Promise<SendFee | undefined> {
  const { adapter, network } = sendingAdapter()
  const { token: _token, ...transfer } = transferOf($sendDraft.get())
  if (!adapter.estimateTransferFee) return undefined
  const value = await adapter.estimateTransferFee(transfer)
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}

/**
 * The fee of sending the native token to `to` (or to the account itself when `to` is not an
 * address yet), for "Max": a plain value transfer costs the same gas whatever its value, so
 * the estimate is made for 0 and cannot fail for want of funds. Undefined when the adapter
 * cannot estimate.
 *
 * @example maxSendAmount(eth, await estimateNativeFee(receiver))
 */
export async function estimateNativeFee(to?: string): Promise<bigint | undefined> {
  const { adapter, network } = sendingAdapter()
  const receiver =
    to && isAddressFor(network.chainNamespace, to.trim()) ? to.trim() : activeTarget()?.address
  if (!adapter.estimateTransferFee || !receiver) return undefined
  return adapter.estimateTransferFee({ to: receiver, value: 0n })
}

/**
 * The most of `token` the account can send: its balance, less the fee for the native token
 * (never below 0), as a decimal string in the token's units.
 *
 * @example maxSendAmount(eth, 21_000n * 10n ** 9n) // '0.999979'
 */
export function maxSendAmount(token: TokenBalance, fee: bigint | undefined): string {
  const balance = tokenUnits(token) ?? 0n
  const spendable = token.address ? balance : balance - (fee ?? 0n)
  return formatUnits(spendable > 0n ? spendable : 0n, Number(token.quantity.decimals))
}

/** What a send ended with when `sendToken` resolved. */
export interface SendResult {
  /** The transaction hash (EVM) or signature (Solana). */
  id: string
  /** `confirmed`, or `pending` when it was not confirmed within 25 s (watched on after). */
  status: 'confirmed' | 'pending'
  token: TokenBalance
  amount: string
  to: string
}

export interface SendCallbacks {
  /** The transaction confirmed after `sendToken` resolved `pending` (background watch). */
  onConfirmed?(result: SendResult): void
  /** It reverted or was dropped after `sendToken` resolved `pending`. */
  onFailed?(error: BaseError, result: SendResult): void
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `id` until it has a receipt or `SEND_MAX_POLLS` polls are used up; a failed poll (the
 * wallet's node) counts as pending.
 */
async function watch(adapter: ChainAdapter, id: string, polls: { used: number }, until: number) {
  if (!adapter.getTransactionStatus) return 'success' as const
  while (polls.used < SEND_MAX_POLLS) {
    polls.used++
    const status = await adapter.getTransactionStatus(id).catch(() => 'pending' as const)
    if (status !== 'pending') return status
    if (Date.now() + SEND_POLL_MS > until) return 'pending' as const
    await wait(SEND_POLL_MS)
  }
  return 'dropped' as const
}

/** After a confirmed send: the event, fresh balances and activity, an empty draft. */
function settleSuccess(namespaceKey: string | undefined, result: SendResult, address: string) {
  emitEvent('SEND_SUCCESS', {
    token: result.token.symbol,
    amount: result.amount,
    hash: result.id,
  })
  const network = activeNetwork()
  if (network) void refreshBalance(network.chainNamespace, { force: true })
  if (namespaceKey) expireTokenBalances(namespaceKey)
  // Fetched now, watched or not: the view that shows them next (Account, where the send
  // returns) may mount before its store noticed it was left (nanostores unmounts 1 s late).
  if (namespaceKey && activeTarget()?.key === namespaceKey) void fetchBalances({ force: true })
  void refreshTransactions(address).catch(() => {})
  if ($sendDraft.get().key === namespaceKey) resetSendDraft()
}

async function send(callbacks: SendCallbacks): Promise<SendResult> {
  const { adapter } = sendingAdapter()
  const draft = $sendDraft.get()
  const { token, ...transfer } = transferOf(draft)
  const key = draft.key
  const address = $activeAccount.get().address ?? ''
  updateSendDraft({ loading: true })
  let id: string
  try {
    id = await adapter.sendTransfer(transfer)
  } catch (error) {
    updateSendDraft({ loading: false })
    const declined = isUserRejection(error)
    emitEvent('SEND_ERROR', { token: token.symbol, declined })
    // The draft stays: the visitor may try again.
    throw declined ? kitError('SIGNATURE_DECLINED', { cause: error }) : error
  }
  const result: SendResult = {
    id,
    status: 'confirmed',
    token,
    amount: draft.sendTokenAmount?.trim() ?? '',
    to: transfer.to,
  }
  const polls = { used: 0 }
  const first = await watch(adapter, id, polls, Date.now() + SEND_WAIT_MS)
  const failed = (outcome: 'failed' | 'dropped') =>
    outcome === 'failed'
      ? sendError('TRANSACTION_REVERTED', { details: id })
      : sendError('TRANSACTION_DROPPED', { details: id })
  if (first === 'success') {
    settleSuccess(key, result, address)
    return result
  }
  if (first !== 'pending') {
    if ($sendDraft.get().key === key) updateSendDraft({ loading: false })
    if (key) expireTokenBalances(key)
    void refreshTransactions(address).catch(() => {})
    emitEvent('SEND_ERROR', { token: token.symbol, hash: id })
    throw Object.assign(failed(first), { transactionId: id })
  }
  // Not confirmed within 25 s: resolve now, keep watching in the background.
  if ($sendDraft.get().key === key) updateSendDraft({ loading: false })
  void (async () => {
    const later = await watch(adapter, id, polls, Number.POSITIVE_INFINITY)
    if (later === 'success') {
      settleSuccess(key, result, address)
      callbacks.onConfirmed?.(result)
    } else if (later !== 'pending') {
      callbacks.onFailed?.(failed(later), result)
    }
  })()
  return { ...result, status: 'pending' }
}

/**
 * The send mutation (spec §4 "Mutations: idle, pending, success, error; paused offline"): its
 * `$state` is what the Preview shows. Offline, it waits paused and runs once back online;
 * only one send runs at a time, so a second click never sends twice.
 */
export const sendMutation = createMutation(send)

let running: Promise<SendResult> | undefined

/**
 * Sends the draft (spec §4 "Sending"): checks it, asks the wallet (EVM: a native transaction or
 * an ERC-20 `transfer`; Solana: SystemProgram or an SPL transfer), then waits up to 25 s for
 * the receipt (spec §9). Confirmed: SEND_SUCCESS, balances and activity refreshed, the draft
 * cleared. Not confirmed in 25 s: resolves `pending` and keeps polling in the background (at
 * most 99 polls), calling `onConfirmed` / `onFailed`. A wallet's "no" rejects with "Signature
 * declined" and keeps the draft; a revert rejects with "The transaction failed". Throws
 * "Unsupported chain" on a namespace that cannot send.
 *
 * @example
 * const { id, status } = await sendToken()
 */
export function sendToken(callbacks: SendCallbacks = {}): Promise<SendResult> {
  if (running) return running
  running = sendMutation.mutate(callbacks).finally(() => {
    running = undefined
  })
  return running
}
