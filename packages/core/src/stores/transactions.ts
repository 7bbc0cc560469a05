// TransactionsController of the spec: the connected account's activity on the connected chain,
// fetched page by page from our server's history endpoint (spec §3 "Transactions store", §4).
import { computed, map, onMount } from 'nanostores'
import type { HistoryResponse, Transaction } from '../api/types.js'
import { kitError } from '../errors/errors.js'
import { TOAST_MESSAGES } from '../errors/messages.js'
import type { ChainNamespace } from '../types/network.js'
import { $activeAccount } from './account.js'
import { $api } from './api.js'
import { expireTokenBalances } from './balances.js'
import { $activeNetwork, isUnsupportedNetwork } from './chain.js'
import { showSnack } from './snack.js'

/** Namespaces with an activity history (spec §9 "names and activity eip155"). */
export const ACTIVITY_NAMESPACES: readonly ChainNamespace[] = ['eip155']

export interface TransactionsState {
  /** Newest first, pages appended in order. */
  transactions: readonly Transaction[]
  /** On-ramp purchases (spec §3); filled by the on-ramp feature, empty until then. */
  coinbaseTransactions: readonly Transaction[]
  /** Cursor of the next page; undefined before the first page, after the last one and after an error. */
  next: string | undefined
  loading: boolean
  /** Nothing to show: the history is empty, or the last fetch failed. */
  empty: boolean
  /** The last fetch failed (the toast was shown). */
  error: boolean
  /** Every page has arrived. */
  done: boolean
  /** `caipNetworkId:address` the list belongs to. */
  key: string | undefined
}

const INITIAL: TransactionsState = {
  transactions: [],
  coinbaseTransactions: [],
  next: undefined,
  loading: false,
  empty: false,
  error: false,
  done: false,
  key: undefined,
}

export const $transactions = map<TransactionsState>({ ...INITIAL })

/** Year → month index (0-11) → transactions, newest first (spec §3 `transactionsByYear`). */
export type TransactionsByYear = Record<number, Record<number, Transaction[]>>

/** One month of activity, for display. */
export interface TransactionMonthGroup {
  year: number
  /** 0 for January. */
  month: number
  transactions: Transaction[]
}

const minedAt = (transaction: Transaction) => Date.parse(transaction.metadata.minedAt)

/**
 * Groups transactions by the year, then the month index (local time) they were mined in; each
 * month's list is newest first. Entries without a valid date are left out.
 *
 * @example
 * groupTransactionsByYear(list)[2026]?.[10] // the November 2026 transactions, newest first
 */
export function groupTransactionsByYear(transactions: readonly Transaction[]): TransactionsByYear {
  const grouped: TransactionsByYear = {}
  for (const transaction of transactions) {
    const time = minedAt(transaction)
    if (Number.isNaN(time)) continue
    const date = new Date(time)
    const year = date.getFullYear()
    const month = date.getMonth()
    const months = grouped[year] ?? {}
    grouped[year] = months
    const list = months[month] ?? []
    months[month] = list
    list.push(transaction)
  }
  for (const months of Object.values(grouped)) {
    for (const list of Object.values(months)) list.sort((a, b) => minedAt(b) - minedAt(a))
  }
  return grouped
}

/**
 * Flattens `transactionsByYear` into month groups, newest month first (object keys iterate
 * oldest first, so this is what a list renders).
 *
 * @example
 * transactionMonthGroups(groupTransactionsByYear(list))[0] // { year: 2026, month: 10, transactions }
 */
export function transactionMonthGroups(byYear: TransactionsByYear): TransactionMonthGroup[] {
  const groups: TransactionMonthGroup[] = []
  for (const [year, months] of Object.entries(byYear)) {
    for (const [month, transactions] of Object.entries(months)) {
      groups.push({ year: Number(year), month: Number(month), transactions })
    }
  }
  return groups.sort((a, b) => b.year - a.year || b.month - a.month)
}

export const $transactionsByYear = computed($transactions, (state) =>
  groupTransactionsByYear(state.transactions),
)

/** Every transfer is an NFT flagged spam (spec §5): such transactions are hidden. */
function isSpamOnly(transaction: Transaction): boolean {
  const transfers = transaction.transfers ?? []
  return transfers.length > 0 && transfers.every((t) => t.nft_info?.flags?.is_spam === true)
}

function activeChain(): { caipNetworkId: string; namespace: ChainNamespace } | undefined {
  const network = $activeNetwork.get()
  if (!network || isUnsupportedNetwork(network)) return undefined
  return { caipNetworkId: network.caipNetworkId, namespace: network.chainNamespace }
}

let request = 0

/**
 * Fetches the next page of `accountAddress`'s activity on the connected chain and appends it
 * (spec §4). The first call for an account or chain starts a new list; calls after the last
 * page do nothing. Only transactions of the connected chain are kept and those whose transfers
 * are all spam NFTs are dropped (spec §5). On a failed fetch the list is marked `empty`, the
 * cursor is cleared and the "Failed to fetch transactions" toast shows.
 *
 * @throws "Transactions can't be fetched without an accountAddress" when the address is missing.
 * @example
 * await fetchTransactions($activeAccount.get().address)
 * $transactions.get().next // the cursor of the page after, or undefined
 */
