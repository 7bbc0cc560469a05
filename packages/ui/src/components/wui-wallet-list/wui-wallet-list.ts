import { css, html, LitElement, nothing } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import { KeyboardNavigationController } from '../../controllers/keyboard-navigation.js'
import { base } from '../../styles/base.js'
import { iconStyles } from '../../styles/icons.js'
import { listRowStyles } from '../../styles/list-row.js'
import { define } from '../../utils/define.js'
import { safeImageUrl } from '../../utils/safe-url.js'
import { icon } from '../icons.js'

export interface WalletListItem {
  id: string
  /** Shown as text only. */
  name: string
  /** Dropped unless `data:image/…` or https (or http with `imageFromServer`). */
  imageUrl?: string
  /** The image comes from the project's own OpenModal server, which may be plain http locally. */
  imageFromServer?: boolean
  /** A short tag such as "Installed" (already translated). */
  tag?: string
}

/** Fired when a wallet is picked. */
export class WuiSelectEvent extends Event {
  constructor(readonly id: string) {
    super('wui-select', { bubbles: true, composed: true, cancelable: false })
  }
}

/**
 * @summary A keyboard-navigable list of wallets: one Tab stop, arrow keys/Home/End move.
 *
 * @event wui-select - A wallet was picked; `event.id` is its id.
 * @csspart list - The list.
 * @csspart item - Each wallet button.
 * @csspart tag - The Installed/Recent tag.
 */
export class WuiWalletList extends LitElement {
  static override properties = {
    wallets: { attribute: false },
    label: {},
    busyId: { attribute: false },
  }

  static override styles = [
    base,
    iconStyles,
    listRowStyles,
    css`
      :host {
        display: block;
      }

      button {
        border: 0;
      }

      button:hover:not(:disabled) {
        background: var(--wui-surface-hover);
      }

      .image {
        inline-size: 40px;
        block-size: 40px;
        border-radius: var(--wui-radius-s);
      }

      .name {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }

      .tag {
        flex: none;
        white-space: nowrap;
        font-size: var(--wui-font-size-small);
        font-weight: 600;
        padding-block: 2px;
        padding-inline: 8px;
        border-radius: var(--wui-radius-full);
        color: var(--wui-fg-muted);
        border: 1px solid var(--wui-border);
      }
    `,
  ]

  declare wallets: readonly WalletListItem[]
  declare label: string
  declare busyId: string | undefined

  private readonly nav = new KeyboardNavigationController(this, {
    layout: 'list',
    items: () => [...this.renderRoot.querySelectorAll<HTMLElement>('li > button')],
  })

  constructor() {
    super()
    this.wallets = []
    this.label = ''
  }

  override render() {
    return html`<ul
      part="list"
      aria-label=${this.label}
      @keydown=${this.nav.onKeydown}
      @focusin=${this.nav.onFocusin}
    >
      ${repeat(
        this.wallets,
        (wallet) => wallet.id,
        (wallet) => {
          const src = safeImageUrl(wallet.imageUrl, { allowHttp: wallet.imageFromServer === true })
          return html`<li>
            <button
              part="item"
              data-id=${wallet.id}
              aria-busy=${this.busyId === wallet.id ? 'true' : nothing}
              @click=${() => this.dispatchEvent(new WuiSelectEvent(wallet.id))}
            >
              <span class="image">
                ${src ? html`<img src=${src} alt="" width="40" height="40" />` : icon('wallet')}
              </span>
              <span class="name">${wallet.name}</span>
              ${wallet.tag ? html`<span class="tag" part="tag">${wallet.tag}</span>` : nothing}
            </button>
          </li>`
        },
      )}
    </ul>`
  }
}

define('wui-wallet-list', WuiWalletList)

declare global {
  interface HTMLElementTagNameMap {
    'wui-wallet-list': WuiWalletList
  }
  interface GlobalEventHandlersEventMap {
    'wui-select': WuiSelectEvent
  }
}
