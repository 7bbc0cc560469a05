// TransactionsController of the spec: the connected account's activity on the connected chain,
// fetched page by page from our server's history endpoint (spec §3 "Transactions store", §4).
import { computed, map, onMount } from 'nanostores'
import { fetchOnrampHistory, onrampProviders } from '../actions/onramp.js'
import type { HistoryResponse, Transaction } from '../api/types.js'
import { TOAST_MESSAGES } from '../errors/messages.js'
import { serverError } from '../errors/server-messages.js'
import type { ChainNamespace } from '../types/network.js'
import { accountKey } from '../utils/account-key.js'
import { createFetcher } from '../utils/fetcher.js'
import { pollWhileWatched } from '../utils/poll.js'
import { $activeAccount } from './account.js'
import { $api } from './api.js'
import { expireTokenBalances } from './balances.js'
import { $activeNetwork, isUnsupportedNetwork } from './chain.js'
import { $features } from './project-config.js'
import { onReset } from './reset.js'
import { showSnack } from './snack.js'

/** Namespaces with an activity history (spec §9 "names and activity eip155"). */
export const ACTIVITY_NAMESPACES: readonly ChainNamespace[] = ['eip155']

export interface TransactionsState {
  /** Newest first, pages appended in order. */
  transactions: readonly Transaction[]
  /**
   * On-ramp purchases of the account on this chain (spec §3), newest first: what the server
   * answers with `onramp=<provider>` for each provider serving the chain (spec §7), asked with
   * the first page and at every poll. Empty when the `onramp` feature is off.
   */
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

const hashOf = (transaction: Transaction) =>
  (transaction.metadata?.hash || transaction.id).toLowerCase()

/**
 * What Activity lists: the history with the on-ramp purchases among it. A purchase takes the
 * place of its credit's row (same transaction hash); a purchase older than the oldest row loaded
 * waits until the history's pages reach it (or it has no more pages, or failed), so it never
 * shows below rows a later page would put above it.
 *
 * @example
 * activityTransactions($transactions.get()) // [purchase, send, receive, …]
 */
export function activityTransactions(
  state: Pick<TransactionsState, 'transactions' | 'coinbaseTransactions' | 'done' | 'error'>,
): Transaction[] {
  const purchases = state.coinbaseTransactions
  if (purchases.length === 0) return [...state.transactions]
  const credits = new Set(purchases.filter((p) => p.metadata?.hash).map(hashOf))
  const history = state.transactions.filter((t) => !credits.has(hashOf(t)))
  let oldest = Number.NEGATIVE_INFINITY
  if (!state.done && !state.error) {
    oldest = history.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...history.map(minedAt))
  }
  return [...purchases.filter((p) => minedAt(p) >= oldest), ...history]
}

