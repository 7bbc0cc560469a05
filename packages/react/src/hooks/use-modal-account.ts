import {
  $accounts,
  $activeAccount,
  type AccountState,
  type ChainNamespace,
} from '@openmodal/core/internal'
import { useMemo } from 'react'
import { useStore } from './use-store.js'

export interface UseModalAccountReturnType extends AccountState {
  isConnected: boolean
}

const DISCONNECTED: AccountState = Object.freeze({ status: 'disconnected', allAccounts: [] })
// Servers never hold a wallet connection.
const SERVER_ACCOUNTS: ReturnType<typeof $accounts.get> = Object.freeze({})

/**
 * The connected account of `namespace`, or of the active network's namespace when omitted:
 * status, address, CAIP address, all accounts, balance, profile and wallet info.
 *
 * @example
 * const { isConnected, address, balance, balanceSymbol } = useModalAccount()
 * const solana = useModalAccount('solana')
 */
export function useModalAccount(namespace?: ChainNamespace): UseModalAccountReturnType {
  const accounts = useStore($accounts, { serverSnapshot: SERVER_ACCOUNTS })
  const active = useStore($activeAccount, { serverSnapshot: DISCONNECTED })
  const account = namespace ? (accounts[namespace] ?? DISCONNECTED) : active
  return useMemo(() => ({ ...account, isConnected: account.status === 'connected' }), [account])
}
