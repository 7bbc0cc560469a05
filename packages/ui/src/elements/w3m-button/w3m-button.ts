import { $activeAccount } from '@openmodal/core/internal'
import { css, html } from 'lit'
import { StoreController } from '../../controllers/store-controller.js'
import { define } from '../../utils/define.js'
import '../w3m-account-button/w3m-account-button.js'
import '../w3m-connect-button/w3m-connect-button.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'

/**
 * @summary `<w3m-connect-button>` while disconnected, `<w3m-account-button>` once connected.
 *
 * @csspart button - The inner `<button>` (forwarded).
 * @csspart avatar - Account avatar (forwarded, when connected).
 * @csspart balance - Balance (forwarded, when connected).
 * @csspart address - Name or address (forwarded, when connected).
 */
export class W3mButton extends OpenModalElement {
  /** `host.focus()` (and a click on the host) focuses the inner button, so Enter presses it. */
  static override shadowRootOptions: ShadowRootInit = {
    ...OpenModalElement.shadowRootOptions,
    delegatesFocus: true,
  }

  static override properties = {
    label: {},
    loadingLabel: { attribute: 'loading-label' },
    balance: {},
  }

  static override styles = css`
    :host {
      display: inline-block;
      vertical-align: middle;
    }
  `

  /** Connect button label (default "Connect Wallet"). */
  declare label: string | undefined
  /** Connect button label while connecting (default "Connecting…"). */
  declare loadingLabel: string | undefined
  /** `'show'` (default) or `'hide'` the balance on the account button. */
  declare balance: 'show' | 'hide'

  private readonly account = new StoreController(this, $activeAccount)

  constructor() {
    super()
    this.balance = 'show'
  }

  override render() {
    return this.account.value.status === 'connected'
      ? html`<w3m-account-button
          .balance=${this.balance}
          exportparts="button, avatar, balance, address"
        ></w3m-account-button>`
      : html`<w3m-connect-button
          .label=${this.label}
          .loadingLabel=${this.loadingLabel}
          exportparts="button"
        ></w3m-connect-button>`
  }
}

define('w3m-button', W3mButton)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-button': W3mButton
  }
}
