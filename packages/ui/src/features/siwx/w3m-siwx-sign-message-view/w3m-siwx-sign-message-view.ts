import {
  $options,
  $siwx,
  cancelSignIn,
  kitError,
  type SiwxState,
  signInWithX,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tError } from '../../../i18n/coded.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { styles } from './w3m-siwx-sign-message-view.styles.js'

/**
 * @summary SIWXSignMessage (spec §2, §4): asks the connected wallet to sign in. Shows the dapp's
 * name and icon, the message's statement and the domain the wallet will show, then Sign and
 * Cancel. While the wallet signs: a spinner and "Approve in wallet"; a wallet's "no" shows
 * "Signature declined" (spec §8) and Sign asks again; another failure "Sign-in failed", with
 * the config's or wallet's words as a detail. Cancel follows core's rule (back to the
 * last signed network, disconnect when signing is required, else close).
 *
 * @csspart dapp-image - The dapp's icon.
 * @csspart status - The live status line (hint or error).
 * @csspart sign-button - Sign.
 * @csspart cancel-button - Cancel.
 */
export class W3mSiwxSignMessageView extends OpenModalElement {
  static override styles = [base, iconStyles, viewStyles, styles]

  private readonly siwx = new StoreController(this, $siwx)
  private readonly options = new StoreController(this, $options)

  /** The flow's state, as the view shows it. */
  get state(): SiwxState {
    return this.siwx.value
  }

  private sign(): void {
    const { target } = this.state
    if (!target) return
    void signInWithX(target).catch(() => {
      // The flow records its failures in $siwx, which this view shows.
    })
  }

  private cancel(): void {
    void cancelSignIn().catch(() => {
      // A failed disconnect is reported by core's DISCONNECT_ERROR event.
    })
  }

  /**
   * Spec §8 "Signature declined", translated by code; any other failure (the config could not
   * make the message or store the session, the wallet failed) reads "Sign-in failed" in the
   * page's locale, with the config's or wallet's own words below as a detail, as text.
   */
  private renderError(error: NonNullable<SiwxState['error']>) {
    if (error.code === 'SIGNATURE_DECLINED') {
      return html`<p class="error-text" data-error>${tError(kitError('SIGNATURE_DECLINED'))}</p>`
    }
    return html`<p class="error-text" data-error>${t('siwx.failed')}</p>
      ${
        error.message
          ? html`<p class="muted small detail" data-error-detail>${error.message}</p>`
          : nothing
      }`
  }

  override render() {
    const { status, message, error } = this.state
    const metadata = this.options.value?.metadata
    const name = metadata?.name ?? ''
    const src = safeImageUrl(metadata?.icons?.[0])
    const signing = status === 'signing'
    const loading = status === 'checking' || (status === 'unsigned' && !message)
    const statement = typeof message?.data.statement === 'string' ? message.data.statement : ''
    const domain = typeof message?.data.domain === 'string' ? message.data.domain : ''
    return html`<div class="center">
      <span class="logo" part="dapp-image">
        ${src ? html`<img src=${src} alt="" />` : icon('wallet')}
      </span>
      <p class="headline" data-headline>${t('siwx.headline', { name })}</p>
      ${statement ? html`<p class="statement" data-statement>${statement}</p>` : nothing}
      ${
        domain
          ? html`<p class="muted small" data-domain>
            ${t('siwx.domain')} <span class="domain">${domain}</span>
          </p>`
          : nothing
      }
      <div class="status" part="status" aria-live="polite">
        ${
          error && status === 'error'
            ? this.renderError(error)
            : signing
              ? html`<p class="muted small">${t('siwx.approve')}</p>`
              : nothing
        }
      </div>
      ${
        signing || loading
          ? html`<wui-spinner role="status" aria-label=${t('common.loading')}></wui-spinner>`
          : nothing
      }
      <div class="actions">
        <button
          class="button-secondary"
          part="cancel-button"
          data-cancel
          ?disabled=${signing}
          @click=${() => this.cancel()}
        >
          ${t('siwx.cancel')}
        </button>
        <button
          class="button-primary"
          part="sign-button"
          data-sign
          ?disabled=${signing || loading}
          @click=${() => this.sign()}
        >
          ${t('siwx.sign')}
        </button>
      </div>
    </div>`
  }
}

define('w3m-siwx-sign-message-view', W3mSiwxSignMessageView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-siwx-sign-message-view': W3mSiwxSignMessageView
  }
}
