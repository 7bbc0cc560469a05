// The native balance of each namespace's connected account (spec §9: kept 30 s). The account
// state shows it while it belongs to the account the namespace's connection shows.
import { map } from 'nanostores'
import { getAdapter } from '../adapters/registry.js'
import { errorMessage } from '../errors/base.js'
import type { ChainNamespace } from '../types/network.js'
import { formatBalance, formatUnits } from '../utils/format.js'
import { connectedTarget } from './connection.js'
import { emitEvent } from './events.js'

export interface NativeBalance {
  /** The account and network it is of (`connectionKey`). */
  key: string
  /** Formatted for display (3 decimals truncated). */
  balance?: string
  symbol?: string
  loading: boolean
}

/** Per namespace: the native balance last read or being read. */
export const $nativeBalance = map<Partial<Record<ChainNamespace, NativeBalance>>>({})

/** Native balances are kept this long (spec §9). */
export const BALANCE_CACHE_MS = 30 * 1000
const cache = new Map<string, { at: number; balance: string; symbol: string }>()

/** Forgets cached balances (after a transfer the host knows changed them, and in tests). */
export function clearBalanceCache(): void {
  cache.clear()
  $nativeBalance.set({})
}

/**
 * Reads the native balance of the account `namespace` is connected with; an answer younger
 * than 30 s for the same address and network is reused (spec §9).
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
  const cached = cache.get(key)
  if (cached && !options.force && Date.now() - cached.at < BALANCE_CACHE_MS) {
    $nativeBalance.setKey(namespace, {
      key,
      balance: cached.balance,
      symbol: cached.symbol,
      loading: false,
    })
    return
  }
  const shown = $nativeBalance.get()[namespace]
  // Loading the same account again keeps its last balance on screen.
  $nativeBalance.setKey(namespace, { ...(shown?.key === key ? shown : { key }), loading: true })
  // A later read for another account or network owns the entry now.
  const current = () => $nativeBalance.get()[namespace]?.key === key
  try {
    const result = await adapter.getBalance({ address, network })
    const entry = {
      at: Date.now(),
      balance: formatBalance(formatUnits(result.value, result.decimals)),
      symbol: result.symbol,
    }
    cache.set(key, entry)
    if (!current()) return
    $nativeBalance.setKey(namespace, {
      key,
      balance: entry.balance,
      symbol: entry.symbol,
      loading: false,
    })
  } catch (error) {
    const entry = $nativeBalance.get()[namespace]
    if (entry && current()) $nativeBalance.setKey(namespace, { ...entry, loading: false })
    emitEvent('ERROR', { message: errorMessage(error), where: 'balance' })
  }
}
