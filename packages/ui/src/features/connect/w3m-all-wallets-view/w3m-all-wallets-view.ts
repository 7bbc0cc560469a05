import { $connectors, $view, push } from '@openmodal/core/internal'
import {
  $registryWallets,
  $searchedWallets,
  $walletList,
  $walletSearch,
  fetchSearchPage,
  fetchWalletPage,
  type RegistryWallet,
  searchWallets,
} from '@openmodal/core/registry'
import { html, nothing, type TemplateResult } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import { styleMap } from 'lit/directives/style-map.js'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import '../../../components/wui-wallet-image/wui-wallet-image.js'
import { KeyboardNavigationController } from '../../../controllers/keyboard-navigation.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import { tCount } from '../../../i18n/plural.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { selectRegistryWallet, walletLinks } from '../../../utils/registry-wallet.js'
import { gridStyles, styles } from './w3m-all-wallets-view.styles.js'

/** Spec §9 "search delay 300 ms". */
export const SEARCH_DEBOUNCE_MS = 300
export const GRID_COLUMNS = 4
/** Height of one grid row in px (kept in step with the styles). */
export const ROW_HEIGHT = 96
/** Rows visible at once; the grid scrolls beyond. */
export const VISIBLE_ROWS = 4
/** Rows rendered above and below the visible ones. */
export const OVERSCAN_ROWS = 2
/** Load the next page when the rendered rows come this close to the loaded end. */
const PREFETCH_ROWS = 3

/** One cell: an installed connector, or a wallet of the registry. */
interface GridItem {
  key: string
  name: string
  imageUrl: string | undefined
  connectorId: string | undefined
  wallet: RegistryWallet | undefined
}

/**
 * @summary AllWallets (spec §2): the installed wallets, then the registry of the project's
 * server in a virtualized grid (only the visible rows are in the DOM, so thousands of wallets
 * cost a few dozen elements), loaded 40 at a time as it scrolls and searched 300 ms after the
 * last keystroke (pages of 100). Arrow keys move in the grid (one Tab stop), Enter picks.
 * An installed wallet connects; one that is not shows its web links, unless the WalletConnect
 * integration took it (`setRemoteWalletHandler` in core).
 *
 * @csspart grid - The wallet grid.
 * @csspart wallet - Each wallet button.
 * @csspart details - The links of a wallet that is not installed.
 */
export class W3mAllWalletsView extends OpenModalElement {
  static override properties = {
    query: { state: true },
    scrollTop: { state: true },
    selected: { state: true },
  }
  static override styles = [base, iconStyles, viewStyles, styles, gridStyles]

  declare query: string
  declare scrollTop: number
  declare selected: RegistryWallet | undefined

  private readonly connectors = new StoreController(this, $connectors)
  private readonly list = new StoreController(this, $walletList)
  private readonly search = new StoreController(this, $walletSearch)
  private readonly listed = new StoreController(this, $registryWallets)
  private readonly searched = new StoreController(this, $searchedWallets)

  // One Tab stop; arrows, PageUp/PageDown, Home/End (Ctrl for the grid's ends) move in it.
  private readonly nav = new KeyboardNavigationController(this, {
    layout: 'grid',
    columns: GRID_COLUMNS,
    pageRows: VISIBLE_ROWS,
    items: () => [...this.renderRoot.querySelectorAll<HTMLElement>('button.cell')],
    count: () => this.items().length,
    indexOf: (cell) => Number(cell.dataset.index),
    move: (index) => this.focusCell(index),
    // Only some rows are rendered: the template binds each cell's tabindex.
    roving: false,
  })

  private debounce: ReturnType<typeof setTimeout> | undefined
  private frame = 0

