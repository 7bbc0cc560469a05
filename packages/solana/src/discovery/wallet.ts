// Validation of wallet-standard wallets. Any page script can register one, so every field is
// untrusted: a wallet earns only what it declared, and only in a safe form (as EIP-6963
// announcements in @openmodal/evm).
import { cleanName, isSafeIcon } from '@openmodal/core/internal'
import type { Wallet } from '@wallet-standard/base'

/** A validated Solana wallet. */
export interface SolanaWallet {
  /** Trimmed, without control or bidi characters, at most `NAME_MAX_LENGTH` characters. */
  name: string
  /** A `data:image/…` URI of an allowed type, or absent. */
  icon?: string
  wallet: Wallet
}

/**
 * Validates a registered wallet: it must have a name, a `solana:` chain and a
 * `standard:connect` feature with a `connect` function. A bad icon is only dropped.
 *
 * @example
 * const parsed = parseWallet(wallet)
 * if (parsed) list.push(parsed)
 */
export function parseWallet(wallet: unknown): SolanaWallet | undefined {
  try {
    if (typeof wallet !== 'object' || wallet === null) return undefined
    // Each field is read once: a getter could answer differently the second time.
    const { name, icon, chains, features } = wallet as Record<string, unknown>
    if (
      !Array.isArray(chains) ||
      !chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))
    ) {
      return undefined
    }
    const connect = (features as Record<string, { connect?: unknown }> | undefined)?.[
      'standard:connect'
    ]?.connect
    if (typeof connect !== 'function') return undefined
    const cleanedName = cleanName(name)
    if (!cleanedName) return undefined
    return { name: cleanedName, ...(isSafeIcon(icon) ? { icon } : {}), wallet: wallet as Wallet }
  } catch {
    // A hostile wallet (throwing getters, revoked proxies) is simply not a wallet.
    return undefined
  }
}
