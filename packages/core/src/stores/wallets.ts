// WalletsController / ApiController (registry half) of the spec: the wallet registry of our
// server (spec §2 AllWallets, featured and recommended groups; §9 pages of 40, search pages of
// 100, 4 recommended). Lazy: nothing is fetched until a view subscribes (nanostores onMount),
// and nothing at all in basic mode or without a projectId. Failures are state, never thrown.
import { atom, computed, onMount } from 'nanostores'
import type { Connector } from '../adapters/types.js'
import { ApiRequestError } from '../api/client.js'
import {
  API_LIMITS,
  type RecommendedWalletsResponse,
  type Wallet,
  type WalletListResponse,
} from '../api/types.js'
import type { ExcludedWallet, ResolvedOptions } from '../options/schema.js'
import { createFetcher } from '../utils/fetcher.js'
import { $api } from './api.js'
import { $recentWallets } from './connection.js'
import { $connectors, CONNECTOR_GROUPS, type ConnectorGroup, connectorGroup } from './connectors.js'
import { $options, isLocalMode } from './options.js'

/** Spec §9 "Wallet listing": pages of 40, search pages of 100, 4 recommended. */
export const WALLET_PAGE_SIZE = API_LIMITS.walletPageSize
export const WALLET_SEARCH_PAGE_SIZE = API_LIMITS.walletSearchPageSize
export const RECOMMENDED_WALLETS = API_LIMITS.recommendedWallets

export type RegistryStatus = 'idle' | 'loading' | 'loaded' | 'error' | 'disabled'

/** A registry wallet, and the discovered connector that is the same wallet when installed. */
export interface RegistryWallet extends Wallet {
  /** The wallet is present in this browser (a discovered connector with its rdns). */
  installed: boolean
  /** That connector's id, to connect it like the Connect view does. */
  connectorId: string | undefined
}

export interface WalletListState {
  status: RegistryStatus
  /** Every page loaded so far, in the server's order, without duplicates. */
  wallets: readonly Wallet[]
  /** Matches over all pages (as the server counted them). */
  count: number
  /** Pages loaded. */
  page: number
  error: ApiRequestError | undefined
}

export interface WalletSearchState extends WalletListState {
  /** The trimmed query these results are for; '' when not searching. */
  query: string
}

export interface RecommendedState {
  status: RegistryStatus
  wallets: readonly Wallet[]
  error: ApiRequestError | undefined
}

const emptyList = (): WalletListState => ({
  status: 'idle',
  wallets: [],
  count: 0,
  page: 0,
  error: undefined,
})

/** The registry's list, page by page (AllWallets). */
export const $walletList = atom<WalletListState>(emptyList())
/** Search results (AllWallets search box). */
export const $walletSearch = atom<WalletSearchState>({ ...emptyList(), query: '' })
/** `GET /v1/wallets/recommended` (Connect view, recommended group). */
export const $recommendedWallets = atom<RecommendedState>({
  status: 'idle',
  wallets: [],
  error: undefined,
})

// Costly sources start when first observed (ARCHITECTURE.md "State").
onMount($walletList, () => {
  if ($walletList.get().status === 'idle') void fetchWalletPage()
})
onMount($recommendedWallets, () => {
  if ($recommendedWallets.get().status === 'idle') void fetchRecommendedWallets()
})

/** Registry ids a string exclude rule may name (the server's wallet-id format). */
const WALLET_ID = /^[A-Za-z0-9._-]{1,128}$/

/**
 * The query every registry call shares: `include` from `allowWallets`, `exclude` from the
 * plain-string `excludeWallets` rules that look like registry ids (rdns and name rules are
 * applied on the answers too), and `chains` as the namespaces of the configured networks.
 *
 * @example
 * registryQuery(options) // { include: 'metamask,rainbow', exclude: 'trust', chains: 'eip155' }
 */
