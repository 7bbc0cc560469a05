import {
  $socialLogin,
  $view,
  closeModal,
  connectSocial,
  reset,
  type SocialLoginStatus,
  startSocialLogin,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController, silentWhenClosed } from '../../../controllers/attempt-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles, waitingStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { SOCIAL_NAMES } from '../names.js'

/**
 * @summary ConnectingSocial (spec §2, §4 social login): follows the social login the Connect
 * button started (core's `$socialLogin`: the provider, and the popup its click opened at the
 * secure site's /loading). The secure frame gives the provider's URL, the popup goes there and
 * the view says where the login stands (started, popup opened, connected, success); once the
 * wallet is open the modal connects and closes. "Popup closed" when the visitor closes the
 * popup (checked every second), "Failed to initiate social connection" when the provider or the
 * server refused; Try again opens a new popup inside its own click. A browser that blocked the
 * popup gets a button that opens it (a click of its own, which browsers allow).
 *
 * @csspart retry-button - Try again (a new popup), or Open <provider> when it was blocked.
 */
export class W3mConnectingSocialView extends OpenModalElement {
  static override properties = {
    status: { state: true },
    blocked: { state: true },
  }
  static override styles = [base, viewStyles, waitingStyles]

  /** Where the login stands (spec §4 social login states). */
  declare status: SocialLoginStatus | undefined
  /** The browser blocked the popup the Connect click opened. */
  declare blocked: boolean

  private provider = $socialLogin.get()?.provider ?? ''
  private readonly attempt = new AttemptController(this, {
    firstRun: () => this.run(),
    message: silentWhenClosed,
  })

  constructor() {
    super()
    this.status = undefined
    this.blocked = false
  }

  /** The failure shown with Try again, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  /** Runs the login started last; a blocked popup waits for the visitor's click. */
  private async run(): Promise<void> {
    const start = $socialLogin.get()
    if (start) this.provider = start.provider
    this.blocked = start !== undefined && start.popup === null && !start.redirect
    if (this.blocked) return
    this.status = undefined
    const done = await this.attempt.run((signal) =>
      connectSocial({
        signal,
        onStatus: (status) => {
          if (!signal.aborted) this.status = status
        },
      }),
    )
    if (!done) return
    if ($view.get().view === 'ConnectingSocial' && !closeModal()) reset('Account')
  }

  /** Try again / Open <provider>: a new popup inside this click, then the login. */
  private retry(): void {
    if (!this.provider) return
    startSocialLogin(this.provider as Parameters<typeof startSocialLogin>[0])
    void this.run()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    // Leaving the view gives the login up: its popup closes, the frame stops waiting.
    this.attempt.cancel()
    const popup = $socialLogin.get()?.popup
    if (popup && !popup.closed) popup.close()
  }

  private statusText(provider: string): string {
    switch (this.status) {
      case 'popup_opened':
        return t('social.popupOpened', { provider })
      case 'connected':
        return t('social.connected', { provider })
      case 'success':
        return t('social.success')
      default:
        return t('social.started', { provider })
    }
  }

  override render() {
    const provider = SOCIAL_NAMES[this.provider] ?? this.provider
    const pending = this.attempt.pending
    const state = this.error ? 'failed' : this.blocked ? 'blocked' : (this.status ?? 'started')
    return html`<div class="center" data-status=${state}>
      ${pending ? html`<wui-spinner aria-hidden="true"></wui-spinner>` : nothing}
      <div class="status" aria-live="polite">
        ${
          this.error
            ? html`<p class="error-text" data-error>${this.error}</p>`
            : this.blocked
              ? html`<p class="muted" data-blocked>${t('social.blocked', { provider })}</p>`
              : html`<p data-status-text>${this.statusText(provider)}</p>`
        }
      </div>
      ${
        this.error || this.blocked
          ? html`<button class="button-primary" part="retry-button" @click=${() => this.retry()}>
              ${this.blocked && !this.error ? t('social.open', { provider }) : t('common.tryAgain')}
            </button>`
          : nothing
      }
    </div>`
  }
}

define('w3m-connecting-social-view', W3mConnectingSocialView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-social-view': W3mConnectingSocialView
  }
}
