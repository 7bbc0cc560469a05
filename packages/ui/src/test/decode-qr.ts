// Reads a <wui-qr-code> back the way a phone would: its drawn SVG, in the colours the page
// computed, rasterised on a canvas with a quiet zone, then decoded with jsQR (a QR reader
// independent of the encoder the element uses).
import 'jsqr'
import type jsQRType from 'jsqr'

const jsQR = (globalThis as unknown as { jsQR: typeof jsQRType }).jsQR

/** The text `qr` (a `<wui-qr-code>`) encodes, or `undefined` when no reader can find one. */
export async function decodeQr(qr: Element, scale = 8): Promise<string | undefined> {
  const box = qr.shadowRoot?.querySelector<HTMLElement>('[part="qr"]')
  const drawn = box?.querySelector('svg')
  if (!box || !drawn) throw new Error('the QR code is not drawn')
  const style = getComputedStyle(box)
  const [, , size = 0] = (drawn.getAttribute('viewBox') ?? '').split(' ').map(Number)
  const quiet = 4
  const side = (size + quiet * 2) * scale
  const svg = drawn.cloneNode(true) as SVGSVGElement
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  svg.setAttribute('viewBox', `${-quiet} ${-quiet} ${size + quiet * 2} ${size + quiet * 2}`)
  svg.setAttribute('width', String(side))
  svg.setAttribute('height', String(side))
  svg.setAttribute('shape-rendering', 'crispEdges')
  svg.style.color = style.color
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect')
  background.setAttribute('x', String(-quiet))
  background.setAttribute('y', String(-quiet))
  background.setAttribute('width', String(size + quiet * 2))
  background.setAttribute('height', String(size + quiet * 2))
  background.setAttribute('fill', style.backgroundColor)
  svg.prepend(background)
  const url = URL.createObjectURL(
    new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' }),
  )
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = side
    const context = canvas.getContext('2d', { willReadFrequently: true })
    if (!context) throw new Error('no 2d context')
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, side, side)
    return jsQR(data, side, side)?.data
  } finally {
    URL.revokeObjectURL(url)
  }
}
