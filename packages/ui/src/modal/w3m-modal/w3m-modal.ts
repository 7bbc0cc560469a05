import {
  $alert,
  $canGoBack,
  $connectors,
  $modal,
  $modalCovered,
  $options,
  $router,
  $view,
  clearAlert,
  closeModal,
  goBack,
  type RouterEntry,
} from '@openmodal/core/internal'
import { html, nothing, type PropertyValues } from 'lit'
import { keyed } from 'lit/directives/keyed.js'
import { createRef, type Ref, ref } from 'lit/directives/ref.js'
import { icon } from '../../components/icons.js'
import '../../components/wui-toast/wui-toast.js'
import { StoreController } from '../../controllers/store-controller.js'
import { type CloseSource, W3mBeforeCloseEvent } from '../../events/w3m-before-close.js'
import { W3mBeforeNavigateEvent } from '../../events/w3m-before-navigate.js'
import '../../i18n/en-views.js'
import { tAlert } from '../../i18n/coded.js'
import { dirFor, langFor, t } from '../../i18n/index.js'
import { views } from '../../router/routes.js'
import '../../router/w3m-router.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'
import { base } from '../../styles/base.js'
import { iconStyles } from '../../styles/icons.js'
import { tokens } from '../../styles/shared.js'
import { deepActiveElement, tabbables } from '../../utils/focus.js'
import { subtreeRendered } from '../../utils/rendered.js'
import { styles } from './w3m-modal.styles.js'

/**
 * @summary The wallet-connection modal: a native modal `<dialog>` opened and closed by core's
 * `$modal` store, showing the current view of `$view`. With `embedded` (or the
 * `enableEmbedded` option) it renders inline and is always open.
 *
 * @slot footer - Extra content under the view (hidden when empty).
 *
 * @event {W3mBeforeCloseEvent} w3m-before-close - The visitor is closing the modal (close
 * button, Escape, backdrop; `event.source` says which). Cancelable: `preventDefault()` keeps
 * it open.
 * @event {W3mBeforeNavigateEvent} w3m-before-navigate - The view is about to change
 * (`event.from`, `event.to`). Cancelable: `preventDefault()` keeps the current view.
 *
 * @csspart dialog - The `<dialog>` (or the inline `<section>` when embedded).
 * @csspart panel - The visible card.
 * @csspart header - The header row.
 * @csspart title - The view title (labels the dialog).
 * @csspart back-button - Goes back one view; shown when there is history.
 * @csspart close-button - Closes the modal.
 * @csspart body - The scrolling area holding the view (its height animates).
 * @csspart footer - The footer around the `footer` slot.
 * @csspart toast - The toast (`$snack`), in a polite live region.
 * @csspart alert - The `$alert` banner (role alert).
 *
 * @cssproperty --w3m-font-family - Font family.
 * @cssproperty --w3m-accent - Accent colour (primary buttons, links, focus ring).
 * @cssproperty --w3m-color-mix - Colour mixed into the backgrounds.
 * @cssproperty --w3m-color-mix-strength - 0-100, how much of `--w3m-color-mix` (default 0).
 * @cssproperty --w3m-font-size-master - Base of the type scale (default 10px).
 * @cssproperty --w3m-border-radius-master - Base of the radius scale (default 4px).
 * @cssproperty --w3m-z-index - Stacking order (default 999).
 * @cssproperty --w3m-qr-color - QR code colour.
 */
export class W3mModal extends OpenModalElement {
  static override themed = true

  static override properties = {
    embedded: { type: Boolean, reflect: true },
  }

  static override styles = [tokens, base, iconStyles, styles]

  /** Render inline (not as a dialog), always open. */
  declare embedded: boolean

  private readonly modal = new StoreController(this, $modal)
  // The secure frame's approval UI in the modal's place (ApproveTransaction): see syncDialog.
  private readonly covered = new StoreController(this, $modalCovered)
  private readonly view = new StoreController(this, $view)
  private readonly canGoBack = new StoreController(this, $canGoBack)
  private readonly alert = new StoreController(this, $alert)
  private readonly options = new StoreController(this, $options)

  private readonly dialogRef: Ref<HTMLDialogElement> = createRef()
  private readonly bodyRef: Ref<HTMLElement> = createRef()
  private readonly innerRef: Ref<HTMLElement> = createRef()
  private readonly titleRef: Ref<HTMLElement> = createRef()
  private opener: HTMLElement | null = null
  private pointerDownOnBackdrop = false
  private observed: Element | undefined
  private lastEntry: RouterEntry | undefined
  private readonly resizeObserver = new ResizeObserver((entries) => this.onResize(entries))
  private removeNavigationGuard: (() => void) | undefined
  /** Set while the dialog waits for its panel to render before it opens. */
  private showing: Promise<void> | undefined

