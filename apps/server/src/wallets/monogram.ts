// Wallet images: an SVG monogram from the name on a colour, generated, never fetched.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/** Up to two letters: the first letter or digit of the first two words. */
export function initials(name: string): string {
  const words = name.split(/[\s._-]+/u).filter(Boolean)
  const firsts = words.map((word) => Array.from(word).find((ch) => /[\p{L}\p{N}]/u.test(ch)))
  const letters = firsts.filter((ch): ch is string => Boolean(ch)).slice(0, 2)
  return letters.join('').toUpperCase() || '?'
}

/** A stable `#rrggbb` for an id (FNV-1a hash to a hue at fixed saturation and lightness). */
export function colorFor(id: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  const hue = (hash >>> 0) % 360
  const s = 0.62
  const l = 0.46
  const f = (n: number) => {
    const k = (n + hue / 30) % 12
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1))
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0')
  }
  return `#${f(0)}${f(8)}${f(4)}`
}

// WCAG relative luminance decides between dark and light text.
function textColorOn(background: string): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
  return luminance > 0.4 ? '#141414' : '#ffffff'
}

/**
 * A 96x96 rounded-square SVG with the wallet's initials.
 *
 * @example
 * monogramSvg('Rainbow', '#001e59') // '<svg …>…R…</svg>'
 */
export function monogramSvg(name: string, color: string): string {
  const background = /^#[0-9a-f]{6}$/i.test(color) ? color : '#3b3b3b'
  const letters = initials(name)
  const size = letters.length > 1 ? 38 : 46
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">`,
    `<rect width="96" height="96" rx="24" fill="${background}"/>`,
    `<text x="48" y="48" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${size}" font-weight="600" fill="${textColorOn(background)}">${escapeXml(letters)}</text>`,
    '</svg>',
  ].join('')
}
