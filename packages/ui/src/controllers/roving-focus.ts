import type { ReactiveController, ReactiveControllerHost } from 'lit'

/**
 * Roving tabindex for a list of buttons (WAI-ARIA APG): the list is one Tab stop and the
 * arrow keys, Home and End move between its items. Bind `onKeydown` on the list container;
 * the controller sets `tabindex` on the items after every render.
 *
 * @example
 * roving = new RovingFocusController(this, () => [...this.renderRoot.querySelectorAll('li > button')])
 * html`<ul @keydown=${this.roving.onKeydown}>…</ul>`
 */
export class RovingFocusController implements ReactiveController {
  private index = 0

  constructor(
    host: ReactiveControllerHost,
    private readonly items: () => HTMLElement[],
  ) {
    host.addController(this)
  }

  hostUpdated(): void {
    const items = this.enabled()
    if (this.index >= items.length) this.index = Math.max(0, items.length - 1)
    for (const [i, item] of items.entries()) item.tabIndex = i === this.index ? 0 : -1
  }

  readonly onKeydown = (event: KeyboardEvent): void => {
    const items = this.enabled()
    if (items.length === 0) return
    const current = items.indexOf(event.composedPath()[0] as HTMLElement)
    const from = current === -1 ? this.index : current
    let next: number
    switch (event.key) {
      case 'ArrowDown':
        next = (from + 1) % items.length
        break
      case 'ArrowUp':
        next = (from - 1 + items.length) % items.length
        break
      case 'Home':
        next = 0
        break
      case 'End':
        next = items.length - 1
        break
      default:
        return
    }
    event.preventDefault()
    this.focus(next)
  }

  /** Remembers `item` as the list's Tab stop (call on focus so Tab returns to it). */
  readonly onFocusin = (event: FocusEvent): void => {
    const index = this.enabled().indexOf(event.composedPath()[0] as HTMLElement)
    if (index !== -1) this.focus(index, false)
  }

  private focus(index: number, move = true): void {
    const items = this.enabled()
    this.index = index
    for (const [i, item] of items.entries()) item.tabIndex = i === index ? 0 : -1
    if (move) items[index]?.focus()
  }

  private enabled(): HTMLElement[] {
    return this.items().filter((item) => !item.hasAttribute('disabled'))
  }
}