/** `activityTransactions` grouped by year and month (spec §3 `transactionsByYear`). */
export const $transactionsByYear = computed($transactions, (state) =>
  groupTransactionsByYear(activityTransactions(state)),
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

// Pages are keyed `accountKey|cursor`; a new list (account, chain, reset) makes answers stale.
const fetcher = createFetcher<HistoryResponse>()

function listKey(chain: { caipNetworkId: string } | undefined, address: string | undefined) {
  return chain && address ? accountKey(chain.caipNetworkId, address) : undefined
}

/** Asks for one page of history (the newest without a cursor); answers of an old list are stale. */
function fetchPage(address: string, caipNetworkId: string, key: string, cursor?: string) {
  return fetcher.fetch(`${key}|${cursor ?? ''}`, () =>
    $api.get().get<HistoryResponse>(`/v1/account/${encodeURIComponent(address)}/history`, {
      query: { chainId: caipNetworkId, cursor },
    }),
  )
}

/** The rows of `page` the list does not show yet: this chain only, no spam-only transfers. */
function unseen(page: HistoryResponse, shown: readonly Transaction[], caipNetworkId: string) {
  const seen = new Set(shown.map((t) => t.id))
  return (Array.isArray(page?.data) ? page.data : []).filter(
    (t) => t.metadata?.chain === caipNetworkId && !isSpamOnly(t) && !seen.has(t.id),
  )
}

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
  if (!accountAddress) throw serverError('TRANSACTIONS_WITHOUT_ADDRESS')
  const chain = activeChain()
  const key = listKey(chain, accountAddress)
  let state = $transactions.get()
  if (state.key !== key) {
    fetcher.reset()
    state = { ...INITIAL, key }
    $transactions.set(state)
  }
  if (!chain || !key || !ACTIVITY_NAMESPACES.includes(chain.namespace)) {
    $transactions.set({ ...state, empty: true, done: true })
    return
  }
  if (state.loading || state.done) return
  $transactions.set({ ...state, loading: true })
  // A new list asks for the purchases along with its first page.
  const purchases =
    state.next === undefined ? fetchOnrampTransactions(accountAddress) : Promise.resolve()
  const result = await fetchPage(accountAddress, chain.caipNetworkId, key, state.next)
  if (result.status === 'success') {
    const page = result.data
    const current = $transactions.get()
    const transactions = [
      ...current.transactions,
      ...unseen(page, current.transactions, chain.caipNetworkId),
    ]
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
  } else if (result.status === 'error') {
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
  await purchases
}

// Each ask for the purchases outdates the ones before it: only the newest answer is kept.
let purchasesAsked = 0

const purchaseState = (list: readonly Transaction[]) =>
  JSON.stringify(list.map((t) => [t.id, t.metadata?.status, t.metadata?.hash]))

/**
 * Asks the project server for the account's on-ramp purchases on the connected chain, one
 * request per provider serving it (spec §7: the history with `onramp=<provider>`), and puts them
 * in `coinbaseTransactions`. Does nothing before the list's first page was asked for, when the
 * `onramp` feature is off or on a chain without activity. A failure is silent: the purchases
 * stay as they were. A purchase newly complete expires the cached token balances (its credit
 * moved them). `fetchTransactions` calls it with a new list's first page, and core every 4 s
 * while `$transactions` is watched.
 *
 * @throws "Transactions can't be fetched without an accountAddress" when the address is missing.
 * @example
 * await fetchOnrampTransactions($activeAccount.get().address)
 * $transactions.get().coinbaseTransactions // [{ metadata: { operationType: 'buy', status: 'pending', … } }]
 */
export async function fetchOnrampTransactions(accountAddress: string | undefined): Promise<void> {
  if (!accountAddress) throw serverError('TRANSACTIONS_WITHOUT_ADDRESS')
  const chain = activeChain()
  const key = listKey(chain, accountAddress)
  if (!chain || !key || $transactions.get().key !== key) return
  if (!ACTIVITY_NAMESPACES.includes(chain.namespace) || !$features.get()?.onramp) return
  const asked = ++purchasesAsked
  const chainId = chain.caipNetworkId
  let purchases: Transaction[]
  try {
    const providers = await onrampProviders({ chainId })
    const pages = await Promise.all(
      providers.map((provider) =>
        fetchOnrampHistory({ address: accountAddress, chainId, provider }),
      ),
    )
    purchases = pages
      .flatMap((page) => (Array.isArray(page?.data) ? page.data : []))
      .filter((t) => t.metadata?.chain === chainId && t.metadata.operationType === 'buy')
      .sort((a, b) => minedAt(b) - minedAt(a))
  } catch {
    return
  }
  const current = $transactions.get()
  if (asked !== purchasesAsked || current.key !== key) return
  if (purchaseState(current.coinbaseTransactions) === purchaseState(purchases)) return
  const completed = (list: readonly Transaction[]) =>
    list.filter((t) => t.metadata.status === 'confirmed').length
  const credited = completed(purchases) > completed(current.coinbaseTransactions)
  $transactions.set({ ...current, coinbaseTransactions: purchases })
  if (credited) expireTokenBalances(key)
}

/** How often a watched Activity list asks for new transactions (spec §9 "polling 4 s"). */
export const TRANSACTIONS_POLL_MS = 4_000

/**
 * Asks for the newest page and puts the transactions the list does not have yet at its top
 * (a transfer made while Activity is open shows without a reload). Does nothing before the
 * first page or while a page loads; a failure is silent: the list stays as it was. New
 * transactions expire the cached token balances of that account and chain (they moved).
 * While `$transactions` is watched, core calls it every 4 s (and at once when watching starts).
 *
 * @example
 * await refreshTransactions($activeAccount.get().address)
 */
export async function refreshTransactions(accountAddress: string | undefined): Promise<void> {
  if (!accountAddress) throw serverError('TRANSACTIONS_WITHOUT_ADDRESS')
  const chain = activeChain()
  const key = listKey(chain, accountAddress)
  const state = $transactions.get()
  if (!chain || !key || state.key !== key || state.loading || state.error) return
  if (!ACTIVITY_NAMESPACES.includes(chain.namespace)) return
  if (state.transactions.length === 0 && !state.done) return
  // A reset, a new account or a page asked for meanwhile makes this answer stale.
  const result = await fetchPage(accountAddress, chain.caipNetworkId, key)
  if (result.status !== 'success') return
  const current = $transactions.get()
  const fresh = unseen(result.data, current.transactions, chain.caipNetworkId)
  if (fresh.length === 0) return
  $transactions.set({ ...current, transactions: [...fresh, ...current.transactions], empty: false })
  // New activity moved the balances: the Tokens tab must not show the cached ones.
  expireTokenBalances(key)
}

/**
 * Empties the list (on account or chain change, and before a retry after an error).
 *
 * @example resetTransactions()
 */
export function resetTransactions(): void {
  fetcher.reset()
  $transactions.set({ ...INITIAL })
}
onReset(resetTransactions)

// While someone watches the list, a new account or chain starts it over...
onMount($transactions, () => {
  const keyOf = () => listKey(activeChain(), $activeAccount.get().address)
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

// ...and news (new transactions, purchases and their status) is looked for every 4 s (spec §9),
// at once when watching starts: a list kept from an earlier visit may be out of date.
pollWhileWatched($transactions, TRANSACTIONS_POLL_MS, () => {
  const address = $activeAccount.get().address
  if (!address) return
  void refreshTransactions(address)
  void fetchOnrampTransactions(address)
})
