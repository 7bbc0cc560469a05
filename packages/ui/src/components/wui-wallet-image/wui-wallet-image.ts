import { initialState, Task, TaskStatus } from '@lit/task'
import { css, html, LitElement } from 'lit'
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
 * Loads `src` off-screen: resolves once loaded, rejects when it fails or takes longer than
 * 2 s; an abort (the element left the page) ends it unsettled, as if never started.
 */
function preload(src: string, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    const finish = (settle: () => void) => {
      clearTimeout(timer)
      image.onload = image.onerror = null
      signal.removeEventListener('abort', onAbort)
      settle()
    }
    const onAbort = () => finish(() => resolve(initialState))
    const timer = setTimeout(
      () => finish(() => reject(new Error('timeout'))),
      IMAGE_PRELOAD_TIMEOUT_MS,
    )
    image.onload = () => finish(() => resolve(src))
    image.onerror = () => finish(() => reject(new Error('failed')))
    signal.addEventListener('abort', onAbort)
    image.src = src
  })
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

  // Restarts when `src` changes; a newer preload supersedes an older one (@lit/task).
  private readonly image = new Task(this, {
    task: ([src], { signal }) => (src ? preload(src, signal) : Promise.reject(new Error('unsafe'))),
    args: () => [safeImageUrl(this.src, { allowHttp: true })] as const,
  })

  /** The preload was stopped when the element left the page. */
  private interrupted = false

  constructor() {
    super()
    this.name = ''
  }

  /** `loading` until the image loaded (`loaded`) or failed, timed out or is unsafe (`fallback`). */
  get state(): 'loading' | 'loaded' | 'fallback' {
    if (!safeImageUrl(this.src, { allowHttp: true })) return 'fallback'
    const status = this.image.status
    if (status === TaskStatus.COMPLETE) return 'loaded'
    return status === TaskStatus.ERROR ? 'fallback' : 'loading'
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    if (this.image.status !== TaskStatus.PENDING) return
    this.interrupted = true
    this.image.abort()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // Moved or re-attached by the virtualized grid before it loaded: try again.
    if (!this.interrupted) return
    this.interrupted = false
    void this.image.run()
  }

  override render() {
    const src = safeImageUrl(this.src, { allowHttp: true })
    if (src && this.image.status === TaskStatus.COMPLETE) {
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
