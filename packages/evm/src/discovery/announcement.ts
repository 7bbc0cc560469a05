// Validation of EIP-6963 announcements. Any page script can dispatch one, so every field is
// untrusted: a wallet earns only what it announced, and only in a safe form.
import type { Eip1193Provider } from '../provider/types.js'

/** A validated announcement. */
export interface Announcement {
  /** Lower-case UUIDv4. */
  uuid: string
  /** Trimmed, without control or bidi characters, at most `NAME_MAX_LENGTH` characters. */
  name: string
  /** A `data:image/…` URI of an allowed type, or absent. */
  icon?: string
  /** Lower-case reverse-DNS id, or absent when the announced one was not one. */
  rdns?: string
  provider: Eip1193Provider
}

export const NAME_MAX_LENGTH = 64
/** Icons above this many characters are dropped (a data URI of ~190 KB of image). */
export const ICON_MAX_LENGTH = 256 * 1024

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
const RDNS =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i
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
 * @example cleanName('  <b>Wallet</b>\u202e ') // '<b>Wallet</b>' (text, never HTML)
 */
export function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  // Only the start of a huge name matters: the cap is 64 characters anyway.
  const visible = Array.from(value.slice(0, NAME_MAX_LENGTH * 8).replace(/\s+/g, ' '))
    .filter((char) => !isInvisible(char.codePointAt(0) ?? 0))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim()
  const name = Array.from(visible).slice(0, NAME_MAX_LENGTH).join('').trim()
  return name || undefined
}

/**
 * Whether `value` is a reverse-DNS id as EIP-6963 asks (`io.metamask`, `com.example.wallet`).
 *
 * @example isRdns('io.metamask') // true
 */
export function isRdns(value: unknown): value is string {
  return typeof value === 'string' && RDNS.test(value)
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
 * Whether `value` looks like an EIP-1193 provider (has a `request` function).
 *
 * @example isProvider(window.ethereum)
 */
export function isProvider(value: unknown): value is Eip1193Provider {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return false
  try {
    return typeof (value as { request?: unknown }).request === 'function'
  } catch {
    return false
  }
}

/**
 * Validates the `detail` of an `eip6963:announceProvider` event. A missing or malformed uuid,
 * name or provider refuses the whole announcement; a bad icon or rdns is only dropped.
 *
 * @example
 * const announcement = parseAnnouncement((event as CustomEvent).detail)
 * if (announcement) list.push(announcement)
 */
export function parseAnnouncement(detail: unknown): Announcement | undefined {
  try {
    if (typeof detail !== 'object' || detail === null) return undefined
    const { info, provider } = detail as { info?: unknown; provider?: unknown }
    if (typeof info !== 'object' || info === null || !isProvider(provider)) return undefined
    // Each field is read once: a getter could answer differently the second time.
    const { uuid, name, icon, rdns } = info as Record<string, unknown>
    if (typeof uuid !== 'string' || !UUID_V4.test(uuid)) return undefined
    const cleanedName = cleanName(name)
    if (!cleanedName) return undefined
    return {
      uuid: uuid.toLowerCase(),
      name: cleanedName,
      ...(isSafeIcon(icon) ? { icon } : {}),
      ...(isRdns(rdns) ? { rdns: rdns.toLowerCase() } : {}),
      provider,
    }
  } catch {
    // A hostile detail (throwing getters, revoked proxies) is simply not a wallet.
    return undefined
  }
}
