import {
  $accounts,
  $activeAccount,
  type AccountState,
  type ChainNamespace,
} from '@openmodal/core/internal'
import { type MaybeRefOrGetter, toValue } from 'vue'
import { type AllKeys, type ToComputedRefs, toComputedRefs } from './field-refs.js'
import { useStoreValue } from './use-store-value.js'

export interface ModalAccount extends AccountState {
  isConnected: boolean
}

export type UseModalAccountReturnType = ToComputedRefs<ModalAccount>

const KEYS = [
  'status',
  'isConnected',
  'address',
  'caipAddress',
  'allAccounts',
  'balance',
  'balanceSymbol',
  'balanceLoading',
  'balanceUnavailable',
  'profileName',
  'profileImage',
  'connectedWalletInfo',
] as const
// Fails to compile when AccountState gains a field this list does not name.
const FIELDS: AllKeys<ModalAccount, typeof KEYS> = KEYS

const DISCONNECTED: AccountState = Object.freeze({ status: 'disconnected', allAccounts: [] })

/**
 * The connected account of `namespace` (a value, a ref or a getter), or of the active network's
 * namespace when omitted: status, address, CAIP address, all accounts, balance, profile and
 * wallet info, each a read-only ref that follows the wallet.
 *
 * @example
 * const { isConnected, address, balance, balanceSymbol } = useModalAccount()
 * const solana = useModalAccount('solana')
 */
export function useModalAccount(
  namespace?: MaybeRefOrGetter<ChainNamespace | undefined>,
): UseModalAccountReturnType {
  const accounts = useStoreValue($accounts)
  const active = useStoreValue($activeAccount)
  return toComputedRefs<ModalAccount>(() => {
    const selected = toValue(namespace)
    const account = selected ? (accounts.value[selected] ?? DISCONNECTED) : active.value
    return { ...account, isConnected: account.status === 'connected' }
  }, FIELDS)
}
