// The client's address behind zero or more trusted reverse proxies. Each proxy appends the
// address it received the request from to X-Forwarded-For, so only the right-most entries were
// written by proxies we trust; everything left of them is whatever the client sent. Counting
// `hops` entries from the right gives the address the outermost trusted proxy saw.
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * `OPENMODAL_TRUST_PROXY` as a hop count: unset, `0` or `false` = none (the socket address);
 * `true` = 1; a whole number = that many proxies in front of the server.
 *
 * @example
 * parseTrustProxy('2') // 2
 */
export function parseTrustProxy(raw: string | undefined): number {
  const value = (raw ?? '').trim().toLowerCase()
  if (value === '' || value === 'false' || value === 'off') return 0
  if (value === 'true' || value === 'on') return 1
  if (/^\d{1,2}$/.test(value)) return Number(value)
  throw new Error(
    `OPENMODAL_TRUST_PROXY=${raw} is invalid: expected the number of trusted proxies (0-99), true or false`,
  )
}

/** A hop count from a setting that may still be a boolean (true = one proxy). */
export const trustedHops = (trustProxy: boolean | number | undefined): number =>
  trustProxy === true ? 1 : typeof trustProxy === 'number' ? trustProxy : 0

/**
 * The address of the client: with `hops` trusted proxies, the `hops`-th X-Forwarded-For entry
 * from the right (the left-most entry when there are fewer); else the socket's peer.
 *
 * @example
 * // X-Forwarded-For: 6.6.6.6 (spoofed), 203.0.113.7 (added by our one proxy)
 * clientAddressOf(c, 1) // '203.0.113.7'
 */
export function clientAddressOf(c: Context, trustProxy: boolean | number | undefined): string {
  const hops = trustedHops(trustProxy)
  if (hops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const address = entries[Math.max(0, entries.length - hops)]
    if (address) return address
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown'
  }
}
