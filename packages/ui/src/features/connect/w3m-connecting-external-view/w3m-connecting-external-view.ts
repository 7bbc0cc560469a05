import {
  $connectors,
  $view,
  closeModal,
  connect,
  type RouterData,
  reset,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController, silentWhenClosed } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { styles } from './w3m-connecting-external-view.styles.js'

/**
 * @summary ConnectingExternal: asks the wallet (`data.connectorId`) to connect through core's
 * `connect()`. On success the modal closes; a rejection shows core's message ("Connection
 * rejected", "Failed to connect") with Try again; "Modal closed" is silent.
 *
 * @csspart retry-button - The Try again button.
 */
export class W3mConnectingExternalView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
  }

  static override styles = [base, iconStyles, viewStyles, styles]

  /** Router data: `connectorId` is the wallet to connect; `namespace` connects only that one. */
  declare data: RouterData | undefined

  private readonly connectors = new StoreController(this, $connectors)
  private readonly attempt = new AttemptController(this, {
    firstRun: () => this.start(),
    message: silentWhenClosed,
  })

  /** The failure shown with Try again, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  /** Whether the wallet is being asked. */
  get connecting(): boolean {
    return this.attempt.pending
  }

  /** Starts (or retries) the connection. */
  async start(): Promise<void> {
    const connectorId = this.data?.connectorId ?? ''
    const namespace = this.data?.namespace
    if (
      !(await this.attempt.run(() => connect({ connectorId, ...(namespace ? { namespace } : {}) })))
    )
      return
    // Still the current view (the visitor did not go back, core did not move on to
    // UnsupportedChain): the job is done.
    if ($view.get().view === 'ConnectingExternal' && !closeModal()) reset('Account')
  }

  override render() {
    const connector = this.connectors.value.find((c) => c.id === this.data?.connectorId)
    const name = connector?.name ?? t('connecting.unknownWallet')
    const src = safeImageUrl(connector?.imageUrl)
    return html`<div class="center">
      <span class="logo">${src ? html`<img src=${src} alt="" />` : icon('wallet')}</span>
      <p class="headline">${t('connecting.continueIn', { name })}</p>
      <div class="status" aria-live="polite">
        ${
          this.error
            ? html`<p class="error-text" data-error>${this.error}</p>`
            : html`<p class="muted">${t('connecting.hint')}</p>`
        }
      </div>
      ${this.connecting ? html`<wui-spinner></wui-spinner>` : nothing}
      ${
        // While waiting too: a wallet that lost or never showed the request can be asked again.
        this.error || this.connecting
          ? html`<button
              class=${this.error ? 'button-primary' : 'button-secondary'}
              part="retry-button"
              @click=${() => this.start()}
            >
              ${t('common.tryAgain')}
            </button>`
          : nothing
      }
    </div>`
  }
}

define('w3m-connecting-external-view', W3mConnectingExternalView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-external-view': W3mConnectingExternalView
  }
}
