// The QR code as one SVG path, from uqr's module matrix. Loaded with `import()` by wui-qr-code:
// neither this nor uqr is in any page's initial JS.
import { encode } from 'uqr'

export interface QrPath {
  /** Modules per side. */
  size: number
  /** `M x y h1v1h-1z` per dark module (numbers only). */
  d: string
}

/**
 * The dark modules of `text`'s QR code as an SVG path on a `size`×`size` grid, leaving out a
 * square of `hole` modules in the centre (for a logo; error correction Q restores them).
 *
 * @example qrPath('wc:…', { hole: 0 }).size // 49
 */
export function qrPath(text: string, { hole = 0 }: { hole?: number } = {}): QrPath {
  const { data, size } = encode(text, { ecc: 'Q', border: 0 })
  const cut = Math.min(hole, Math.floor(size / 3))
  const from = Math.floor((size - cut) / 2)
  const to = from + cut
  let d = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return
      if (cut > 0 && x >= from && x < to && y >= from && y < to) return
      d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, d }
}
