import {
  $canGoBack,
  $locale,
  closeModal,
  errorMessage,
  goBack,
  type RouterData,
  reset,
  switchNetwork,
} from '@openmodal/core'
import { html, LitElement, nothing } from 'lit'
import { icon } from '../../components/icons.js'
import '../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../controllers/store-controller.js'
import { t } from '../../i18n/index.js'
import { iconStyles } from '../../styles/icons.js'
import { base } from '../../styles/shared.js'
import { define } from '../../utils/define.js'
import { safeImageUrl } from '../../utils/safe-url.js'
import { viewStyles } from '../view-styles.js'

/**
 * @summary SwitchNetwork: switches to `data.network` and waits for the wallet's approval;
 * a failure shows its message with Try again, success goes back (or closes).
 *
 * @csspart retry-button - The Try again button.
 */
export class W3mSwitchNetworkView extends LitElement {
  static override properties = {
    data: { attribute: false },
    error: { state: true },
    switching: { state: true },
  }

  static override styles = [base, iconStyles, viewStyles]

  declare data: RouterData | undefined
  declare error: string | undefined
  declare switching: boolean

  private readonly locale = new StoreController(this, $locale)
  private started = false

  constructor() {
    super()
    this.switching = false
  }

  override connectedCallback(): void {
    super.connectedCallback()
    if (!this.started) {
      this.started = true
      void this.start()
    }
  }

  async start(): Promise<void> {
    const network = this.data?.network
    if (!network) {
      this.error = t('switchNetwork.missing')
      return
    }
    this.error = undefined
    this.switching = true
    try {
      await switchNetwork(network.caipNetworkId)
    } catch (error) {
      this.error = errorMessage(error)
      return
    } finally {
      this.switching = false
    }
    if (!this.isConnected) return
    if ($canGoBack.get()) goBack()
    else if (!closeModal()) reset('Account')
  }

  override render() {
    void this.locale.value
    const network = this.data?.network
    const src = safeImageUrl(network?.assets?.imageUrl)
    return html`<div class="center">
      <span class="logo">${src ? html`<img src=${src} alt="" />` : icon('network')}</span>
      ${network ? html`<p class="headline">${network.name}</p>` : nothing}
      <div aria-live="polite">
        ${
          this.error
            ? html`<p class="error-text" data-error>${this.error}</p>`
            : html`<p class="muted">${t('switchNetwork.approve')}</p>`
        }
      </div>
      ${this.switching ? html`<wui-spinner></wui-spinner>` : nothing}
      ${
        this.error && network
          ? html`<button class="button-primary" part="retry-button" @click=${() => this.start()}>
            ${t('common.tryAgain')}
          </button>`
          : nothing
      }
    </div>`
  }
}

define('w3m-switch-network-view', W3mSwitchNetworkView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-switch-network-view': W3mSwitchNetworkView
  }
}
