import {
  $activeAccount,
  $activeNetwork,
  $features,
  ACTIVITY_NAMESPACES,
} from '@openmodal/core/internal'
import { css, html } from 'lit'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { supportedNetwork } from '../../../utils/network.js'
import '../w3m-account-activity/w3m-account-activity.js'

/**
 * @summary Transactions: the account's activity as a view of its own (`open('Transactions')`),
 * the same element as Account's Activity tab (`<w3m-account-activity>`: month groups, paging,
 * new transactions on top, loading, empty and error states). Says why when there is nothing to
 * show instead: no wallet connected, the `activity` feature off, or a network our server does
 * not index (spec §9: activity on eip155).
 *
 * @csspart activity - The activity list.
 */
export class W3mTransactionsView extends OpenModalElement {
  static override styles = [
    base,
    viewStyles,
    css`
      .list {
        border-radius: var(--wui-radius-s);
      }
    `,
  ]

  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly features = new StoreController(this, $features)

  private message(text: string, state: string) {
    return html`<div class="center" data-state=${state}><p class="muted">${text}</p></div>`
  }

  override render() {
    const account = this.account.value
    if (this.features.value?.activity === false) {
      return this.message(t('transactions.off'), 'off')
    }
    if (account.status !== 'connected' || !account.address) {
      return this.message(t('account.notConnected'), 'disconnected')
    }
    const network = supportedNetwork(this.network.value)
    if (!network || !ACTIVITY_NAMESPACES.includes(network.chainNamespace)) {
      return this.message(
        t('transactions.unsupported', { name: network?.name ?? t('button.unsupported') }),
        'unsupported',
      )
    }
    // Focusable, as Account's tab panel is: the list scrolls the modal's body, and a keyboard
    // user must be able to reach and scroll it (WCAG 2.1.1; axe scrollable-region-focusable).
    return html`<section class="list" tabindex="0" aria-label=${t('view.Transactions')}>
      <w3m-account-activity part="activity"></w3m-account-activity>
    </section>`
  }
}

define('w3m-transactions-view', W3mTransactionsView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-transactions-view': W3mTransactionsView
  }
}
