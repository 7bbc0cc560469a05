import { $connectors, $locale, push } from '@openmodal/core'
import { html, LitElement } from 'lit'
import { icon } from '../../components/icons.js'
import type { WuiSelectEvent } from '../../components/wui-wallet-list/wui-wallet-list.js'
import '../../components/wui-wallet-list/wui-wallet-list.js'
import { StoreController } from '../../controllers/store-controller.js'
import { t } from '../../i18n/index.js'
import { iconStyles } from '../../styles/icons.js'
import { base } from '../../styles/shared.js'
import { define } from '../../utils/define.js'
import { viewStyles } from '../view-styles.js'
import { styles } from './w3m-all-wallets-view.styles.js'

/**
 * @summary AllWallets (placeholder until the wallet registry lands): every discovered wallet
 * with a name filter.
 */
export class W3mAllWalletsView extends LitElement {
  static override properties = { query: { state: true } }
  static override styles = [base, iconStyles, viewStyles, styles]

  declare query: string

  private readonly connectors = new StoreController(this, $connectors)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    this.query = ''
  }

  override render() {
    void this.locale.value
    const query = this.query.trim().toLowerCase()
    const wallets = this.connectors.value
      .filter((c) => c.type !== 'AUTH' && c.name.toLowerCase().includes(query))
      .map((c) => ({ id: c.id, name: c.name, ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}) }))
    return html`<div class="stack">
      <label class="search">
        ${icon('search')}
        <input
          type="search"
          aria-label=${t('allWallets.search')}
          placeholder=${t('allWallets.search')}
          .value=${this.query}
          @input=${(e: Event) => {
            this.query = (e.target as HTMLInputElement).value
          }}
        />
      </label>
      ${
        wallets.length
          ? html`<wui-wallet-list
            .wallets=${wallets}
            label=${t('connect.wallets')}
            @wui-select=${(e: WuiSelectEvent) => push('ConnectingExternal', { connectorId: e.id })}
          ></wui-wallet-list>`
          : html`<p class="muted center">${t('connect.empty')}</p>`
      }
    </div>`
  }
}

define('w3m-all-wallets-view', W3mAllWalletsView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-all-wallets-view': W3mAllWalletsView
  }
}
