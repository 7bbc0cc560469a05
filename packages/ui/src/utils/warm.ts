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
