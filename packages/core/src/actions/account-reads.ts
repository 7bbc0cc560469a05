// The balance and identity reads of a namespace's connected account, on the one fetcher
// primitive. actions/refresh-account.ts loads this module with import() on the first read and
// hands it the stores and functions it needs (`AccountReadsContext`): it imports no module of
// the initial JS itself, only the fetcher, which imports nothing, and utils/units.ts, lazy code
// too, which imports only errors/base.ts (a file of its own in every app). A lazy module that
// imports initial modules makes Vite's bundler split the page's entry into more files
// (apps/size README, "What (a) loads before a click").
import type { ChainAdapter } from '../adapters/types.js'
import type { NativeBalance } from '../stores/balance.js'
import type { Profile } from '../stores/profile.js'
import type { CaipNetwork, ChainNamespace } from '../types/network.js'
import { createFetcher } from '../utils/fetcher.js'
import { readNetwork } from '../utils/read-urls.js'
import { formatUnitsFixed } from '../utils/units.js'

/** A store of one entry per namespace (the nanostores `map` methods the reads use). */
interface NamespaceStore<T> {
  get(): Partial<Record<ChainNamespace, T>>
  setKey(namespace: ChainNamespace, value: T | undefined): void
  /** How many listeners it has (nanostores): 0 when nothing shows it. */
  readonly lc: number
}

/** What the reads take from the initial side: the stores they write and the lookups they ask. */
export interface AccountReadsContext {
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined
  connectedTarget(
    namespace: ChainNamespace,
  ): { key: string; address: string; network: CaipNetwork } | undefined
  connectionKey(namespace: ChainNamespace): string | undefined
  $nativeBalance: NamespaceStore<NativeBalance>
  $profiles: NamespaceStore<Profile>
  /**
   * Tells a failed read (once per request). `code` is `TOKEN_BALANCE_UNAVAILABLE` on the first
   * failed balance read of an account and network (spec §8: the toast shows once when the
   * network stops answering, not on every retry); the modal shows that toast.
   */
  onError(error: unknown, where: 'balance' | 'profile', code?: 'TOKEN_BALANCE_UNAVAILABLE'): void
}

export interface AccountReads {
  refreshBalance(namespace: ChainNamespace, options?: { force?: boolean }): Promise<void>
  refreshProfile(namespace: ChainNamespace): Promise<void>
  /** Forgets cached balances; answers of reads running now are dropped. */
  resetBalances(): void
  /** Forgets cached identities; answers of lookups running now are dropped. */
  resetIdentities(): void
}

/** Native balances are kept this long (spec §9). */
export const BALANCE_CACHE_MS = 30 * 1000
/**
 * While a balance shows, it is read again this often (spec §9 "polling 4 s"), so a payment made
 * outside the modal (another wallet, a faucet, the page's own code) shows within one interval.
 */
export const BALANCE_POLL_MS = 4 * 1000
/** After a failed read the next waits this long (spec §9 "balance retry gap 30 s"). */
export const BALANCE_RETRY_GAP_MS = 30 * 1000
/** Identity names and avatars are kept this long (spec §9). */
export const PROFILE_CACHE_MS = 5 * 60 * 1000

/** One answer of the wallet, formatted for display. */
type Read = { balance: string; symbol: string }
/** What an identity lookup found: only the fields it found. */
type Identity = { name?: string; avatar?: string }

/**
 * Creates the reads over `context`'s stores.
 *
 * @example const reads = createAccountReads(context); await reads.refreshBalance('eip155')
 */