export function registryQuery(options: ResolvedOptions): Record<string, string> {
  const query: Record<string, string> = {}
  const include = (options.allowWallets ?? []).filter((id) => WALLET_ID.test(id))
  if (include.length) query.include = include.slice(0, API_LIMITS.walletIdListMax).join(',')
  const exclude = options.excludeWallets
    .filter((rule) => rule.rdns !== undefined && rule.rdns === rule.name)
    .map((rule) => rule.rdns as string)
    .filter((id) => WALLET_ID.test(id))
  if (exclude.length) query.exclude = exclude.slice(0, API_LIMITS.walletIdListMax).join(',')
  const namespaces = [...new Set(options.networks.map((n) => n.chainNamespace))]
  if (namespaces.length) query.chains = namespaces.join(',')
  return query
}

/** Whether an exclude rule (by rdns or name, case-insensitive) hides a registry wallet. */
export function isWalletExcluded(wallet: Wallet, rules: readonly ExcludedWallet[]): boolean {
  const name = wallet.name.trim().toLowerCase()
  return rules.some(
    (rule) =>
      (rule.rdns !== undefined && (wallet.rdns === rule.rdns || wallet.id === rule.rdns)) ||
      (rule.name !== undefined && rule.name.trim().toLowerCase() === name),
  )
}

function usable(): ResolvedOptions | undefined {
  const options = $options.get()
  if (!options || isLocalMode(options) || !options.projectId) return undefined
  return options
}

const asApiError = (cause: unknown) =>
  cause instanceof ApiRequestError
    ? cause
    : new ApiRequestError(0, { details: 'the wallet registry could not be read', cause })

// One fetcher per list: a reset (new options) or a newer query makes earlier answers stale.
const pages = createFetcher<WalletListResponse>()
const searches = createFetcher<WalletListResponse>()
const recommendations = createFetcher<RecommendedWalletsResponse>()

function appendUnique(current: readonly Wallet[], next: readonly Wallet[]): Wallet[] {
  const seen = new Set(current.map((w) => w.id))
  return [...current, ...next.filter((w) => !seen.has(w.id))]
}

async function fetchPage(
  options: ResolvedOptions,
  page: number,
  extra: Record<string, string | number>,
): Promise<WalletListResponse> {
  return $api.get().get<WalletListResponse>('/v1/wallets', {
    query: { ...registryQuery(options), page, ...extra },
  })
}

/**
 * Loads the next page (40 wallets) of the registry list into `$walletList`; does nothing
 * while a page is loading, when every wallet is loaded, or in basic mode. After an error it
 * retries the page that failed.
 *
 * @example
 * await fetchWalletPage() // page 1 (the view's onMount does this)
 * await fetchWalletPage() // page 2, when the grid scrolls near its end
 */
export async function fetchWalletPage(): Promise<void> {
  const state = $walletList.get()
  const options = usable()
  if (!options) {
    $walletList.set({ ...emptyList(), status: 'disabled' })
    return
  }
  if (state.status === 'loading') return
  if (state.status === 'loaded' && state.wallets.length >= state.count) return
  const page = state.page + 1
  $walletList.set({ ...state, status: 'loading', error: undefined })
  const result = await pages.fetch(String(page), () =>
    fetchPage(options, page, { entries: WALLET_PAGE_SIZE }),
  )
  if (result.status === 'success') {
    const current = $walletList.get()
    const wallets = appendUnique(current.wallets, result.data.data)
    // A short page means the end, even if rows were deleted meanwhile.
    const count = result.data.data.length < WALLET_PAGE_SIZE ? wallets.length : result.data.count
    $walletList.set({ status: 'loaded', wallets, count, page, error: undefined })
  } else if (result.status === 'error') {
    $walletList.set({ ...$walletList.get(), status: 'error', error: asApiError(result.error) })
  }
}

/**
 * Searches the registry (pages of 100) into `$walletSearch`; an empty query clears the
 * search. Answers to an older query are dropped. The UI debounces (spec §9: 300 ms).
 *
 * @example
 * await searchWallets('rain')
 * $walletSearch.get().wallets // [{ id: 'rainbow', … }]
 */
