import { css, html, LitElement, type PropertyValues } from 'lit'
import { define } from '../../utils/define.js'
import { safeImageUrl } from '../../utils/safe-url.js'

/** Spec §9 "image preload timeout 2 s": after it, the monogram stays. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

/** One or two capital letters for a wallet name ("Trust Wallet" → "TW"). */
export function monogram(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[1]] : [words[0]]
  return letters
    .map((word) => (word ? [...word][0] : ''))
    .join('')
    .toUpperCase()
}

/**
 * @summary A wallet image: preloaded off-screen and shown once it loaded; until then, when it
 * fails, or when it takes longer than 2 s, a monogram of the name. Only `http(s)` and
 * `data:image/` URLs are ever loaded. Decorative: the wallet's button carries its name.
 *
 * @csspart image - The `<img>` once loaded.
 * @csspart monogram - The fallback letters.
 * @cssproperty --wui-wallet-image-size - Default 56px.
 */
export class WuiWalletImage extends LitElement {
  static override properties = {
    src: {},
    name: {},
    state: { state: true },
  }

  static override styles = css`
    :host {
      display: inline-grid;
      inline-size: var(--wui-wallet-image-size, 56px);
      block-size: var(--wui-wallet-image-size, 56px);
      border-radius: var(--wui-radius-s, 8px);
      overflow: hidden;
      background: var(--wui-surface, #f1f2f3);
      flex: none;
    }

    img,
    .monogram {
      inline-size: 100%;
      block-size: 100%;
    }

    .monogram {
      display: grid;
      place-items: center;
      font-weight: 600;
      color: var(--wui-fg-muted, #5e5e5e);
      font-size: calc(var(--wui-wallet-image-size, 56px) * 0.36);
    }
  `

  declare src: string | undefined
  declare name: string
  declare state: 'loading' | 'loaded' | 'fallback'

  private loader: HTMLImageElement | undefined
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor() {
    super()
    this.name = ''
    this.state = 'loading'
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('src')) this.preload()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stop()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Re-attached by the virtualized grid before it loaded: try again.
    if (this.state === 'loading' && !this.loader && this.hasUpdated) this.preload()
  }

  private stop() {
    clearTimeout(this.timer)
    if (this.loader) {
      this.loader.onload = this.loader.onerror = null
      this.loader = undefined
    }
  }

  private preload() {
    this.stop()
    const src = safeImageUrl(this.src, { allowHttp: true })
    if (!src) {
      this.state = 'fallback'
      return
    }
    this.state = 'loading'
    const loader = new Image()
    this.loader = loader
    const settle = (state: 'loaded' | 'fallback') => {
      if (this.loader !== loader) return
      this.stop()
      this.state = state
    }
    loader.onload = () => settle('loaded')
    loader.onerror = () => settle('fallback')
    this.timer = setTimeout(() => settle('fallback'), IMAGE_PRELOAD_TIMEOUT_MS)
    loader.src = src
  }

  override render() {
    const src = safeImageUrl(this.src, { allowHttp: true })
    if (this.state === 'loaded' && src) {
      return html`<img part="image" src=${src} alt="" width="56" height="56" />`
    }
    return html`<span part="monogram" class="monogram" aria-hidden="true"
      >${monogram(this.name)}</span
    >`
  }
}

define('wui-wallet-image', WuiWalletImage)

declare global {
  interface HTMLElementTagNameMap {
    'wui-wallet-image': WuiWalletImage
  }
}