export function createAccountReads(
  context: AccountReadsContext,
  timing: { pollMs?: number; retryGapMs?: number } = {},
): AccountReads {
  const { getAdapter, connectedTarget, connectionKey, $nativeBalance, $profiles } = context
  // Both keyed by `connectionKey`. Each namespace shows its own key, so an answer is dropped
  // when its namespace moved to another key meanwhile (checked below), not when another
  // namespace asked meanwhile: hence `newestWins: false`.
  const balances = createFetcher<Read>({
    cacheMs: BALANCE_CACHE_MS,
    newestWins: false,
    // Runs before the callers of the read resume: the entry still shows the earlier state.
    // Spec §8 "Token Balance Unavailable": once when the network stops answering, not on every
    // retry, and not for an account or network left meanwhile.
    onError: (error, key) => {
      const entry = Object.values($nativeBalance.get()).find((shown) => shown?.key === key)
      context.onError(
        error,
        'balance',
        entry && !entry.failed ? 'TOKEN_BALANCE_UNAVAILABLE' : undefined,
      )
    },
  })
  const identities = createFetcher<Identity>({
    cacheMs: PROFILE_CACHE_MS,
    newestWins: false,
    onError: (error) => context.onError(error, 'profile'),
  })

  const polls = new Map<ChainNamespace, ReturnType<typeof setTimeout>>()
  /**
   * Reads `namespace`'s balance again after `ms` while it shows (something listens to the
   * store), the page is visible and the account is the same; one timer per namespace.
   */
  function poll(namespace: ChainNamespace, key: string, ms: number): void {
    clearTimeout(polls.get(namespace))
    const timer = setTimeout(() => {
      polls.delete(namespace)
      if (connectionKey(namespace) !== key) return
      const hidden = (globalThis as { document?: { hidden?: boolean } }).document?.hidden
      if ($nativeBalance.lc === 0 || hidden) poll(namespace, key, ms)
      else void refreshBalance(namespace, { force: true })
    }, ms)
    // Never keeps a Node process (server rendering, tests) alive.
    ;(timer as { unref?: () => void }).unref?.()
    polls.set(namespace, timer)
  }

  async function refreshBalance(
    namespace: ChainNamespace,
    options: { force?: boolean } = {},
  ): Promise<void> {
    const adapter = getAdapter(namespace)
    const target = connectedTarget(namespace)
    if (!adapter || !target) return
    const { key, address, network } = target
    const show = (read: Read) => {
      $nativeBalance.setKey(namespace, { key, ...read, loading: false })
      poll(namespace, key, timing.pollMs ?? BALANCE_POLL_MS)
    }
    const cached = options.force ? undefined : balances.cached(key)
    if (cached) {
      show(cached)
      return
    }
    const shown = $nativeBalance.get()[namespace]
    // Loading the same account again keeps its last balance on screen.
    $nativeBalance.setKey(namespace, { ...(shown?.key === key ? shown : { key }), loading: true })
    const result = await balances.fetch(
      key,
      async () => {
        const { value, decimals, symbol } = await adapter.getBalance({
          address,
          network: readNetwork(network),
        })
        // formatBalance's bigint case (3 decimals, spec §5), without the rest of utils/format.ts.
        return { balance: formatUnitsFixed(value, decimals, 3), symbol }
      },
      options,
    )
    // A later read for another account or network owns the entry now.
    const entry = $nativeBalance.get()[namespace]
    if (result.status === 'stale' || entry?.key !== key) return
    if (result.status === 'success') {
      show(result.data)
      return
    }
    // The account says the balance is unavailable rather than show a made-up 0 (the toast was
    // asked for by `onError` above).
    $nativeBalance.setKey(namespace, { ...entry, loading: false, failed: true })
    poll(namespace, key, timing.retryGapMs ?? BALANCE_RETRY_GAP_MS)
  }

  async function refreshProfile(namespace: ChainNamespace): Promise<void> {
    const adapter = getAdapter(namespace)
    const target = connectedTarget(namespace)
    if (!target || namespace !== 'eip155' || target.network.testnet || !adapter?.getProfile) {
      $profiles.setKey(namespace, undefined)
      return
    }
    const { key, address, network } = target
    let identity = identities.cached(key)
    if (!identity) {
      const result = await identities.fetch(key, async () => {
        const { name, avatar } =
          (await adapter.getProfile?.({ address, network: readNetwork(network) })) ?? {}
        return { ...(name ? { name } : {}), ...(avatar ? { avatar } : {}) }
      })
      if (result.status === 'stale') return
      // A failed lookup shows no name (and is asked again next time).
      identity = result.status === 'success' ? result.data : {}
    }
    // The account may have changed while the name was looked up.
    if (connectionKey(namespace) !== key) return
    $profiles.setKey(namespace, { key, ...identity })
  }

  return {
    refreshBalance,
    refreshProfile,
    resetBalances: () => {
      for (const timer of polls.values()) clearTimeout(timer)
      polls.clear()
      balances.reset()
    },
    resetIdentities: () => identities.reset(),
  }
}
