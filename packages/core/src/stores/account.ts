// AccountController of the spec: the connected account per namespace.
import { computed, map } from 'nanostores'
import type { AdapterAccount } from '../adapters/types.js'
import type { CaipAddress, ChainNamespace } from '../types/network.js'
import { $activeNamespace } from './chain.js'

export type AccountStatus = 'connecting' | 'connected' | 'disconnected' | 'reconnecting'

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  /** Connector id. */
  identifier?: string
  /** For embedded wallets; defaults to 'email'. */
  socialProvider?: string
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
  profileName?: string
  profileImage?: string
  connectedWalletInfo?: ConnectedWalletInfo
}

export const DISCONNECTED: AccountState = Object.freeze({ status: 'disconnected', allAccounts: [] })

export const $accounts = map<Partial<Record<ChainNamespace, AccountState>>>({})

/** The account of the active namespace. */
export const $activeAccount = computed(
  [$accounts, $activeNamespace],
  (accounts, namespace): AccountState => (namespace && accounts[namespace]) || DISCONNECTED,
)

/** Any namespace is connected. */
export const $isConnected = computed($accounts, (accounts) =>
  Object.values(accounts).some((a) => a?.status === 'connected'),
)

export function getAccountState(namespace: ChainNamespace): AccountState {
  return $accounts.get()[namespace] ?? DISCONNECTED
}

export function patchAccount(namespace: ChainNamespace, patch: Partial<AccountState>): void {
  $accounts.setKey(namespace, { ...getAccountState(namespace), ...patch })
}

export function resetAccount(namespace: ChainNamespace): void {
  $accounts.setKey(namespace, DISCONNECTED)
}
