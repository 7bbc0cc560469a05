// ConnectionController of the spec: the one source of connection facts. `$connections` holds
// each namespace's live connection and `$attempts` a connect or reconnect under way; the
// account state (address, status, wallet info, stores/account.ts) is derived from them.
import { atom, computed, map } from 'nanostores'
import type { AdapterAccount } from '../adapters/types.js'
import { RECENT_WALLETS_MAX, type RecentWallet } from '../storage/storage.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types/network.js'
import { accountKey } from '../utils/account-key.js'
import { $activeNamespace, findNetwork } from './chain.js'
import { onReset } from './reset.js'

export interface Connection {
  /** The id this namespace's adapter knows the connector by. */
  connectorId: string
  /** Every account the wallet granted, with its type; the first is the one shown. */
  accounts: readonly AdapterAccount[]
  /** The network the wallet is on (CAIP-2 reference, e.g. `1`). */
  chainId: number | string
  /**
   * What the account shows of the wallet; for an embedded wallet (AUTH connector) the e-mail
   * and the social provider of its login (`email` for an e-mail login).
   */
  wallet: { name: string; icon?: string; email?: string; socialProvider?: string }
}

export type { RecentWallet }

/** Live connections, per namespace. */
export const $connections = map<Partial<Record<ChainNamespace, Connection>>>({})

export type AttemptStatus = 'connecting' | 'reconnecting'

/**
 * A connect or reconnect under way, per namespace. Apart from `$connections` because a
 * connect can run over a live connection, which stays usable until the wallet answers
 * (wagmi keeps its `status` beside its `connections` for the same reason).
 */
export const $attempts = map<Partial<Record<ChainNamespace, AttemptStatus>>>({})

/** Newest first. */
export const $recentWallets = atom<readonly RecentWallet[]>([])
onReset(() => {
  $connections.set({})
  $attempts.set({})
  $recentWallets.set([])
})

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

/** The CAIP-2 id of the network `connection` is on. */
export function connectionNetworkId(
  namespace: ChainNamespace,
  connection: Pick<Connection, 'chainId'>,
): CaipNetworkId {
  return `${namespace}:${connection.chainId}`
}

/**
 * The `accountKey` of the account `namespace` shows (on `connection`, its live one by default),
 * or undefined when it has none: what the balance and profile of that account are kept under.
 */
export function connectionKey(
  namespace: ChainNamespace,
  connection: Connection | undefined = $connections.get()[namespace],
): string | undefined {
  const address = connection?.accounts[0]?.address
  if (!connection || !address) return undefined
  return accountKey(connectionNetworkId(namespace, connection), address)
}

/**
 * The account `namespace` is connected with, on a network the host configured: what its
 * balance and identity are read for, under `key` (`connectionKey`). Undefined otherwise.
 */
export function connectedTarget(
  namespace: ChainNamespace,
): { key: string; address: string; network: CaipNetwork } | undefined {
  const connection = $connections.get()[namespace]
  const key = connectionKey(namespace, connection)
  const address = connection?.accounts[0]?.address
  const network = connection && findNetwork(connectionNetworkId(namespace, connection))
  return key && address && network ? { key, address, network } : undefined
}

/** Records the live connection of `namespace` (undefined: none) and ends its attempt. */
export function setConnection(namespace: ChainNamespace, connection: Connection | undefined): void {
  $connections.setKey(namespace, connection)
  $attempts.setKey(namespace, undefined)
}

/** Puts `wallet` first, dedupes by id, keeps at most two. */
export function withRecentWallet(
  list: readonly RecentWallet[],
  wallet: RecentWallet,
): RecentWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_MAX)
}
