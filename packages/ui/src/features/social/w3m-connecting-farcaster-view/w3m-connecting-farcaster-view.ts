import { $view, closeModal, connectFarcaster, reset } from '@openmodal/core/internal'
import { css, html, nothing } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController, silentWhenClosed } from '../../../controllers/attempt-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'

/** The QR code loads with the first URL (the connect chunk stays without it). */
const loadQrCode = () => import('../../../components/wui-qr-code/wui-qr-code.js')

/**
 * @summary ConnectingFarcaster (spec §2, §4): Sign In With Farcaster. The secure frame opens a
 * relay channel at the dapp's server; the view shows its URL as a QR code to scan with the
 * Farcaster app, and as a link for a visitor on the phone itself. Once the app signed in, the
 * wallet opens, the modal connects and closes. Leaving the view (the modal closed) cancels the
 * login at the server: a signature sent later logs nobody in. A failure says "Failed to connect
 * to farcaster" with Try again (a new channel).
 *
 * @csspart qr - The QR code (`data-uri` holds the URL).
 * @csspart open-link - The link that opens the Farcaster app on this device.
 * @csspart retry-button - Try again.
 */
export class W3mConnectingFarcasterView extends OpenModalElement {
  static override properties = {
    uri: { state: true },
    qrReady: { state: true },
  }
  static override styles = [
    base,
    viewStyles,
    css`
      .qr-frame {
        display: grid;
        place-items: center;
        min-block-size: 240px;
      }
      .actions {
        display: grid;
        gap: 8px;
        inline-size: 100%;
      }
      a.button-secondary {
        text-decoration: none;
        text-align: center;
      }
    `,
  ]

  /** The relay channel's URL, once the frame gave it. */
  declare uri: string | undefined
  declare qrReady: boolean

  private readonly attempt = new AttemptController(this, {
    firstRun: () => this.run(),
    message: silentWhenClosed,
  })

  constructor() {
    super()
    this.uri = undefined
    this.qrReady = false
  }

  /** The failure shown with Try again, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  private async run(): Promise<void> {
    this.uri = undefined
    const done = await this.attempt.run((signal) =>
      connectFarcaster({
        signal,
        onUri: (url) => {
          if (signal.aborted) return
          this.uri = url
          void loadQrCode().then(() => {
            this.qrReady = true
          })
        },
      }),
    )
    if (!done) return
    if ($view.get().view === 'ConnectingFarcaster' && !closeModal()) reset('Account')
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    // Spec §4: leaving the view (the modal closed) cancels the login at the server.
    this.attempt.cancel()
  }

  /** Only an https link is offered (the server's sign-in URL); anything else is not shown. */
  private get link(): string | undefined {
    return this.uri && /^https:\/\//i.test(this.uri) ? this.uri : undefined
  }

  override render() {
    const error = this.error
    const status = error
      ? html`<p class="error-text" data-error>${error}</p>`
      : html`<p class="muted" data-hint>
          ${this.uri ? t('farcaster.hint') : t('farcaster.preparing')}
        </p>`
    return html`<div class="center">
      <div class="qr-frame">
        ${
          this.uri && this.qrReady && !error
            ? html`<wui-qr-code
                part="qr"
                data-uri=${this.uri}
                .value=${this.uri}
                label=${t('farcaster.qrLabel')}
              ></wui-qr-code>`
            : error
              ? nothing
              : html`<wui-spinner aria-hidden="true"></wui-spinner>`
        }
      </div>
      <p class="headline">${t('farcaster.scan')}</p>
      <div class="status" aria-live="polite">${status}</div>
      <div class="actions">
        ${
          this.link && !error
            ? html`<a
                class="button-secondary wide"
                part="open-link"
                href=${this.link}
                target="_blank"
                rel="noopener noreferrer"
                >${t('farcaster.open')}</a
              >`
            : nothing
        }
        ${
          error
            ? html`<button class="button-primary wide" part="retry-button" @click=${() => this.run()}>
                ${t('common.tryAgain')}
              </button>`
            : nothing
        }
      </div>
    </div>`
  }
}

define('w3m-connecting-farcaster-view', W3mConnectingFarcasterView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-farcaster-view': W3mConnectingFarcasterView
  }
}
