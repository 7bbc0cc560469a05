// SendController's actions (spec §4 "Sending", §5 validation, §9 transaction wait and pending
// watch): what can be sent, the checks made before the wallet is asked, the network fee, and
// the send itself with its watch. The Send views load this with their group (import()), so no
// page pays for it before a visitor opens Send.
import { atom, computed } from 'nanostores'
import { getAdapter } from '../adapters/registry.js'
import type {
  ChainAdapter,
  FeeCap,
  SendTransferParameters,
  TransferFee,
} from '../adapters/types.js'
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
import { $sendDraft, resetSendDraft, setSendToken, updateSendDraft } from '../stores/send.js'
import { refreshTransactions } from '../stores/transactions.js'
import { walletFeatureBlock } from '../stores/wallet-features.js'
import type { CaipNetwork, CaipNetworkId } from '../types/network.js'
import { isAddressFor } from '../utils/address.js'
import { formatUnits, parseUnits } from '../utils/format.js'
import { createMutation } from '../utils/mutation.js'
import { readNetwork } from '../utils/read-urls.js'
import { refreshBalance } from './refresh-account.js'

/** Spec §9 "Transaction wait on send 25 s": how long `sendToken` waits for the receipt. */
export const SEND_WAIT_MS = 25_000
/** Spec §9 "pending watch stops at 99": polls of a sent transaction before giving up. */
export const SEND_MAX_POLLS = 99
/** Time between two polls of a sent transaction on a network that states no block time. */
export const SEND_POLL_MS = 1_000

/**
 * Time between two polls of a transaction sent on `network` (spec §9 "polling derived from
 * block time between 500 and 4000 ms"): half its `blockTime`, within 500-4000 ms, as viem
 * derives its clients' polling; `SEND_POLL_MS` when the network states none (or no number).
 *
 * @example pollingInterval({ blockTime: 12_000 }) // 4000
 * @example pollingInterval({ blockTime: 2_000 }) // 1000
 */
export function pollingInterval(network: object | undefined): number {
  const blockTime = (network as { blockTime?: unknown } | undefined)?.blockTime
  return typeof blockTime === 'number' && blockTime > 0
    ? Math.min(Math.max(Math.floor(blockTime / 2), 500), 4_000)
    : SEND_POLL_MS
}

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

/**
 * The adapter that sends on the active network, or "Unsupported chain" (spec §4), also when
 * the active network is not `chainId` (the transfer was made for another one).
 */
function sendingAdapter(chainId?: CaipNetworkId): { adapter: ChainAdapter; network: CaipNetwork } {
  const network = activeNetwork()
  const adapter = network && getAdapter(network.chainNamespace)
  const block = walletFeatureBlock('send', $features.get(), network?.chainNamespace)
  if (block === 'disabled') throw sendError('SEND_UNAVAILABLE')
  if (!network || !adapter || block || (chainId && chainId !== network.caipNetworkId)) {
    throw kitError('UNSUPPORTED_CHAIN', { details: chainId ?? network?.caipNetworkId })
  }
  return { adapter, network }
}

/** The exact native balance read through the adapter for one account on one network. */
interface NativeRead {
  /** `accountKey` of the account and network it was read for. */
  key: string | undefined
  balance: TokenBalance | undefined
  /** A read is under way. */
  loading: boolean
  /** When a read last failed (ms since the epoch). */
  lastRetry: number | undefined
}

const $nativeRead = atom<NativeRead>({
  key: undefined,
  balance: undefined,
  loading: false,
  lastRetry: undefined,
})

/** What can be sent on the active network (spec §3 Send draft `tokenBalances` and friends). */
export interface SendTokens {
  /** The account's balances on the network, native first. */
  tokenBalances: readonly TokenBalance[]
  /** The balances are being read and none is known yet. */
  loading: boolean
  /** When reading the balances last failed (ms since the epoch). */
  lastRetry: number | undefined
  /** USD value of the native balance, when a price is known (the fee is paid from it). */
  networkBalanceInUSD: string | undefined
}

/**
 * What the draft's account can send, derived from the native balance read through the adapter
 * (exact, so "Max" is exact) and the server's token balances (`$balances`; its price, name and
 * icon for the native one).
 */
