import { css, html, LitElement, nothing, svg } from 'lit'
import { define } from '../../utils/define.js'
import { safeImageUrl } from '../../utils/safe-url.js'
import type { QrPath } from './qr-path.js'

/**
 * @summary A QR code of `value`, drawn as SVG once the QR encoder (loaded with `import()` on
 * first use) is ready; `image` (data:image or https only) sits in the centre.
 *
 * @csspart qr - The square holding the code.
 * @cssproperty --w3m-qr-color - The modules' colour (theme variable; default near-black).
 * @cssproperty --wui-qr-size - Side length, default 240px.
 */
export class WuiQrCode extends LitElement {
  static override properties = {
    value: {},
    image: {},
    label: {},
    path: { state: true },
  }

  static override styles = css`
    :host {
      display: inline-block;
      --_size: var(--wui-qr-size, 240px);
    }

    .qr {
      position: relative;
      inline-size: var(--_size);
      block-size: var(--_size);
      padding: 12px;
      box-sizing: border-box;
      border-radius: var(--wui-radius-l, 16px);
      /* A QR code needs its light background in dark mode too. */
      background: #fff;
      color: var(--w3m-qr-color, #141414);
    }

    svg {
      display: block;
      inline-size: 100%;
      block-size: 100%;
      shape-rendering: crispEdges;
    }

    img {
      position: absolute;
      inset: 50% auto auto 50%;
      inline-size: 22%;
      block-size: 22%;
      transform: translate(-50%, -50%);
      border-radius: 22%;
      object-fit: cover;
    }
  `

  /** The text to encode (a `wc:` URI). */
  declare value: string | undefined
  /** A logo for the centre. */
  declare image: string | undefined
  /** The accessible name of the code. */
  declare label: string | undefined
  declare path: QrPath | undefined

  private rendered: string | undefined

  /** Resolves once the code for the current `value` is drawn. */
  ready: Promise<void> = Promise.resolve()

  protected override willUpdate(): void {
    const key = `${this.value ?? ''}|${this.image ? 'logo' : ''}`
    if (key === this.rendered) return
    this.rendered = key
    const value = this.value
    if (!value) {
      this.path = undefined
      return
    }
    const hole = this.image ? 7 : 0
    this.ready = import('./qr-path.js').then(({ qrPath }) => {
      // A newer value may have arrived meanwhile.
      if (this.value === value) this.path = qrPath(value, { hole })
    })
  }

  override render() {
    const image = safeImageUrl(this.image)
    const path = this.path
    return html`<div class="qr" part="qr" role="img" aria-label=${this.label ?? nothing}>
      ${
        path
          ? html`<svg viewBox="0 0 ${path.size} ${path.size}" aria-hidden="true">
              ${svg`<path d=${path.d} fill="currentColor" />`}
            </svg>`
          : nothing
      }
      ${image && path ? html`<img src=${image} alt="" />` : nothing}
    </div>`
  }
}

define('wui-qr-code', WuiQrCode)

declare global {
  interface HTMLElementTagNameMap {
    'wui-qr-code': WuiQrCode
  }
}
