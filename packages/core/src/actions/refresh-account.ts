// Reads the native balance (stores/balance.ts) and the identity (stores/profile.ts) of a
// namespace's connected account through the one fetcher primitive. The connection actions load
// this module with import() (`refreshAccount` in actions/internal.ts): the stores are in every
// app's initial JS, the fetcher is not.
import { getAdapter } from '../adapters/registry.js'
import { errorMessage } from '../errors/base.js'
import { $nativeBalance, BALANCE_CACHE_MS } from '../stores/balance.js'
import { connectedTarget, connectionKey } from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import { $profiles, PROFILE_CACHE_MS } from '../stores/profile.js'
import type { ChainNamespace } from '../types/network.js'
import { createFetcher } from '../utils/fetcher.js'
import { formatBalance, formatUnits } from '../utils/format.js'

/** One answer of the wallet, formatted for display. */
type Read = { balance: string; symbol: string }
/** What an identity lookup found: only the fields it found. */
type Identity = { name?: string; avatar?: string }

// Both keyed by `connectionKey`. Each namespace shows its own key, so an answer is dropped when
// its namespace moved to another key meanwhile (checked below), not when another namespace
// asked meanwhile: hence `newestWins: false`.
const balances = createFetcher<Read>({
  cacheMs: BALANCE_CACHE_MS,
  newestWins: false,
  onError: (error) => emitEvent('ERROR', { message: errorMessage(error), where: 'balance' }),
})
const identities = createFetcher<Identity>({
  cacheMs: PROFILE_CACHE_MS,
  newestWins: false,
  onError: (error) => emitEvent('ERROR', { message: errorMessage(error), where: 'profile' }),
})

/** Forgets cached balances (after a transfer the host knows changed them, and in tests). */
export function clearBalanceCache(): void {
  balances.reset()
  $nativeBalance.set({})
}

/** Forgets cached identities (tests, or a host that knows a name changed). */
export function clearProfileCache(): void {
  identities.reset()
  $profiles.set({})
}

/**
 * Reads the native balance of the account `namespace` is connected with; an answer younger
 * than 30 s for the same address and network is reused (spec §9), and a read of it already
 * running is shared.
 *
 * @example await refreshBalance('eip155', { force: true })
 */
export async function refreshBalance(
  namespace: ChainNamespace,
  options: { force?: boolean } = {},
): Promise<void> {
  const adapter = getAdapter(namespace)
  const target = connectedTarget(namespace)
  if (!adapter || !target) return
  const { key, address, network } = target
  const show = (read: Read) => $nativeBalance.setKey(namespace, { key, ...read, loading: false })
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
      const { value, decimals, symbol } = await adapter.getBalance({ address, network })
      return { balance: formatBalance(formatUnits(value, decimals)), symbol }
    },
    options,
  )
  // A later read for another account or network owns the entry now.
  const entry = $nativeBalance.get()[namespace]
  if (result.status === 'stale' || entry?.key !== key) return
  if (result.status === 'success') show(result.data)
  else $nativeBalance.setKey(namespace, { ...entry, loading: false })
}

/**
 * Looks up the name and avatar of the account `namespace` is connected with (kept 5 min).
 * Identity names are fetched only for non-test EVM networks; elsewhere they are cleared
 * (spec §5).
 *
 * @example await refreshProfile('eip155')
 */
export async function refreshProfile(namespace: ChainNamespace): Promise<void> {
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
      const { name, avatar } = (await adapter.getProfile?.({ address, network })) ?? {}
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
