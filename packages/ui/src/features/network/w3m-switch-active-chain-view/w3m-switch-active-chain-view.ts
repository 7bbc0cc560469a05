import {
  $networks,
  type CaipNetwork,
  type ChainNamespace,
  goBack,
  push,
  type RouterData,
  switchNetwork,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import '../strings/en.js'
import { t } from '../../../i18n/index.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { styles } from './w3m-switch-active-chain-view.styles.js'

/** What each namespace is called (names of ecosystems, not translated). */
export const NAMESPACE_NAMES: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/**
 * The router data that asks the visitor to connect a wallet of `network`'s namespace before
 * using it (what the Networks view pushes when no wallet is connected there).
 *
 * @example push('SwitchActiveChain', switchActiveChainData(solanaMainnet))
 */
export function switchActiveChainData(network: CaipNetwork): RouterData {
  return {
    switchToChain: network.chainNamespace,
    navigateTo: 'Connect',
    navigateWithReplace: true,
    network,
  }
}

/**
 * @summary SwitchActiveChain: the visitor picked a network of another namespace
 * (`data.switchToChain`) where no wallet is connected. Explains that a wallet of that
 * namespace is needed; its button makes `data.network` (or the namespace's first network)
 * active and goes to `data.navigateTo` (default Connect, listing only wallets of that
 * namespace), replacing this view when `data.navigateWithReplace` is set.
 *
 * @csspart network-image - The picked network's icon.
 * @csspart status - The live status line (error).
 * @csspart switch-button - The button that switches and goes on.
 */
export class W3mSwitchActiveChainView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
  }

  static override styles = [base, iconStyles, viewStyles, styles]

  declare data: RouterData | undefined

  private readonly networks = new StoreController(this, $networks)
  private readonly attempt = new AttemptController(this)

  /** The failure of the last switch, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  /** The namespace to switch to: `switchToChain`, else the network's. */
  get namespace(): ChainNamespace | undefined {
    return this.data?.switchToChain ?? this.data?.network?.chainNamespace
  }

  /** The network that becomes active: `data.network`, else the namespace's first one. */
  get target(): CaipNetwork | undefined {
    const namespace = this.namespace
    const network = this.data?.network
    if (network && (!namespace || network.chainNamespace === namespace)) return network
    return this.networks.value.find((n) => n.chainNamespace === namespace)
  }

  /** Makes the namespace active, then goes on to `navigateTo`. */
  async switch(): Promise<void> {
    const target = this.target
    const namespace = this.namespace
    if (!target || !namespace) {
      this.attempt.fail(t('switchNetwork.missing'))
      return
    }
    if (!(await this.attempt.run(() => switchNetwork(target.caipNetworkId)))) return
    if (!this.isConnected) return
    const view = this.data?.navigateTo ?? 'Connect'
    const data: RouterData = view === 'Connect' ? { namespace } : {}
    // Replaced: Back from the next view skips this one.
    if (this.data?.navigateWithReplace) goBack()
    push(view, data)
  }

  override render() {
    const network = this.target
    const namespace = this.namespace
    const chain = namespace ? NAMESPACE_NAMES[namespace] : ''
    const src = safeImageUrl(network?.assets?.imageUrl)
    return html`<div class="center">
      <span class="logo" part="network-image">
        ${src ? html`<img src=${src} alt="" />` : icon('network')}
      </span>
      <p class="headline" data-title>
        ${network ? t('switchNetwork.to', { name: network.name }) : t('switchNetwork.missing')}
      </p>
      ${
        network
          ? html`<p class="muted" data-hint>
            ${t('switchActiveChain.hint', { chain, name: network.name })}
          </p>`
          : nothing
      }
      <div class="status" part="status" aria-live="polite">
        ${this.error ? html`<p class="error-text" data-error>${this.error}</p>` : nothing}
      </div>
      ${
        network
          ? html`<div class="actions">
            <button
              class="button-primary wide"
              part="switch-button"
              aria-busy=${this.attempt.pending ? 'true' : nothing}
              ?disabled=${this.attempt.pending}
              @click=${() => this.switch()}
            >
              ${
                this.attempt.pending
                  ? html`<wui-spinner role="status" aria-label=${t('networks.switching')}></wui-spinner>`
                  : t('switchActiveChain.connect', { chain })
              }
            </button>
          </div>`
          : nothing
      }
    </div>`
  }
}

define('w3m-switch-active-chain-view', W3mSwitchActiveChainView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-switch-active-chain-view': W3mSwitchActiveChainView
  }
}