export async function searchWallets(query: string): Promise<void> {
  const trimmed = query.trim().slice(0, API_LIMITS.walletSearchMaxLength)
  const options = usable()
  if (!trimmed || !options) {
    searches.reset()
    $walletSearch.set({ ...emptyList(), status: options ? 'idle' : 'disabled', query: '' })
    return
  }
  $walletSearch.set({ ...emptyList(), status: 'loading', query: trimmed })
  await loadSearchPage(options, trimmed, 1)
}

/**
 * Loads the next page of the current search results.
 *
 * @example await fetchSearchPage()
 */
export async function fetchSearchPage(): Promise<void> {
  const state = $walletSearch.get()
  const options = usable()
  if (!options || !state.query || state.status === 'loading') return
  if (state.status === 'loaded' && state.wallets.length >= state.count) return
  $walletSearch.set({ ...state, status: 'loading', error: undefined })
  await loadSearchPage(options, state.query, state.page + 1)
}

async function loadSearchPage(options: ResolvedOptions, query: string, page: number) {
  const result = await searches.fetch(`${page}:${query}`, () =>
    fetchPage(options, page, { entries: WALLET_SEARCH_PAGE_SIZE, search: query }),
  )
  if (result.status === 'success') {
    const current = $walletSearch.get()
    const wallets = appendUnique(current.wallets, result.data.data)
    const count =
      result.data.data.length < WALLET_SEARCH_PAGE_SIZE ? wallets.length : result.data.count
    $walletSearch.set({ status: 'loaded', query, wallets, count, page, error: undefined })
  } else if (result.status === 'error') {
    $walletSearch.set({ ...$walletSearch.get(), status: 'error', error: asApiError(result.error) })
  }
}

/**
 * Loads the 4 recommended wallets into `$recommendedWallets` (the Connect view's
 * recommended group). The server leaves featured wallets out of it.
 *
 * @example await fetchRecommendedWallets()
 */
export async function fetchRecommendedWallets(): Promise<void> {
  const options = usable()
  if (!options) {
    $recommendedWallets.set({ status: 'disabled', wallets: [], error: undefined })
    return
  }
  if ($recommendedWallets.get().status === 'loading') return
  $recommendedWallets.set({ ...$recommendedWallets.get(), status: 'loading', error: undefined })
  const { include: _include, ...query } = registryQuery(options)
  const result = await recommendations.fetch('recommended', () =>
    $api.get().get<RecommendedWalletsResponse>('/v1/wallets/recommended', { query }),
  )
  if (result.status === 'success') {
    const allow = options.allowWallets
    const wallets = result.data.data
      .filter((w) => !allow?.length || allow.includes(w.id))
      .slice(0, RECOMMENDED_WALLETS)
    $recommendedWallets.set({ status: 'loaded', wallets, error: undefined })
  } else if (result.status === 'error') {
    $recommendedWallets.set({ status: 'error', wallets: [], error: asApiError(result.error) })
  }
}

// New options (a new createModal) make everything loaded stale.
$options.listen(() => resetWalletRegistry())

/** Forgets everything loaded (done whenever the options change). */
export function resetWalletRegistry(): void {
  pages.reset()
  searches.reset()
  recommendations.reset()
  $walletList.set(emptyList())
  $walletSearch.set({ ...emptyList(), query: '' })
  $recommendedWallets.set({ status: 'idle', wallets: [], error: undefined })
  // Views already on screen keep their subscription: load again for the new options.
  if ($walletList.lc > 0) void fetchWalletPage()
  if ($recommendedWallets.lc > 0) void fetchRecommendedWallets()
}

/**
 * The discovered connector that is `wallet` in this browser: same rdns, or the connector's
 * registry id is the wallet's id.
 *
 * @example
 * installedConnector({ id: 'metamask', rdns: 'io.metamask', … }, $connectors.get())
 */
export function installedConnector(
  wallet: Pick<Wallet, 'id' | 'rdns'>,
  connectors: readonly Connector[],
): Connector | undefined {
  return connectors.find(
    (c) =>
      c.type !== 'WALLET_CONNECT' &&
      c.type !== 'AUTH' &&
      ((wallet.rdns !== null && c.rdns === wallet.rdns) || c.explorerId === wallet.id),
  )
}

