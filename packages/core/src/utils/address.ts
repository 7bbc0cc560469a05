// Address shape checks per namespace (spec §5). Shape only: no checksum verification.
import type { ChainNamespace } from '../types/network.js'

const EIP155_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
// Base58 alphabet: no 0, O, I or l.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const TRUNCATE_START = 4
const TRUNCATE_END = 6
const ELLIPSIS = '…'

/**
 * Whether `address` is an EVM address: 40 hex characters with an optional `0x` (spec §5).
 * Mixed case is accepted; the EIP-55 checksum is not verified.
 *
 * @example
 * isEip155Address('0xab5801a7d398351b8be11c439e05c5b3259aec9b') // true
 * isEip155Address('0x123') // false
 */
export function isEip155Address(address: unknown): boolean {
  return typeof address === 'string' && EIP155_ADDRESS.test(address)
}

/**
 * Whether `address` is a Solana address: 32 to 44 base58 characters (spec §5).
 *
 * @example
 * isSolanaAddress('7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV') // true
 * isSolanaAddress('0OIl') // false
 */
export function isSolanaAddress(address: unknown): boolean {
  return typeof address === 'string' && SOLANA_ADDRESS.test(address)
}

/**
 * Whether `address` looks like an address of `namespace`. eip155 and solana are checked
 * strictly; other namespaces only need a non-empty string without whitespace, for now.
 *
 * @example
 * isAddressFor('eip155', '0xab5801a7d398351b8be11c439e05c5b3259aec9b') // true
 * isAddressFor('bip122', 'bc1q xyz') // false
 */
export function isAddressFor(namespace: ChainNamespace, address: unknown): boolean {
  switch (namespace) {
    case 'eip155':
      return isEip155Address(address)
    case 'solana':
      return isSolanaAddress(address)
    default:
      return typeof address === 'string' && /^\S+$/.test(address)
  }
}

/**
 * Shortens an address to its first 4 and last 6 characters around an ellipsis (spec §5).
 * Strings of 11 characters or fewer (where truncation saves nothing) come back unchanged.
 *
 * @example
 * truncateAddress('0xab5801a7d398351b8be11c439e05c5b3259aec9b') // '0xab…9aec9b'
 */
export function truncateAddress(address: string): string {
  if (address.length <= TRUNCATE_START + TRUNCATE_END + ELLIPSIS.length) return address
  return `${address.slice(0, TRUNCATE_START)}${ELLIPSIS}${address.slice(-TRUNCATE_END)}`
}
