// Validation of the accounts wallets return or emit. Loaded with the wallet actions, never at
// startup: checksumming (EIP-55) needs keccak-256.
import { isEip155Address } from '@openmodal/core/internal'
import type { Address } from 'viem'
import { getAddress } from 'viem/utils'

const MAX_ACCOUNTS = 100

export interface ParsedAccounts {
  /** Valid addresses, checksummed, without duplicates. */
  accounts: Address[]
  /** How many entries were not addresses. */
  invalid: number
}

/**
 * Reads an accounts array (from `eth_accounts`, `eth_requestAccounts`, `accountsChanged`).
 * Returns `undefined` when `value` is not an array.
 *
 * @example parseAccounts(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'x'])
 * // { accounts: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], invalid: 1 }
 */
export function parseAccounts(value: unknown): ParsedAccounts | undefined {
  if (!Array.isArray(value)) return undefined
  const accounts: Address[] = []
  let invalid = 0
  for (const entry of value.slice(0, MAX_ACCOUNTS)) {
    const address = toAddress(entry)
    if (!address) invalid++
    else if (!accounts.includes(address)) accounts.push(address)
  }
  return { accounts, invalid: invalid + Math.max(0, value.length - MAX_ACCOUNTS) }
}

/**
 * The checksummed form of an EVM address (40 hex characters, `0x` optional), else undefined.
 *
 * @example toAddress('f39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39F…2266'
 */
export function toAddress(value: unknown): Address | undefined {
  if (!isEip155Address(value)) return undefined
  const raw = value as string
  return getAddress(raw.startsWith('0x') ? raw : `0x${raw}`)
}