export async function fetchTransactions(accountAddress: string | undefined): Promise<void> {
  if (!accountAddress) throw kitError('TRANSACTIONS_WITHOUT_ADDRESS')
  const chain = activeChain()
  const key = chain ? `${chain.caipNetworkId}:${accountAddress.toLowerCase()}` : undefined
  let state = $transactions.get()
  if (state.key !== key) {
    request++
    state = { ...INITIAL, key }
    $transactions.set(state)
  }
  if (!chain || !ACTIVITY_NAMESPACES.includes(chain.namespace)) {
    $transactions.set({ ...state, empty: true, done: true })
    return
  }
  if (state.loading || state.done) return
  const id = ++request
  const cursor = state.next
  $transactions.set({ ...state, loading: true })
  try {
    const page = await $api
      .get()
      .get<HistoryResponse>(`/v1/account/${encodeURIComponent(accountAddress)}/history`, {
        query: { chainId: chain.caipNetworkId, cursor },
      })
    if (id !== request) return
    const current = $transactions.get()
    const seen = new Set(current.transactions.map((t) => t.id))
    const fresh = (Array.isArray(page?.data) ? page.data : []).filter(
      (t) => t.metadata?.chain === chain.caipNetworkId && !isSpamOnly(t) && !seen.has(t.id),
    )
    const transactions = [...current.transactions, ...fresh]
    const next = typeof page?.next === 'string' && page.next ? page.next : undefined
    $transactions.set({
      ...current,
      transactions,
      next,
      done: next === undefined,
      loading: false,
      error: false,
      empty: transactions.length === 0,
    })
  } catch {
    if (id !== request) return
    $transactions.set({
      ...$transactions.get(),
      loading: false,
      error: true,
      empty: true,
      next: undefined,
    })
    showSnack(TOAST_MESSAGES.FAILED_TO_FETCH_TRANSACTIONS, {
      variant: 'error',
      code: 'FAILED_TO_FETCH_TRANSACTIONS',
    })
  }
}

/** How often a shown Activity list asks for new transactions (spec §9 "polling 4 s"). */
export const TRANSACTIONS_POLL_MS = 4_000

/**
 * Asks for the newest page and puts the transactions the list does not have yet at its top
 * (a transfer made while Activity is open shows without a reload). Does nothing before the
 * first page or while a page loads; a failure is silent: the list stays as it was. New
 * transactions expire the cached token balances of that account and chain (they moved).
 *
 * @example
 * setInterval(() => refreshTransactions($activeAccount.get().address), TRANSACTIONS_POLL_MS)
 */
export async function refreshTransactions(accountAddress: string | undefined): Promise<void> {
  if (!accountAddress) throw kitError('TRANSACTIONS_WITHOUT_ADDRESS')
  const chain = activeChain()
  const key = chain ? `${chain.caipNetworkId}:${accountAddress.toLowerCase()}` : undefined
  const state = $transactions.get()
  if (!chain || state.key !== key || state.loading || state.error) return
  if (!ACTIVITY_NAMESPACES.includes(chain.namespace)) return
  if (state.transactions.length === 0 && !state.done) return
  const id = request
  let page: HistoryResponse
  try {
    page = await $api
      .get()
      .get<HistoryResponse>(`/v1/account/${encodeURIComponent(accountAddress)}/history`, {
        query: { chainId: chain.caipNetworkId },
      })
  } catch {
    return
  }
  const current = $transactions.get()
  // A reset, a new account or a page that arrived meanwhile: this answer is out of date.
  if (id !== request || current.key !== key || current.loading) return
  const seen = new Set(current.transactions.map((t) => t.id))
  const fresh = (Array.isArray(page?.data) ? page.data : []).filter(
    (t) => t.metadata?.chain === chain.caipNetworkId && !isSpamOnly(t) && !seen.has(t.id),
  )
  if (fresh.length === 0) return
  const transactions = [...fresh, ...current.transactions]
  $transactions.set({ ...current, transactions, empty: false })
  // New activity moved the balances: the Tokens tab must not show the cached ones.
  if (key) expireTokenBalances(key)
}

/**
 * Empties the list (on account or chain change, and before a retry after an error).
 *
 * @example resetTransactions()
 */
export function resetTransactions(): void {
  request++
  $transactions.set({ ...INITIAL })
}

// While someone watches the list, a new account or chain starts it over.
onMount($transactions, () => {
  const keyOf = () => {
    const chain = activeChain()
    const address = $activeAccount.get().address
    return chain && address ? `${chain.caipNetworkId}:${address.toLowerCase()}` : undefined
  }
  let key = keyOf()
  const follow = () => {
    const next = keyOf()
    if (next === key) return
    key = next
    if ($transactions.get().key !== next) resetTransactions()
  }
  const stops = [$activeAccount.listen(follow), $activeNetwork.listen(follow)]
  return () => {
    for (const stop of stops) stop()
  }
})
