import { $view, type RouterEntry } from '@openmodal/core/internal'
import { css, html } from 'lit'
import { keyed } from 'lit/directives/keyed.js'
import '../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../controllers/store-controller.js'
import '../i18n/en-views.js'
import { t } from '../i18n/index.js'
import { OpenModalElement } from '../internal/openmodal-element.js'
import { base } from '../styles/base.js'
import { define } from '../utils/define.js'
import { groupStatus, loadGroup, onGroupStatus, views } from './routes.js'

/**
 * @summary The modal's outlet: shows the element of the current view (`$view`), importing its
 * feature group on first use, with a loading state, an error state with retry, and a
 * "not available yet" state for views that are not built.
 *
 * @csspart view - The wrapper of the current view (animated in over 150 ms, except the first
 *   view after the modal opens: it shows in the opening frame).
 * @csspart state - The loading / error / not-available message.
 */
export class W3mRouter extends OpenModalElement {
  static override styles = [
    base,
    css`
      :host {
        display: block;
      }

      .view[data-enter] {
        animation: view-in var(--wui-duration-view) ease-out;
      }

      .state {
        display: grid;
        justify-items: center;
        gap: 12px;
        padding-block: 32px;
        padding-inline: 16px;
        text-align: center;
        color: var(--wui-fg-muted);
      }

      .state p {
        margin: 0;
      }

      @keyframes view-in {
        from {
          opacity: 0;
          transform: translateY(4px);
        }
      }
    `,
  ]

  private readonly view = new StoreController(this, $view)
  /** One element per history entry, so re-renders keep its state. */
  private readonly elements = new WeakMap<RouterEntry, HTMLElement>()
  private stopGroups: (() => void) | undefined
  /** The first view this outlet showed: it appears at once, later ones animate in. */
  private firstEntry: RouterEntry | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    this.stopGroups = onGroupStatus(() => this.requestUpdate())
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.stopGroups?.()
  }

  private elementFor(entry: RouterEntry, tag: string): HTMLElement {
    let element = this.elements.get(entry)
    if (!element) {
      element = document.createElement(tag)
      Object.assign(element, { data: entry.data })
      this.elements.set(entry, element)
    }
    return element
  }

  private load(group: string): void {
    // The error state shows the failure; nothing else to do with it here.
    loadGroup(group).catch(() => {})
  }

  override render(): unknown {
    const entry = this.view.value
    const route = views[entry.view]
    if (!route || (groupStatus(route.group) === 'loaded' && !customElements.get(route.tag))) {
      return html`<div class="state" part="state" data-state="unavailable">
        <p>${t('router.notAvailable')}</p>
      </div>`
    }
    if (customElements.get(route.tag)) {
      this.firstEntry ??= entry
      return keyed(
        entry,
        html`<div
          class="view"
          part="view"
          data-view=${entry.view}
          ?data-enter=${entry !== this.firstEntry}
        >
          ${this.elementFor(entry, route.tag)}
        </div>`,
      )
    }
    const status = groupStatus(route.group)
    if (status === 'error') {
      return html`<div class="state" part="state" data-state="error">
        <p class="error-text" role="alert">${t('router.loadFailed')}</p>
        <button class="button-secondary" @click=${() => this.load(route.group)}>
          ${t('common.tryAgain')}
        </button>
      </div>`
    }
    if (status === 'idle') queueMicrotask(() => this.load(route.group))
    return html`<div class="state" part="state" data-state="loading" role="status">
      <wui-spinner></wui-spinner>
      <span class="visually-hidden">${t('common.loading')}</span>
    </div>`
  }
}

define('w3m-router', W3mRouter)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-router': W3mRouter
  }
}