export const $sendTokens = computed(
  [$sendDraft, $nativeRead, $balances],
  (draft, native, server): SendTokens => {
    const listed = server.key === draft.key ? server.balances : []
    const serverNative = nativeToken(listed)
    const tokenBalances: TokenBalance[] = listed.filter((balance) => balance.address)
    const read = native.key === draft.key ? native : undefined
    if (read?.balance) {
      const price = serverNative?.price ?? null
      tokenBalances.unshift({
        ...read.balance,
        name: serverNative?.name ?? read.balance.name,
        value: price === null ? null : price * Number(read.balance.quantity.numeric),
        price,
        iconUrl: serverNative?.iconUrl ?? read.balance.iconUrl,
      })
    } else if (serverNative) {
      tokenBalances.unshift(serverNative)
    }
    const nativeValue = nativeToken(tokenBalances)?.value
    const failed = [read?.lastRetry, server.key === draft.key ? server.lastRetry : undefined]
    return {
      tokenBalances,
      loading: tokenBalances.length === 0 && (read?.loading ?? false),
      lastRetry: failed.reduce<number | undefined>(
        (last, at) => (at !== undefined && (last === undefined || at > last) ? at : last),
        undefined,
      ),
      networkBalanceInUSD: typeof nativeValue === 'number' ? nativeValue.toFixed(2) : undefined,
    }
  },
)

/**
 * Reads what the account can send on the active network into `$sendTokens`: the native balance
 * through the adapter and the server's token balances (EVM and Solana). Picks the native token
 * when none is picked yet. A failed read sets `lastRetry`; the list keeps what did load.
 *
 * @example await loadSendTokens()
 */
