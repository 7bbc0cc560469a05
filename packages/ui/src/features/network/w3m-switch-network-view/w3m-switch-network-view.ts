import {
  $activeAccount,
  $canGoBack,
  $view,
  closeModal,
  goBack,
  type RouterData,
  reset,
  switchNetwork,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { styles } from './w3m-switch-network-view.styles.js'

/**
 * Where to go after a successful switch: back past Networks (to the view that opened it), or
 * close the modal when Networks was the first view.
 */
export function leaveAfterSwitch(): void {
  if ($canGoBack.get()) goBack()
  if ($view.get().view === 'Networks') {
    if ($canGoBack.get()) goBack()
    else if (!closeModal()) reset('Account')
    return
  }
  if ($view.get().view === 'SwitchNetwork' && !closeModal()) reset('Account')
}

/**
 * @summary SwitchNetwork: asks the connected wallet to switch to `data.network` (core's
 * `switchNetwork()`, which adds the chain first when the wallet does not know it). Shows the
 * wallet's icon, "Approve in wallet" and a spinner while the wallet decides; a failure shows
 * its message ("Chain is not supported", "connector does not support programmatic chain
 * switching", …) with Try again; success goes back past Networks (or closes).
 *
 * @csspart wallet-image - The connected wallet's icon.
 * @csspart status - The live status line (hint or error).
 * @csspart retry-button - The Try again button.
 */
export class W3mSwitchNetworkView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
  }

  static override styles = [base, iconStyles, viewStyles, styles]

  declare data: RouterData | undefined

  private readonly account = new StoreController(this, $activeAccount)
  private readonly attempt = new AttemptController(this, { firstRun: () => this.start() })

  /** The failure shown with Try again, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  /** Whether the wallet is being asked to switch. */
  get switching(): boolean {
    return this.attempt.pending
  }

  /** Starts (or retries) the switch. */
  async start(): Promise<void> {
    const network = this.data?.network
    if (!network) {
      this.attempt.fail(t('switchNetwork.missing'))
      return
    }
    if (!(await this.attempt.run(() => switchNetwork(network.caipNetworkId)))) return
    // Still on screen (the visitor did not go back meanwhile): the job is done.
    if (this.isConnected && $view.get().view === 'SwitchNetwork') leaveAfterSwitch()
  }

  override render() {
    const network = this.data?.network
    const wallet = this.account.value.connectedWalletInfo
    const walletIcon = safeImageUrl(wallet?.icon)
    const networkIcon = safeImageUrl(network?.assets?.imageUrl)
    return html`<div class="center">
      <span class="logo" part="wallet-image">
        ${walletIcon ? html`<img src=${walletIcon} alt="" />` : icon('wallet')}
        <span class="network-badge">
          ${networkIcon ? html`<img src=${networkIcon} alt="" />` : icon('network')}
        </span>
      </span>
      <p class="headline">${t('switchNetwork.title')}</p>
      ${
        network
          ? html`<p class="muted" data-network-name>
            ${t('switchNetwork.to', { name: network.name })}
          </p>`
          : nothing
      }
      <div class="status" part="status" aria-live="polite">
        ${
          this.error
            ? html`<p class="error-text" data-error>${this.error}</p>`
            : html`<p class="muted small">${t('switchNetwork.approve')}</p>`
        }
      </div>
      ${
        this.switching
          ? html`<wui-spinner role="status" aria-label=${t('networks.switching')}></wui-spinner>`
          : nothing
      }
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
