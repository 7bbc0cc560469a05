import { CSSResult, type ReactiveElement } from 'lit'

/**
 * Creates the constructable stylesheets of the elements named by `tags` (each defined one), which
 * Lit otherwise builds and parses when the first instance connects. Pure: nothing renders,
 * subscribes or fetches, so it can run while the page is idle, before the modal opens.
 *
 * @example warmStyles(['w3m-connect-view', 'wui-wallet-list'])
 */
export function warmStyles(tags: readonly string[]): void {
  for (const tag of tags) {
    const element = customElements.get(tag) as typeof ReactiveElement | undefined
    for (const style of element?.elementStyles ?? []) {
      if (style instanceof CSSResult) void style.styleSheet
    }
  }
}

const warmed = new Map<string, HTMLImageElement>()

/**
 * Decodes a `data:image/…` URL into the document's image cache, so an `<img>` showing it later
 * does not parse it (an SVG becomes a whole document) while the modal opens. Other URLs are left
 * alone: loading them would be a request.
 *
 * @example warmImage(options.walletConnect?.imageUrl)
 */
export function warmImage(url: string | undefined): void {
  if (!url?.startsWith('data:image/') || warmed.has(url)) return
  const image = new Image()
  image.src = url
  // Held so the decoded image stays in the cache until an `<img>` uses it.
  warmed.set(url, image)
}
