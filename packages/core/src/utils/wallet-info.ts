// Untrusted wallet fields: any page script can announce an EIP-6963 provider, register a
// wallet-standard wallet or list a sats-connect provider. Every adapter's discovery cleans what
// it shows with these two functions: names become plain visible text, icons are kept only as
// `data:image/…` URIs.

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
 * Whether `value` is an icon the kit may show: a `data:` URI of an SVG, PNG, WebP, JPEG or GIF.
 *
 * @example isSafeIcon('javascript:alert(1)') // false
 */
export function isSafeIcon(value: unknown): value is string {
  return typeof value === 'string' && value.length <= ICON_MAX_LENGTH && ICON.test(value)
}