  constructor() {
    super()
    this.embedded = false
  }

  private get isEmbedded(): boolean {
    return this.embedded || this.options.value?.enableEmbedded === true
  }

  private get isOpen(): boolean {
    return this.isEmbedded || this.modal.value.open
  }

  override connectedCallback(): void {
    super.connectedCallback()
    // A navigation keeps the first entry of the history (push, replace above it, back); a new
    // history (reset, open({ view })) does not, and is not asked about. The veto wraps
    // `$router.set` as nanostores' own `onSet` does: importing `onSet` here would keep its
    // lifecycle module whole in the initial chunk (+145 bytes gzip in app (a)).
    const set = $router.set
    const guarded: typeof set = (value) => {
      const before = $router.get().history
      const after = value.history
      const from = before[before.length - 1] as RouterEntry
      const to = after[after.length - 1] as RouterEntry
      if (before[0] !== after[0] || this.dispatchEvent(new W3mBeforeNavigateEvent(from, to))) {
        set(value)
      }
    }
    $router.set = guarded
    this.removeNavigationGuard = () => {
      if ($router.set === guarded) $router.set = set
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.removeNavigationGuard?.()
    this.resizeObserver.disconnect()
    this.observed = undefined
    this.dialogRef.value?.close()
  }

  private viewTitle(entry: RouterEntry): string {
    if (entry.view === 'ConnectingExternal') {
      const id = entry.data?.connectorId
      const name = id ? $connectors.get().find((c) => c.id === id)?.name : undefined
      return t('view.ConnectingExternal', { name: name ?? t('connecting.unknownWallet') })
    }
    return t(views[entry.view]?.title ?? `view.${entry.view}`)
  }

  // --- Dialog behaviour ---

  /** A close the visitor asked for: the host may veto it (`w3m-before-close`). */
  private requestClose(source: CloseSource): boolean {
    if ($modal.get().closeDisabled) return false
    return this.dispatchEvent(new W3mBeforeCloseEvent(source)) && closeModal()
  }

  private readonly onCancel = (event: Event) => {
    // Escape: route through the store so `closeDisabled` and "Modal closed" apply.
    event.preventDefault()
    this.requestClose('keyboard')
  }

  private readonly onClose = () => {
    // Chromium may close a dialog despite a prevented cancel (a second Escape without user
    // activation, CloseWatcher rules): keep the store and the dialog in step.
    const dialog = this.dialogRef.value
    if (!dialog || dialog.open || !$modal.get().open || $modalCovered.get()) return
    if (!this.requestClose('keyboard')) dialog.showModal()
  }

  private readonly onPointerDown = (event: PointerEvent) => {
    this.pointerDownOnBackdrop = event.target === this.dialogRef.value
  }

  private readonly onClick = (event: MouseEvent) => {
    // The panel fills the dialog box, so a click whose target is the dialog itself landed
    // on the backdrop; both ends of it must, or a text selection drag would close.
    if (event.target === this.dialogRef.value && this.pointerDownOnBackdrop) {
      this.requestClose('backdrop')
    }
    this.pointerDownOnBackdrop = false
  }

  private readonly onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || this.isEmbedded) return
    const dialog = this.dialogRef.value
    if (!dialog) return
    // The modal dialog makes the page inert, but Tab past the last control would leave for
    // the browser UI: wrap explicitly, across the nested shadow roots of the views.
    const items = tabbables(dialog)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = deepActiveElement()
    const index = active ? items.indexOf(active) : -1
    if (event.shiftKey && index <= 0) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (index === -1 || index === items.length - 1)) {
      event.preventDefault()
      first.focus()
    }
  }

  private onResize(entries: ResizeObserverEntry[]): void {
    const body = this.bodyRef.value
    const size = entries[entries.length - 1]?.borderBoxSize[0]?.blockSize
    if (!body || size === undefined) return
    body.style.blockSize = `${Math.ceil(size)}px`
    // Animate height changes from the second measurement on, never the first paint.
    if (!body.hasAttribute('data-animate')) {
      requestAnimationFrame(() => body.setAttribute('data-animate', ''))
    }
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete()
    await this.showing
    return result
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed)
    this.syncDialog()
    const inner = this.innerRef.value
    if (inner !== this.observed) {
      if (this.observed) this.resizeObserver.unobserve(this.observed)
      if (inner) this.resizeObserver.observe(inner)
      this.observed = inner
    }
    const entry = this.view.value
    if (entry !== this.lastEntry) {
      const moved = this.lastEntry !== undefined
      this.lastEntry = entry
      if (moved && this.isOpen) this.keepFocusInside()
    }
  }

  private syncDialog(): void {
    const dialog = this.dialogRef.value
    if (!dialog) return
    // A modal <dialog> makes the rest of the page inert, the secure frame too: while the frame
    // shows its own approval UI the dialog steps out (the store stays open), and comes back.
    if (this.covered.value && dialog.open) {
      dialog.close()
      return
    }
    if (this.modal.value.open && !this.covered.value && !dialog.open) {
      if (this.showing) return
      // Back from the frame's dialog: the element that first opened the modal keeps its place.
      this.opener ??= deepActiveElement()
      // showModal() focuses the first control, which forces a style and layout pass. Call it
      // once the panel's elements have rendered, so that pass covers the whole view and the
      // opening frame has nothing left to lay out (one pass instead of two).
      this.showing = subtreeRendered(this.renderRoot).then(() => {
        this.showing = undefined
        if (this.modal.value.open && !$modalCovered.get() && !dialog.open && dialog.isConnected) {
          dialog.showModal()
        }
      })
    } else if (!this.modal.value.open && dialog.open) {
      dialog.close()
      const opener = this.opener
      this.opener = null
      if (opener?.isConnected) opener.focus()
    }
  }

  /** After a view change the focused control may be gone: move focus to the new title. */
  private keepFocusInside(): void {
    requestAnimationFrame(() => {
      const active = deepActiveElement()
      const inside = active !== null && active !== document.body && this.containsDeep(active)
      if (!inside) this.titleRef.value?.focus()
    })
  }

  private containsDeep(node: Node): boolean {
    let current: Node | null = node
    while (current) {
      if (current === this) return true
      const root = current.getRootNode()
      current = current.parentNode ?? (root instanceof ShadowRoot ? root.host : null)
    }
    return false
  }

  // --- Rendering ---

  private renderAlert() {
    const alert = this.alert.value
    if (!alert) return nothing
    const { title, description } = tAlert(alert)
    return html`<div part="alert" class="alert" role="alert" data-variant=${alert.variant}>
      <p class="alert-title">${title}</p>
      <p class="alert-description">${description}</p>
      <button class="icon-button" aria-label=${t('alert.dismiss')} @click=${() => clearAlert()}>
        ${icon('close')}
      </button>
    </div>`
  }

  private renderPanel() {
    const entry = this.view.value
    const title = this.viewTitle(entry)
    const showClose = !this.isEmbedded && !this.modal.value.closeDisabled
    return html`<div class="panel" part="panel">
      <header part="header">
        ${
          this.canGoBack.value
            ? html`<button
              class="icon-button"
              part="back-button"
              aria-label=${t('modal.back')}
              @click=${() => goBack()}
            >
              ${icon('back')}
            </button>`
            : html`<span></span>`
        }
        <h2 id="title" part="title" tabindex="-1" ${ref(this.titleRef)}>
          ${keyed(title, html`<span class="title-text">${title}</span>`)}
        </h2>
        ${
          showClose
            ? html`<button
              class="icon-button"
              part="close-button"
              aria-label=${t('modal.close')}
              @click=${() => this.requestClose('close-button')}
            >
              ${icon('close')}
            </button>`
            : html`<span></span>`
        }
      </header>
      ${this.renderAlert()}
      <div class="body" part="body" ${ref(this.bodyRef)}>
        <div class="body-inner" ${ref(this.innerRef)}><w3m-router></w3m-router></div>
      </div>
      <footer part="footer">
        <slot name="footer" @slotchange=${this.onFooterSlotChange}></slot>
      </footer>
      <wui-toast part="toast" exportparts="region: toast-region"></wui-toast>
    </div>`
  }

  private readonly onFooterSlotChange = (event: Event) => {
    const slot = event.target as HTMLSlotElement
    const footer = slot.parentElement
    footer?.toggleAttribute('data-filled', slot.assignedNodes({ flatten: true }).length > 0)
  }

  override render() {
    const locale = this.locale.value
    const themeClass = `theme-${this.theme?.mode}`
    if (this.isEmbedded) {
      return html`<section
        class="inline ${themeClass}"
        part="dialog"
        aria-labelledby="title"
        dir=${dirFor(locale)}
        lang=${langFor(locale)}
      >
        ${this.renderPanel()}
      </section>`
    }
    return html`<dialog
      class=${themeClass}
      part="dialog"
      aria-labelledby="title"
      dir=${dirFor(locale)}
      lang=${langFor(locale)}
      ${ref(this.dialogRef)}
      @cancel=${this.onCancel}
      @close=${this.onClose}
      @pointerdown=${this.onPointerDown}
      @click=${this.onClick}
      @keydown=${this.onKeydown}
    >
      ${this.isOpen ? this.renderPanel() : nothing}
    </dialog>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'w3m-modal': W3mModal
  }
}
