import {
  $activeAccount,
  $activeNetwork,
  $features,
  $networks,
  type CaipNetwork,
  showSnack,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-qr-code/wui-qr-code.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { networkImageStyles } from '../../../styles/shared.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { supportedNetwork } from '../../../utils/network.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { styles } from './w3m-wallet-receive-view.styles.js'

function networkImage(network: Readonly<CaipNetwork>) {
  const src = safeImageUrl(network.assets?.imageUrl)
  return html`<span class="network-image" aria-hidden="true">
    ${src ? html`<img src=${src} alt="" />` : icon('network')}
  </span>`
}

/**
 * The configured networks an address of `network`'s namespace can receive on: the same
 * address format (spec §5) holds on every network of one namespace. The active one first.
 *
 * @example receivingNetworks(mainnet, [mainnet, optimism, solana]) // [mainnet, optimism]
 */
export function receivingNetworks(
  network: Readonly<CaipNetwork>,
  networks: readonly Readonly<CaipNetwork>[],
): Readonly<CaipNetwork>[] {
  const same = networks.filter(
    (candidate) =>
      candidate.chainNamespace === network.chainNamespace &&
      candidate.caipNetworkId !== network.caipNetworkId,
  )
  return [network, ...same]
}

/**
 * @summary WalletReceive: the connected address as a QR code (the lazily loaded QR encoder of
 * WalletConnect, the network's icon in the centre) and as text with a copy button, the active
 * network's name and icon, and the configured networks of its namespace the same address can
 * receive on. Works on every namespace (eip155, solana). States: not connected, receiving
 * turned off by the `receive` feature, unsupported network.
 *
 * @csspart network - The active network's name and icon.
 * @csspart qr - The QR code of the address (`data-address` holds it).
 * @csspart address - The full address, as text.
 * @csspart copy-button - Copies the address.
 * @csspart networks - The list of networks the address can receive on.
 */
export class W3mWalletReceiveView extends OpenModalElement {
  static override styles = [base, iconStyles, viewStyles, networkImageStyles, styles]

  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly networks = new StoreController(this, $networks)
  private readonly features = new StoreController(this, $features)

  private async copy(address: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(address)
      showSnack(t('account.copied'), { variant: 'success' })
    } catch {
      showSnack(t('account.copyFailed'), { variant: 'error' })
    }
  }

  private message(text: string, state: string) {
    return html`<div class="center" data-state=${state}><p class="muted">${text}</p></div>`
  }

  override render() {
    const account = this.account.value
    if (this.features.value?.receive === false) return this.message(t('receive.off'), 'off')
    if (account.status !== 'connected' || !account.address) {
      return this.message(t('account.notConnected'), 'disconnected')
    }
    const network = supportedNetwork(this.network.value)
    if (!network) return this.message(t('receive.unsupported'), 'unsupported')
    const address = account.address
    const networks = receivingNetworks(network, this.networks.value)
    return html`<div class="center">
      <span class="network" part="network" data-network=${network.caipNetworkId}>
        ${networkImage(network)}
        <span class="network-name">${network.name}</span>
      </span>
      <wui-qr-code
        part="qr"
        data-address=${address}
        .value=${address}
        .image=${safeImageUrl(network.assets?.imageUrl)}
        label=${t('receive.qrLabel', { name: network.name })}
      ></wui-qr-code>
      <p class="muted small">${t('receive.hint')}</p>
      <p class="address" part="address" data-address>${address}</p>
      <button class="button-secondary wide copy" part="copy-button" @click=${() => this.copy(address)}>
        ${icon('copy')}
        <span>${t('account.copy')}</span>
      </button>
      <section aria-labelledby="networks-heading">
        <h3 id="networks-heading">${t('receive.networks')}</h3>
        <ul class="network-list" part="networks">
          ${networks.map(
            (candidate) => html`<li data-network=${candidate.caipNetworkId}>
              ${networkImage(candidate)}
              <span class="name">${candidate.name}</span>
            </li>`,
          )}
        </ul>
        ${networks.length > 1 ? html`<p class="muted small">${t('receive.networksHint')}</p>` : nothing}
      </section>
    </div>`
  }
}

define('w3m-wallet-receive-view', W3mWalletReceiveView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-receive-view': W3mWalletReceiveView
  }
}
