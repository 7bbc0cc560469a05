import {
  $onrampPurchase,
  fetchBalances,
  goBack,
  ONRAMP_POLL_MS,
  reset,
  showSnack,
  updateOnrampPurchase,
  waitForOnrampPurchase,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles, waitingStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'

/**
 * @summary BuyInProgress: follows the purchase the visitor started (core's `$onrampPurchase`),
 * asking the project server every 4 s (spec §9 polling) until it completes or fails. Complete:
 * the balances are read again and the modal lands on Account with a message; failed: the
 * reason and a way back to the offers. While it waits, a link opens the provider's page in a
 * new tab (the only way when the browser blocked the window).
 *
 * @csspart open-link - Opens the provider's page in a new tab.
 */
export class W3mBuyInProgressView extends OpenModalElement {
  /** Milliseconds between status checks (tests lower it). */
  static pollMs = ONRAMP_POLL_MS
  static override styles = [base, viewStyles, waitingStyles]

  private readonly followed = new StoreController(this, $onrampPurchase)
  private readonly waiting = new AttemptController(this)
  private following: string | undefined

  override willUpdate(): void {
    const current = this.followed.value
    if (current?.purchase.status !== 'pending' || this.following === current.purchase.id) {
      return
    }
    const id = current.purchase.id
    this.following = id
    void this.waiting.run(async (signal) => {
      const done = await waitForOnrampPurchase({
        id,
        signal,
        intervalMs: W3mBuyInProgressView.pollMs,
        onUpdate: updateOnrampPurchase,
      })
      if (done.status !== 'completed') return
      await fetchBalances({ force: true }).catch(() => undefined)
      showSnack(t('onramp.done', { amount: done.cryptoAmount ?? '', symbol: done.asset }), {
        variant: 'success',
      })
      reset('Account')
    })
  }

  override render() {
    const current = this.followed.value
    if (!current)
      return html`<div class="center"><p class="muted">${t('onramp.unavailable')}</p></div>`
    const provider = current.providerName
    if (current.purchase.status === 'failed') {
      return html`<div class="center">
        <p class="error-text" role="alert" data-failed>${t('onramp.failed')}</p>
        <button class="button-primary" @click=${() => goBack()}>${t('onramp.back')}</button>
      </div>`
    }
    return html`<div class="center" data-status=${current.purchase.status}>
      <wui-spinner aria-hidden="true"></wui-spinner>
      <p role="status" data-waiting>
        ${current.opened ? nothing : html`${t('onramp.blocked', { provider })} `}${t('onramp.waiting', { provider })}
      </p>
      ${
        /^https?:\/\//i.test(current.url)
          ? html`<a
        part="open-link"
        data-open
        href=${current.url}
        target="_blank"
        rel="noopener noreferrer"
        >${t('onramp.open', { provider })}</a
      >`
          : nothing
      }
    </div>`
  }
}

define('w3m-buy-in-progress-view', W3mBuyInProgressView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-buy-in-progress-view': W3mBuyInProgressView
  }
}
