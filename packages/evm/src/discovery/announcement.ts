// Validation of EIP-6963 announcements. Any page script can dispatch one, so every field is
// untrusted: a wallet earns only what it announced, and only in a safe form.
import { cleanName, isSafeIcon } from '@openmodal/core/internal'
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

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i
const RDNS =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

/**
 * Whether `value` is a reverse-DNS id as EIP-6963 asks (`io.metamask`, `com.example.wallet`).
 *
 * @example isRdns('io.metamask') // true
 */
export function isRdns(value: unknown): value is string {
  return typeof value === 'string' && RDNS.test(value)
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
