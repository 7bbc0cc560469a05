// Reads the native balance (stores/balance.ts) and the identity (stores/profile.ts) of a
// namespace's connected account. The reads and their fetcher are in actions/account-reads.ts,
// loaded with import() by the first read: the stores are in every app's initial JS, the fetcher
// is not. That module gets the stores and lookups from here instead of importing them.
import { lazyCode } from '../adapters/kit/lazy-code.js'
import { getAdapter } from '../adapters/registry.js'
import { errorMessage } from '../errors/base.js'
import { $nativeBalance } from '../stores/balance.js'
import { connectedTarget, connectionKey } from '../stores/connection.js'
import { emitEvent } from '../stores/events.js'
import { $profiles } from '../stores/profile.js'
import { onReset } from '../stores/reset.js'
import type { ChainNamespace } from '../types/network.js'
import type { AccountReads, AccountReadsContext } from './account-reads.js'

const context: AccountReadsContext = {
  getAdapter,
  connectedTarget,
  connectionKey,
  $nativeBalance,
  $profiles,
  // `code`: the modal shows that toast (spec §8) when it sees this event; the toast store is
  // lazy code, so the page does not load it for this.
  onError: (error, where, code) =>
    emitEvent('ERROR', { message: errorMessage(error), where, code }),
}

let reads: AccountReads | undefined
const loadReads = lazyCode(() =>
  import('./account-reads.js').then((module) => {
    reads = module.createAccountReads(context)
    return reads
  }),
)

/**
 * Loads the reads once (later calls share the load). A failed load is reported as an ERROR
 * event and resolves undefined; the next call tries again.
 *
 * @example if (await loadAccountReads()) void refreshProfile('eip155')
 */
export function loadAccountReads(): Promise<AccountReads | undefined> {
  return loadReads().catch((error: unknown) => {
    emitEvent('ERROR', { message: errorMessage(error), where: 'balance' })
    return undefined
  })
}

/** Forgets cached balances (after a transfer the host knows changed them, and in tests). */
export function clearBalanceCache(): void {
  reads?.resetBalances()
  $nativeBalance.set({})
}

/** Forgets cached identities (tests, or a host that knows a name changed). */
export function clearProfileCache(): void {
  reads?.resetIdentities()
  $profiles.set({})
}
onReset(clearBalanceCache)
onReset(clearProfileCache)

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
  // Once loaded, the read starts within this call (no await before it).
  await (reads ?? (await loadAccountReads()))?.refreshBalance(namespace, options)
}

/**
 * Looks up the name and avatar of the account `namespace` is connected with (kept 5 min).
 * Identity names are fetched only for non-test EVM networks; elsewhere they are cleared
 * (spec §5).
 *
 * @example await refreshProfile('eip155')
 */
export async function refreshProfile(namespace: ChainNamespace): Promise<void> {
  await (reads ?? (await loadAccountReads()))?.refreshProfile(namespace)
}
