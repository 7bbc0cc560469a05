import {
  $canGoBack,
  $registeredName,
  goBack,
  replace,
  truncateAddress,
} from '@openmodal/core/internal'
import { css, html } from 'lit'
import { icon } from '../../../components/icons.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'

/**
 * @summary RegisterAccountNameSuccess: the name just registered (as text) and the address it
 * points to, with a way back to Account.
 *
 * @csspart done-button - Back to Account.
 */
export class W3mRegisterAccountNameSuccessView extends OpenModalElement {
  static override styles = [
    base,
    iconStyles,
    viewStyles,
    css`
      .logo {
        color: var(--wui-success);
      }
    `,
  ]

  private readonly registered = new StoreController(this, $registeredName)

  private done(): void {
    // RegisterAccountName replaced itself with this view: one step back is Account.
    if ($canGoBack.get()) goBack()
    else replace('Account')
  }

  override render() {
    const registered = this.registered.value
    return html`<div class="center">
      <span class="logo">${icon('check')}</span>
      ${
        registered
          ? html`<p class="headline" data-name>
              ${t('registerName.successTitle', { name: registered.name })}
            </p>
            <p class="muted" data-address title=${registered.address}>
              ${t('registerName.successText', { address: truncateAddress(registered.address) })}
            </p>`
          : html`<p class="headline">${t('view.RegisterAccountNameSuccess')}</p>`
      }
      <button class="button-primary wide" part="done-button" @click=${() => this.done()}>
        ${t('registerName.done')}
      </button>
    </div>`
  }
}

define('w3m-register-account-name-success-view', W3mRegisterAccountNameSuccessView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-register-account-name-success-view': W3mRegisterAccountNameSuccessView
  }
}
