import type { ReactiveController, ReactiveControllerHost } from 'lit'

/**
 * How the arrow keys move:
 * - `list`: Up and Down, wrapping at the ends;
 * - `tabs`: Left and Right in reading order (reversed right to left), wrapping;
 * - `grid`: rows of `columns` cells; Left/Right move one cell, Up/Down one row, PageUp/PageDown
 *   `pageRows` rows, Home/End to the row's ends (with Ctrl to the grid's), stopping at the edges.
 * Home and End go to the first and last item of a list or tabs.
 */
export type NavigationLayout = 'list' | 'tabs' | 'grid'

export interface KeyboardNavigationOptions {
  layout: NavigationLayout
  /** The items in the DOM now, in order (disabled ones are skipped). */
  items: () => HTMLElement[]
  /** Grid: cells per row. */
  columns?: number
  /** Grid: rows that PageUp and PageDown move (default 4). */
  pageRows?: number
  /** How many items there are when only some are rendered (a virtualized grid). */
  count?: () => number
  /** The index of a rendered item (default: its position in `items()`). */
  indexOf?: (item: HTMLElement) => number
  /**
   * Where the Tab stop is when the host owns it (the selected tab); by default the controller
   * remembers the last item moved to or focused.
   */
  current?: () => number
  /**
   * Moves to `index` (default: focuses the rendered item). A virtualized grid scrolls the
   * item into the DOM first; tabs select the tab.
   */
  move?: (index: number) => void | Promise<void>
  /** Right to left (default: the host's computed `direction`). */
  rtl?: () => boolean
  /**
   * Whether the controller sets `tabindex` on `items()` after each update (default true).
   * Set false when the template binds `tabindex=${nav.tabIndexOf(i)}` itself (a virtualizer
   * renders its items after the host's update).
   */
  roving?: boolean
}

/**
 * The one keyboard navigation of lists, grids and tabs (WAI-ARIA APG roving tabindex): the
 * widget is one Tab stop and the arrow keys, Home and End move between its items. Bind
 * `onKeydown` and `onFocusin` on the container.
 *
 * @example
 * nav = new KeyboardNavigationController(this, {
 *   layout: 'list',
 *   items: () => [...this.renderRoot.querySelectorAll<HTMLElement>('li > button')],
 * })
 * html`<ul @keydown=${this.nav.onKeydown} @focusin=${this.nav.onFocusin}>…</ul>`
 */
export class KeyboardNavigationController implements ReactiveController {
  private remembered = 0

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: KeyboardNavigationOptions,
  ) {
    host.addController(this)
  }

  /** The index of the Tab stop. */
  get index(): number {
    const count = this.count()
    const index = this.options.current?.() ?? this.remembered
    return Math.max(0, Math.min(index, count - 1))
  }

  /** `tabindex` of the item at `index`: 0 for the Tab stop, -1 for the others. */
  tabIndexOf(index: number): 0 | -1 {
    return index === this.index ? 0 : -1
  }

  hostUpdated(): void {
    if (this.options.roving === false) return
    const items = this.enabled()
    const stop = this.index
    for (const item of items) item.tabIndex = this.indexOf(item, items) === stop ? 0 : -1
  }

  readonly onKeydown = (event: KeyboardEvent): void => {
    const items = this.enabled()
    const count = this.count(items)
    if (count === 0) return
    const found = this.indexOf(event.composedPath()[0] as HTMLElement, items)
    const next = this.target(event, found === -1 ? this.index : found, count)
    if (next === undefined) return
    event.preventDefault()
    void this.moveTo(next)
  }

  /** Remembers the focused item as the Tab stop, so Tab comes back to it. */
  readonly onFocusin = (event: FocusEvent): void => {
    const index = this.indexOf(event.composedPath()[0] as HTMLElement, this.enabled())
    if (index === -1 || this.options.current) return
    this.remember(index)
    this.hostUpdated()
  }

  /** Makes `index` the Tab stop without moving the focus (a new search starts at the top). */
  setIndex(index: number): void {
    this.remember(index)
    this.hostUpdated()
  }

  /** Makes `index` the Tab stop and moves the focus there. */
  async moveTo(index: number): Promise<void> {
    if (!this.options.current) this.remember(index)
    if (this.options.move) {
      await this.options.move(index)
      return
    }
    this.hostUpdated()
    const items = this.enabled()
    items.find((item) => this.indexOf(item, items) === index)?.focus()
  }

  private remember(index: number): void {
    if (index === this.remembered) return
    this.remembered = index
    // A template that binds `tabIndexOf()` renders the new Tab stop.
    if (this.options.roving === false) this.host.requestUpdate()
  }

  /** The index the key moves to from `from`, or undefined for a key this layout ignores. */
  private target(event: KeyboardEvent, from: number, count: number): number | undefined {
    const last = count - 1
    const layout = this.options.layout
    const rtl = this.options.rtl?.() ?? getComputedStyle(this.host).direction === 'rtl'
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
    if (layout !== 'grid') {
      const [next, previous] = layout === 'list' ? ['ArrowDown', 'ArrowUp'] : [forward, backward]
      if (event.key === next) return (from + 1) % count
      if (event.key === previous) return (from - 1 + count) % count
      if (event.key === 'Home') return 0
      if (event.key === 'End') return last
      return undefined
    }
    const columns = this.options.columns ?? 1
    const page = columns * (this.options.pageRows ?? 4)
    const rowStart = from - (from % columns)
    const moves: Record<string, number> = {
      [forward]: from + 1,
      [backward]: from - 1,
      ArrowDown: from + columns,
      ArrowUp: from - columns,
      PageDown: from + page,
      PageUp: from - page,
      Home: event.ctrlKey ? 0 : rowStart,
      End: event.ctrlKey ? last : rowStart + columns - 1,
    }
    const next = moves[event.key]
    return next === undefined ? undefined : Math.max(0, Math.min(last, next))
  }

  private count(items = this.enabled()): number {
    return this.options.count?.() ?? items.length
  }

  private indexOf(item: HTMLElement, items: HTMLElement[]): number {
    if (!items.includes(item)) return -1
    return this.options.indexOf?.(item) ?? items.indexOf(item)
  }

  private enabled(): HTMLElement[] {
    return this.options.items().filter((item) => !item.hasAttribute('disabled'))
  }
}
