// ConnectionController of the spec: live connections and the recent-wallets list.
import { atom, computed, map } from 'nanostores'
import type { AdapterAccount } from '../adapters/types.js'
import { RECENT_WALLETS_MAX, type RecentWallet } from '../storage/storage.js'
import type { ChainNamespace } from '../types/network.js'
import { $activeNamespace } from './chain.js'

export interface Connection {
  connectorId: string
  accounts: readonly AdapterAccount[]
  chainId: number | string
}

export type { RecentWallet }

export const $connections = map<Partial<Record<ChainNamespace, Connection>>>({})
/** Newest first. */
export const $recentWallets = atom<readonly RecentWallet[]>([])

export type ConnectorStatus = 'connected' | 'active' | 'disconnected'

/**
 * Connector status of spec §4: `connected` when it is the active namespace's connector,
 * `active` when it holds a connection elsewhere, else `disconnected`.
 */
export const $connectorStatus = computed(
  [$connections, $activeNamespace],
  (connections, active) =>
    (connectorId: string): ConnectorStatus => {
      if (active && connections[active]?.connectorId === connectorId) return 'connected'
      return Object.values(connections).some((c) => c?.connectorId === connectorId)
        ? 'active'
        : 'disconnected'
    },
)

export function setConnection(namespace: ChainNamespace, connection: Connection | undefined): void {
  $connections.setKey(namespace, connection)
}

/** Puts `wallet` first, dedupes by id, keeps at most two. */
export function withRecentWallet(
  list: readonly RecentWallet[],
  wallet: RecentWallet,
): RecentWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}
