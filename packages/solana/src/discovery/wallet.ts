// Validation of wallet-standard wallets. Any page script can register one, so every field is
// untrusted: a wallet earns only what it declared, and only in a safe form (as EIP-6963
// announcements in @openmodal/evm).
import type { Wallet } from '@wallet-standard/base'

/** A validated Solana wallet. */
export interface SolanaWallet {
  /** Trimmed, without control or bidi characters, at most `NAME_MAX_LENGTH` characters. */
  name: string
  /** A `data:image/…` URI of an allowed type, or absent. */
  icon?: string
  wallet: Wallet
}

export const NAME_MAX_LENGTH = 64
/** Icons above this many characters are dropped (a data URI of ~190 KB of image). */
export const ICON_MAX_LENGTH = 256 * 1024
const ICON = /^data:image\/(?:svg\+xml|png|webp|jpeg|gif)[;,]/i

// C0/C1 controls, zero-width characters and bidi overrides/isolates: invisible characters
// that let one name pass for another.
function isInvisible(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2069) ||
    code === 0xfeff
  )
}

/**
 * A display name: control and bidi characters removed, whitespace collapsed, trimmed and
 * capped at 64 characters (code points). `undefined` when nothing is left.
 *
 * @example cleanName('  <b>Phantom</b>\u202e ') // '<b>Phantom</b>' (text, never HTML)
 */
export function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const visible = Array.from(value.slice(0, NAME_MAX_LENGTH * 8).replace(/\s+/g, ' '))
    .filter((char) => !isInvisible(char.codePointAt(0) ?? 0))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
  const name = Array.from(visible).slice(0, NAME_MAX_LENGTH).join('').trim()
  return name || undefined
}

/**
 * Whether `value` is an icon the kit may show: a `data:` URI of an SVG, PNG, WebP, JPEG or GIF.
 *
 * @example isSafeIcon('javascript:alert(1)') // false
 */
export function isSafeIcon(value: unknown): value is string {
  return typeof value === 'string' && value.length <= ICON_MAX_LENGTH && ICON.test(value)
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
