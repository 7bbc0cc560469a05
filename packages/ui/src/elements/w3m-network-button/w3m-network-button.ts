import { $activeNetwork, isUnsupportedNetwork, openModal, reset } from '@openmodal/core/internal'
import { html } from 'lit'
import { ERROR_PATH, NETWORK_PATH, svgIcon } from '../../components/icon-svg.js'
import { StoreController } from '../../controllers/store-controller.js'
import { dirFor, t } from '../../i18n/index.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'
import { preloadView } from '../../modal/load-modal.js'
import { iconStyles } from '../../styles/icons.js'
import { elementBase, tokens } from '../../styles/shared.js'
import { define } from '../../utils/define.js'
import { supportedNetwork } from '../../utils/network.js'
import { safeImageUrl } from '../../utils/safe-url.js'
import { buttonStyles } from '../button-styles.js'

/**
 * @summary The active network (icon and name), or "Unsupported network" when the wallet is on a
 * network the app does not support. Opens the modal on the Networks view.
 *
 * @csspart button - The `<button>`.
 * @csspart icon - The network icon.
 * @csspart name - The network name.
 */
export class W3mNetworkButton extends OpenModalElement {
  static override themed = true
  /** `host.focus()` (and a click on the host) focuses the inner button, so Enter presses it. */
  static override shadowRootOptions: ShadowRootInit = {
    ...OpenModalElement.shadowRootOptions,
    delegatesFocus: true,
  }

  static override styles = [tokens, elementBase, iconStyles, buttonStyles]

  private readonly network = new StoreController(this, $activeNetwork)

  private readonly open = () => {
    reset('Networks')
    openModal()
  }

  private readonly preload = () => preloadView('Networks')

  override render() {
    const network = this.network.value
    const unsupported = isUnsupportedNetwork(network)
    const name = !network
      ? t('button.selectNetwork')
      : unsupported
        ? t('button.unsupported')
        : network.name
    const src = safeImageUrl(supportedNetwork(network)?.assets?.imageUrl)
    return html`<button
      part="button"
      class="theme-${this.theme?.mode}"
      dir=${dirFor(this.locale.value)}
      data-unsupported=${unsupported ? 'true' : 'false'}
      @click=${this.open}
      @pointerenter=${this.preload}
      @focus=${this.preload}
    >
      <span class="network-image" part="icon">
        ${src ? html`<img src=${src} alt="" />` : svgIcon(unsupported ? ERROR_PATH : NETWORK_PATH)}
      </span>
      <span part="name">${name}</span>
    </button>`
  }
}

define('w3m-network-button', W3mNetworkButton)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-network-button': W3mNetworkButton
  }
}
