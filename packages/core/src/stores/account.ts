// AccountController of the spec: the account each namespace shows, derived from its connection
// (stores/connection.ts) with its balance (balance.ts) and identity (profile.ts). Nothing here
// is stored: connect, disconnect and the wallet's events change the connection, and this
// follows.
import { computed } from 'nanostores'
import type { AdapterAccount } from '../adapters/types.js'
import type { CaipAddress, ChainNamespace } from '../types/network.js'
import { $nativeBalance, type NativeBalance } from './balance.js'
import { $activeNamespace } from './chain.js'
import {
  $attempts,
  $connections,
  type AttemptStatus,
  type Connection,
  connectionKey,
} from './connection.js'
import { $profiles, type Profile } from './profile.js'

export type AccountStatus = 'connecting' | 'connected' | 'disconnected' | 'reconnecting'

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  /** Connector id. */
  identifier?: string
  /** For embedded wallets: the social login's provider, or 'email' (spec §3). */
  socialProvider?: string
  /** The e-mail of an e-mail login (embedded wallet). */
  email?: string
}

export interface AccountState {
  status: AccountStatus
  address?: string
  caipAddress?: CaipAddress
  allAccounts: readonly AdapterAccount[]
  /** Formatted for display (3 decimals truncated). */
  balance?: string
  balanceSymbol?: string
  balanceLoading?: boolean
  /** The last balance read failed: the network did not answer. */
  balanceUnavailable?: boolean
  profileName?: string
  profileImage?: string
  connectedWalletInfo?: ConnectedWalletInfo
}

export const DISCONNECTED: AccountState = Object.freeze({ status: 'disconnected', allAccounts: [] })

function accountState(
  namespace: ChainNamespace,
  connection: Connection | undefined,
  attempt: AttemptStatus | undefined,
  balance: NativeBalance | undefined,
  profile: Profile | undefined,
): AccountState {
  const status = attempt ?? (connection ? 'connected' : 'disconnected')
  const first = connection?.accounts[0]
  if (!connection || !first)
    return status === 'disconnected' ? DISCONNECTED : { ...DISCONNECTED, status }
  const key = connectionKey(namespace, connection)
  const ownBalance = balance?.key === key ? balance : undefined
  const ownProfile = profile?.key === key ? profile : undefined
  return {
    status,
    address: first.address,
    caipAddress: `${namespace}:${connection.chainId}:${first.address}`,
    allAccounts: connection.accounts,
    balance: ownBalance?.balance,
    balanceSymbol: ownBalance?.symbol,
    balanceLoading: ownBalance?.loading,
    balanceUnavailable: ownBalance?.failed,
    profileName: ownProfile?.name,
    profileImage: ownProfile?.avatar,
    // The connection keeps what the account shows of the wallet: its name and icon, and for an
    // embedded wallet the e-mail and social provider (actions/internal.ts, `applyConnection`).
    connectedWalletInfo: { ...connection.wallet, identifier: connection.connectorId },
  }
}

let previous: Partial<Record<ChainNamespace, AccountState>> = {}

/**
 * The account of each namespace that has a connection or an attempt under way. A namespace's
 * object stays the same while nothing it shows changed, so a view of one namespace does not
 * render again when another changes.
 */
export const $accounts = computed(
  [$connections, $attempts, $nativeBalance, $profiles],
  (connections, attempts, balances, profiles) => {
    const namespaces = new Set([...Object.keys(connections), ...Object.keys(attempts)])
    const next: Partial<Record<ChainNamespace, AccountState>> = {}
    for (const namespace of namespaces as Set<ChainNamespace>) {
      const connection = connections[namespace]
      const attempt = attempts[namespace]
      if (!connection && !attempt) continue
      const state = accountState(
        namespace,
        connection,
        attempt,
        balances[namespace],
        profiles[namespace],
      )
      const before = previous[namespace]
      // Plain data: equal text is an equal account.
      next[namespace] = before && JSON.stringify(before) === JSON.stringify(state) ? before : state
    }
    previous = next
    return next
  },
)

/** The account of the active namespace. */
export const $activeAccount = computed(
  [$accounts, $activeNamespace],
  (accounts, namespace): AccountState => (namespace && accounts[namespace]) || DISCONNECTED,
)

/** Any namespace is connected. */
export const $isConnected = computed($accounts, (accounts) =>
  Object.values(accounts).some((a) => a?.status === 'connected'),
)

/** The account `namespace` shows (disconnected when it has none). */
export function getAccountState(namespace: ChainNamespace): AccountState {
  return $accounts.get()[namespace] ?? DISCONNECTED
}