export async function loadSendTokens(): Promise<void> {
  const target = activeTarget()
  const network = activeNetwork()
  const adapter = network && getAdapter(network.chainNamespace)
  if (!target || !network || !adapter) return
  // Binds the draft to this account and network (one of another is emptied).
  updateSendDraft({})
  const before = $nativeRead.get()
  $nativeRead.set({
    ...(before.key === target.key ? before : { balance: undefined, lastRetry: undefined }),
    key: target.key,
    loading: true,
  })
  const server = BALANCE_API_NAMESPACES.includes(network.chainNamespace) && hasApi()
  const [native] = await Promise.allSettled([
    adapter.getBalance({ address: target.address, network: readNetwork(network) }),
    server ? fetchBalances() : Promise.resolve(),
  ])
  // The account or network changed meanwhile: this answer is of another draft.
  if (activeTarget()?.key !== target.key) return
  const read = $nativeRead.get()
  $nativeRead.set(
    native.status === 'fulfilled'
      ? {
          key: target.key,
          loading: false,
          lastRetry: read.lastRetry,
          balance: {
            name: network.nativeCurrency.name,
            symbol: native.value.symbol,
            chainId: network.caipNetworkId,
            value: null,
            price: null,
            quantity: {
              decimals: String(native.value.decimals),
              numeric: formatUnits(native.value.value, native.value.decimals),
            },
            iconUrl: network.assets?.imageUrl ?? null,
          },
        }
      : { ...read, key: target.key, loading: false, lastRetry: Date.now() },
  )
  if (!$sendDraft.get().token) {
    const picked = nativeToken($sendTokens.get().tokenBalances)
    if (picked) setSendToken(picked)
  }
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

/** A transfer to send: parsed, checked, in the token's smallest unit. */
export interface SendParameters {
  /** The token to send (its contract address is the last part of `token.address`). */
  token: TokenBalance
  /** The amount in the token's smallest unit. */
  amount: bigint
  /** The receiver's address. */
  to: string
  /** CAIP-2 id of the network the transfer is for; `send` refuses another active network. */
  chainId: CaipNetworkId
  /** The fee ceiling to send with (the one its fee was estimated with); absent: the wallet's. */
  fee?: FeeCap
}

/** The draft read once: what it asks for, and the first rule of spec §5 it breaks. */
export interface ParsedSend {
  /** The picked token with its current balance (from `$sendTokens`). */
  token: TokenBalance | undefined
  /** The typed amount in the token's smallest unit; undefined when empty or not valid. */
  amount: bigint | undefined
  /** The rule the amount alone breaks (decimals, format, 0, balance): shown while typing. */
  amountError: BaseError | undefined
  /** The first rule the draft breaks, in the spec's order; undefined when it can be sent. */
  error: BaseError | undefined
  /** The transfer, when the draft breaks no rule. */
  transfer: SendParameters | undefined
}

let amountParses = 0

/**
 * How many times a typed amount was parsed since the page loaded. Only `$sendAmount` parses it,
 * once per amount text and token decimals; tests read this to prove no second parse exists.
 */
export const sendAmountParses = () => amountParses

const $amountText = computed($sendDraft, (draft) => draft.sendTokenAmount?.trim() || undefined)
const $amountDecimals = computed($sendDraft, (draft) => draft.token?.quantity.decimals)

/** The typed amount in base units, or the error of the text: parsed once per text. */
const $sendAmount = computed(
  [$amountText, $amountDecimals],
  (text, decimals): { value?: bigint; error?: BaseError } => {
    if (text === undefined || decimals === undefined) return {}
    amountParses++
    try {
      // More decimals than the token has is an error (TOO_MANY_DECIMALS), never a rounding.
      const value = parseUnits(text, Number(decimals))
      return value > 0n ? { value } : { error: sendError('SEND_AMOUNT_NOT_POSITIVE') }
    } catch (error) {
      return { error: error instanceof BaseError ? error : kitError('UNKNOWN', { cause: error }) }
    }
  },
)

const sameToken = (a: TokenBalance, b: TokenBalance) =>
  a.address === b.address && a.symbol === b.symbol

/**
 * The draft parsed once (spec §5): the token with its current balance, the amount in base
 * units, the receiver, the first broken rule ("A token is required", "An amount and receiver
 * address are required", too many decimals, "Enter an amount above 0", "Insufficient
 * balance", "Invalid receiver address"), and the transfer to pass to `send` when none is.
 * Views read this; nothing else parses the typed amount.
 *
 * @example $sendTransfer.get().error?.shortMessage // 'A token is required'
 */
export const $sendTransfer = computed(
  [$sendDraft, $sendAmount, $sendTokens, $activeNetwork],
  (draft, parsed, tokens, active): ParsedSend => {
    const picked = draft.token
    const token = picked && (tokens.tokenBalances.find((t) => sameToken(t, picked)) ?? picked)
    const balance = token && tokenUnits(token)
    const amountError =
      parsed.error ??
      (parsed.value !== undefined && (balance === undefined || parsed.value > balance)
        ? sendError('INSUFFICIENT_BALANCE')
        : undefined)
    const to = draft.receiverAddress?.trim()
    const network = active && !isUnsupportedNetwork(active) ? active : undefined
    const error = !token
      ? sendError('SEND_TOKEN_REQUIRED')
      : !draft.sendTokenAmount?.trim() || !to
        ? sendError('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
        : (amountError ??
          (network && !isAddressFor(network.chainNamespace, to)
            ? sendError('INVALID_RECEIVER', { details: to })
            : undefined))
    // "Max" filled this amount: its fee ceiling travels with the send.
    const cap =
      draft.maxFee && draft.maxFee.amount === draft.sendTokenAmount?.trim()
        ? { fee: draft.maxFee.cap }
        : {}
    const transfer =
      !error && token && to && parsed.value !== undefined && network
        ? { token, amount: parsed.value, to, chainId: network.caipNetworkId, ...cap }
        : undefined
    return { token, amount: parsed.value, amountError, error, transfer }
  },
)

/**
 * "Insufficient funds for the network fee" when the native balance does not cover `fee` (and
 * the amount, for the native token); undefined when it does or is unknown.
 *
 * @example sendFeeError(transfer, fee.value)?.shortMessage
 */
export function sendFeeError(transfer: SendParameters, fee: bigint): BaseError | undefined {
  const native = nativeToken($sendTokens.get().tokenBalances)
  const nativeBalance = native ? tokenUnits(native) : undefined
  if (nativeBalance === undefined) return undefined
  const needed = transfer.token.address ? fee : transfer.amount + fee
  return needed > nativeBalance ? sendError('INSUFFICIENT_FEE') : undefined
}

/** What the adapter is handed for `transfer`. */
function adapterTransfer({ token, amount, to, fee }: SendParameters): SendTransferParameters {
  const contract = tokenContract(token)
  return {
    to,
    value: amount,
    ...(contract ? { tokenAddress: contract } : {}),
    ...(fee ? { fee } : {}),
  }
}

/** A network fee, in the native currency. */
export interface SendFee {
  value: bigint
  decimals: number
  symbol: string
  /** The fee ceiling `value` was computed with: pass it to `send` as the transfer's `fee`. */
  cap?: FeeCap
}

/**
 * The network fee of `transfer`, from the adapter (EVM: `eth_estimateGas` × the fee ceiling,
 * `transfer.fee` when set); undefined when the adapter cannot tell.
 *
 * @example (await estimateSendFee($sendTransfer.get().transfer))?.value // 21000n * maxFeePerGas
 */
export async function estimateSendFee(transfer: SendParameters): Promise<SendFee | undefined> {
  const { adapter, network } = sendingAdapter(transfer.chainId)
  if (!adapter.estimateTransferFee) return undefined
  const { value, cap } = await adapter.estimateTransferFee(adapterTransfer(transfer))
  return {
    value,
    decimals: network.nativeCurrency.decimals,
    symbol: network.nativeCurrency.symbol,
    ...(cap ? { cap } : {}),
  }
}

/**
 * The fee of sending the native token to `to` (or to the account itself when `to` is not an
 * address yet), for "Max": a plain value transfer costs the same gas whatever its value, so
 * the estimate is made for 0 and cannot fail for want of funds. Undefined when the adapter
 * cannot estimate. Its `cap` is the ceiling to send that amount with (`SendDraft.maxFee`).
 *
 * @example maxSendAmount(eth, (await estimateNativeFee(receiver))?.value)
 */
export async function estimateNativeFee(to?: string): Promise<TransferFee | undefined> {
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
  const interval = pollingInterval(activeNetwork())
  while (polls.used < SEND_MAX_POLLS) {
    polls.used++
    const status = await adapter.getTransactionStatus(id).catch(() => 'pending' as const)
    if (status !== 'pending') return status
    if (Date.now() + interval > until) return 'pending' as const
    await wait(interval)
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

async function run({ transfer, callbacks }: SendRun): Promise<SendResult> {
  const { adapter } = sendingAdapter(transfer.chainId)
  const { token } = transfer
  const key = activeTarget()?.key
  const address = $activeAccount.get().address ?? ''
  let id: string
  try {
    id = await adapter.sendTransfer(adapterTransfer(transfer))
  } catch (error) {
    const declined = isUserRejection(error)
    emitEvent('SEND_ERROR', { token: token.symbol, declined })
    // The draft stays: the visitor may try again.
    throw declined ? kitError('SIGNATURE_DECLINED', { cause: error }) : error
  }
  const result: SendResult = {
    id,
    status: 'confirmed',
    token,
    amount: formatUnits(transfer.amount, Number(token.quantity.decimals)),
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
    if (key) expireTokenBalances(key)
    void refreshTransactions(address).catch(() => {})
    emitEvent('SEND_ERROR', { token: token.symbol, hash: id })
    throw Object.assign(failed(first), { transactionId: id })
  }
  // Not confirmed within 25 s: resolve now, keep watching in the background.
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

interface SendRun {
  transfer: SendParameters
  callbacks: SendCallbacks
}

/**
 * The send mutation (spec §4 "Mutations: idle, pending, success, error; paused offline"): its
 * `$state` is the one "a send is in flight" fact the Preview shows. Offline, it waits paused
 * and runs once back online; only one send runs at a time, so a second click never sends twice.
 */
export const sendMutation = createMutation(run, { exclusive: true })

/**
 * Sends `transfer` (spec §4 "Sending"), the parsed transfer of `$sendTransfer`: asks the wallet
 * (EVM: a native transaction or an ERC-20 `transfer`; Solana: SystemProgram or an SPL
 * transfer), then waits up to 25 s for the receipt (spec §9). Confirmed: SEND_SUCCESS,
 * balances and activity refreshed, the draft cleared. Not confirmed in 25 s: resolves
 * `pending` and keeps polling in the background (at most 99 polls), calling `onConfirmed` /
 * `onFailed`. A wallet's "no" rejects with "Signature declined" and keeps the draft; a revert
 * rejects with "The transaction failed". Throws "Unsupported chain" on a namespace that cannot
 * send or when the active network is not `chainId`. A call while a send runs joins it.
 *
 * @example
 * const { transfer } = $sendTransfer.get()
 * if (transfer) {
 *   const { id, status } = await send(transfer)
 * }
 */
export function send(transfer: SendParameters, callbacks: SendCallbacks = {}): Promise<SendResult> {
  return sendMutation.mutate({ transfer, callbacks })
}