function decorate(
  wallets: readonly Wallet[],
  connectors: readonly Connector[],
  options: ResolvedOptions | null,
): RegistryWallet[] {
  const exclude = options?.excludeWallets ?? []
  return wallets
    .filter((w) => !isWalletExcluded(w, exclude))
    .map((w) => {
      const connector = installedConnector(w, connectors)
      return { ...w, installed: connector !== undefined, connectorId: connector?.id }
    })
}

/** `$walletList`'s wallets with installed detection and the exclude rules applied. */
export const $registryWallets = computed(
  [$walletList, $connectors, $options],
  (list, connectors, options) => decorate(list.wallets, connectors, options),
)

/** `$walletSearch`'s wallets, likewise. */
export const $searchedWallets = computed(
  [$walletSearch, $connectors, $options],
  (search, connectors, options) => decorate(search.wallets, connectors, options),
)

/** The featured wallets of the registry (the first page lists them first). */
export const $featuredWallets = computed([$walletList, $connectors, $options], (list, c, o) =>
  decorate(
    list.wallets.filter((w) => w.featured),
    c,
    o,
  ),
)

/** The recommended wallets, decorated likewise. */
export const $recommendedRegistryWallets = computed(
  [$recommendedWallets, $connectors, $options],
  (recommended, connectors, options) => decorate(recommended.wallets, connectors, options),
)

/** One row of the Connect view's wallet list: a discovered connector or a registry wallet. */
export type ConnectListEntry =
  | { kind: 'connector'; group: ConnectorGroup; connector: Connector }
  | { kind: 'registry'; group: 'featured' | 'recommended'; wallet: RegistryWallet }

/**
 * The Connect view's wallets in the spec §2 group order (walletConnect, recent, injected,
 * featured, custom, external, recommended). Featured and recommended registry wallets that
 * are installed are left out: their connector is already listed. Subscribing loads the
 * registry's first page and its recommendations.
 */
export const $connectList = computed(
  [$connectors, $recentWallets, $featuredWallets, $recommendedRegistryWallets],
  (connectors, recent, featured, recommended): ConnectListEntry[] => {
    const recentIds = recent.map((r) => r.id)
    const entries: ConnectListEntry[] = connectors
      .filter((c) => c.type !== 'AUTH')
      .map((connector) => ({
        kind: 'connector',
        group: connectorGroup(connector, recentIds),
        connector,
      }))
    const shown = new Set<string>()
    const add = (group: 'featured' | 'recommended', wallets: readonly RegistryWallet[]) => {
      for (const wallet of wallets) {
        if (wallet.installed || shown.has(wallet.id)) continue
        shown.add(wallet.id)
        entries.push({ kind: 'registry', group, wallet })
      }
    }
    add('featured', featured)
    add('recommended', recommended)
    const rank = (entry: ConnectListEntry) => CONNECTOR_GROUPS.indexOf(entry.group)
    // Array#sort is stable: inside a group the order of $connectors and of the registry stays.
    return entries.sort((a, b) => rank(a) - rank(b))
  },
)

/**
 * What picking a registry wallet that is not installed does, when set: the WalletConnect
 * integration sets it to start a session (QR code or deep link) and returns true. When unset,
 * or when it returns false, the UI shows the wallet's homepage and store links instead.
 */
export type RemoteWalletHandler = (wallet: RegistryWallet) => boolean | Promise<boolean>

let remoteWalletHandler: RemoteWalletHandler | undefined

/**
 * Sets (or clears, with undefined) the handler for registry wallets that are not installed.
 *
 * @example
 * setRemoteWalletHandler((wallet) => { push('ConnectingWalletConnect', { wallet }); return true })
 */
export function setRemoteWalletHandler(handler: RemoteWalletHandler | undefined): void {
  remoteWalletHandler = handler
}

/** The handler set by `setRemoteWalletHandler`, if any. */
export function getRemoteWalletHandler(): RemoteWalletHandler | undefined {
  return remoteWalletHandler
}