  constructor() {
    super()
    this.query = ''
    this.scrollTop = 0
    this.selected = undefined
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // The Connect view sends a registry wallet that is not installed here to show its links.
    const wallet = $view.get().data?.wallet
    if (wallet) this.selected = { installed: false, connectorId: undefined, ...wallet }
    // A search left over from an earlier visit is cleared.
    if ($walletSearch.get().query) void searchWallets('')
    if ($walletList.get().status === 'idle') void fetchWalletPage()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.debounce)
    cancelAnimationFrame(this.frame)
  }

  /** The search that the results on screen belong to ('' for the plain list). */
  private get searching(): boolean {
    return this.search.value.query !== ''
  }

  private get source() {
    return this.searching ? this.search.value : this.list.value
  }

  private items(): GridItem[] {
    const query = this.search.value.query.toLowerCase()
    const installed: GridItem[] = this.connectors.value
      .filter((c) => c.type !== 'AUTH' && c.type !== 'WALLET_CONNECT')
      .filter((c) => !query || c.name.toLowerCase().includes(query))
      .map((c) => ({
        key: `connector:${c.id}`,
        name: c.name,
        imageUrl: c.imageUrl,
        connectorId: c.id,
        wallet: undefined,
      }))
    const registry = (this.searching ? this.searched.value : this.listed.value)
      // Installed ones are listed above through their connector.
      .filter((w) => !w.installed)
      .map((w) => ({
        key: `wallet:${w.id}`,
        name: w.name,
        imageUrl: w.imageUrl,
        connectorId: undefined,
        wallet: w,
      }))
    return [...installed, ...registry]
  }

  private get hasMore(): boolean {
    const source = this.source
    return source.status === 'loaded' && source.wallets.length < source.count
  }

  private loadMore() {
    if (this.searching) void fetchSearchPage()
    else void fetchWalletPage()
  }

  private onInput(event: Event) {
    this.query = (event.target as HTMLInputElement).value
    clearTimeout(this.debounce)
    this.debounce = setTimeout(() => {
      this.nav.setIndex(0)
      this.scrollTop = 0
      const scroller = this.scroller()
      if (scroller) scroller.scrollTop = 0
      void searchWallets(this.query)
    }, SEARCH_DEBOUNCE_MS)
  }

  private scroller(): HTMLElement | null {
    return this.renderRoot.querySelector<HTMLElement>('.scroller')
  }

  private readonly onScroll = () => {
    cancelAnimationFrame(this.frame)
    this.frame = requestAnimationFrame(() => {
      this.scrollTop = this.scroller()?.scrollTop ?? 0
    })
  }

  /** Scrolls the row of `index` into view and focuses its cell (the Tab stop already moved). */
  private async focusCell(index: number) {
    const scroller = this.scroller()
    if (scroller) {
      const top = Math.floor(index / GRID_COLUMNS) * ROW_HEIGHT
      const height = scroller.clientHeight || ROW_HEIGHT * VISIBLE_ROWS
      if (top < scroller.scrollTop) scroller.scrollTop = top
      else if (top + ROW_HEIGHT > scroller.scrollTop + height) {
        scroller.scrollTop = top + ROW_HEIGHT - height
      }
      this.scrollTop = scroller.scrollTop
    }
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>(`button[data-index="${index}"]`)?.focus()
  }

  private async select(item: GridItem) {
    if (item.connectorId) {
      push('ConnectingExternal', { connectorId: item.connectorId })
      return
    }
    if (!item.wallet) return
    if ((await selectRegistryWallet(item.wallet)) !== 'links') return
    this.selected = item.wallet
    await this.updateComplete
    this.renderRoot.querySelector<HTMLElement>('.details button')?.focus()
  }

  private async closeDetails() {
    this.selected = undefined
    await this.focusCell(this.nav.index)
  }

  protected override updated(): void {
    // Infinite scroll: fetch the next page before the rendered rows reach the loaded end.
    const rows = Math.ceil(this.items().length / GRID_COLUMNS)
    const { last } = this.visibleRows(rows)
    if (!this.selected && this.hasMore && last >= rows - PREFETCH_ROWS) {
      // After this update, not during it (the store change re-renders the view).
      queueMicrotask(() => this.loadMore())
    }
  }

  private visibleRows(rows: number): { first: number; last: number } {
    const height = this.scroller()?.clientHeight || ROW_HEIGHT * VISIBLE_ROWS
    const first = Math.max(0, Math.floor(this.scrollTop / ROW_HEIGHT) - OVERSCAN_ROWS)
    const last = Math.min(
      rows - 1,
      Math.ceil((this.scrollTop + height) / ROW_HEIGHT) - 1 + OVERSCAN_ROWS,
    )
    return { first, last }
  }

  private renderSkeleton(): TemplateResult {
    return html`<div class="skeleton" aria-hidden="true">
      ${Array.from({ length: GRID_COLUMNS * 2 }, () => html`<span class="skeleton-cell"></span>`)}
    </div>`
  }

  private renderGrid(items: readonly GridItem[]): TemplateResult {
    const rows = Math.ceil(items.length / GRID_COLUMNS)
    const { first, last } = this.visibleRows(rows)
    const focusIndex = this.nav.index
    const focusRow = Math.floor(focusIndex / GRID_COLUMNS)
    const rendered: number[] = []
    for (let row = first; row <= last; row++) rendered.push(row)
    // The row holding the Tab stop stays in the DOM so focus is never lost while scrolling.
    if (focusRow < rows && (focusRow < first || focusRow > last)) rendered.push(focusRow)
    return html`<div
      class="scroller"
      style=${styleMap({ blockSize: `${Math.min(rows, VISIBLE_ROWS) * ROW_HEIGHT}px` })}
      @scroll=${this.onScroll}
    >
      <div
        part="grid"
        class="grid"
        role="grid"
        aria-label=${t('allWallets.list')}
        aria-rowcount=${rows}
        aria-colcount=${GRID_COLUMNS}
        style=${styleMap({ blockSize: `${rows * ROW_HEIGHT}px` })}
        @keydown=${this.nav.onKeydown}
        @focusin=${this.nav.onFocusin}
      >
        ${repeat(
          rendered.sort((a, b) => a - b),
          (row) => row,
          (row) => html`<div
            role="row"
            class="row"
            aria-rowindex=${row + 1}
            style=${styleMap({ transform: `translateY(${row * ROW_HEIGHT}px)` })}
          >
            ${items
              .slice(row * GRID_COLUMNS, row * GRID_COLUMNS + GRID_COLUMNS)
              .map((item, column) => {
                const index = row * GRID_COLUMNS + column
                return html`<div role="gridcell" aria-colindex=${column + 1}>
                <button
                  part="wallet"
                  class="cell"
                  data-index=${index}
                  data-key=${item.key}
                  tabindex=${index === focusIndex ? 0 : -1}
                  @click=${() => this.select(item)}
                >
                  <wui-wallet-image .src=${item.imageUrl} .name=${item.name}></wui-wallet-image>
                  <span class="name">${item.name}</span>
                </button>
              </div>`
              })}
          </div>`,
        )}
      </div>
    </div>`
  }

  private renderDetails(wallet: RegistryWallet): TemplateResult {
    const links = walletLinks(wallet)
    return html`<section part="details" class="details center" aria-labelledby="details-title">
      <wui-wallet-image .src=${wallet.imageUrl} .name=${wallet.name}></wui-wallet-image>
      <p id="details-title" class="headline">${wallet.name}</p>
      <p class="muted">${t('allWallets.notInstalled', { name: wallet.name })}</p>
      ${
        links.length
          ? html`<p class="muted small">${t('allWallets.getIt')}</p>
            <ul class="links">
              ${links.map(
                (link) =>
                  html`<li>
                    <a href=${link.href} target="_blank" rel="noopener noreferrer"
                      >${t(link.label)}${icon('external')}<span class="visually-hidden"
                        >${t('common.newTab')}</span
                      ></a
                    >
                  </li>`,
              )}
            </ul>`
          : html`<p class="muted small">${t('allWallets.noLinks')}</p>`
      }
      <button class="button-secondary wide" @click=${() => this.closeDetails()}>
        ${t('allWallets.backToList')}
      </button>
    </section>`
  }

  override render() {
    if (this.selected) return this.renderDetails(this.selected)
    const items = this.items()
    const source = this.source
    const loading = source.status === 'loading' || source.status === 'idle'
    let body: TemplateResult | typeof nothing = nothing
    let status = ''
    if (items.length) {
      body = this.renderGrid(items)
      status = loading ? t('allWallets.loading') : tCount('allWallets.count', items.length)
    } else if (loading) {
      body = this.renderSkeleton()
      status = t('allWallets.loading')
    } else if (source.status !== 'error') {
      body = html`<div class="center empty">
        <p class="headline">${t('allWallets.empty')}</p>
        <p class="muted small">${t('allWallets.emptyHint')}</p>
      </div>`
      status = t('allWallets.empty')
    }
    return html`<div class="stack">
      <label class="search">
        ${icon('search')}
        <input
          type="search"
          aria-label=${t('allWallets.search')}
          placeholder=${t('allWallets.search')}
          .value=${this.query}
          @input=${this.onInput}
        />
      </label>
      ${body}
      ${
        source.status === 'error'
          ? html`<div class="center error">
            <p class="muted" role="alert">${t('allWallets.error')}</p>
            <button class="button-secondary" @click=${() => this.loadMore()}>
              ${t('common.tryAgain')}
            </button>
          </div>`
          : nothing
      }
      ${loading && items.length ? html`<wui-spinner class="more"></wui-spinner>` : nothing}
      <p class="visually-hidden" role="status">${status}</p>
    </div>`
  }
}

define('w3m-all-wallets-view', W3mAllWalletsView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-all-wallets-view': W3mAllWalletsView
  }
}
