import {
  $accounts,
  $activeNamespace,
  $activeNetwork,
  $canGoBack,
  $isConnected,
  $networks,
  type CaipNetwork,
  closeModal,
  goBack,
  isUnsupportedNetwork,
  push,
  reset,
  switchNetwork,
} from '@openmodal/core/internal'
import { html, nothing, type TemplateResult } from 'lit'
import { repeat } from 'lit/directives/repeat.js'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { KeyboardNavigationController } from '../../../controllers/keyboard-navigation.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { listRowStyles } from '../../../styles/list-row.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { switchActiveChainData } from '../w3m-switch-active-chain-view/w3m-switch-active-chain-view.js'
import { styles } from './w3m-networks-view.styles.js'

/**
 * @summary Networks: the host's networks (icon, name, selected state). With a wallet connected
 * in the picked network's namespace, picking one opens SwitchNetwork (the wallet must approve);
 * a network of another namespace where no wallet is connected (while one is connected
 * elsewhere) opens SwitchActiveChain, which asks for a wallet of that namespace;
 * otherwise it calls core's `switchNetwork()` in place: the item shows a spinner, a failure
 * shows its message, success goes back (or closes when Networks was the first view).
 *
 * @csspart list - The network list.
 * @csspart network - Each network button (`aria-current` on the active one).
 * @csspart status - The live status line (switching / error).
 */
export class W3mNetworksView extends OpenModalElement {
  static override properties = {
    pending: { state: true },
  }

  static override styles = [base, iconStyles, viewStyles, listRowStyles, styles]

  /** The network being switched to, while the switch runs. */
  declare pending: string | undefined

  protected readonly networks = new StoreController(this, $networks)
  protected readonly active = new StoreController(this, $activeNetwork)
  private readonly attempt = new AttemptController(this)
  private readonly nav = new KeyboardNavigationController(this, {
    layout: 'list',
    items: () => [...this.renderRoot.querySelectorAll<HTMLElement>('li > button')],
  })

  /** The last switch's failure, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  /** Text above the list (the unsupported-chain view explains itself there). */
  protected intro(): TemplateResult | typeof nothing {
    return nothing
  }

  /** Whether picking `network` goes through the SwitchNetwork view (a wallet must approve). */
  protected viaSwitchView(network: CaipNetwork): boolean {
    return $accounts.get()[network.chainNamespace]?.status === 'connected'
  }

  /**
   * Whether picking `network` first asks for a wallet of its namespace (SwitchActiveChain):
   * a wallet is connected, but none in that other namespace.
   */
  protected needsWalletFor(network: CaipNetwork): boolean {
    return (
      $isConnected.get() &&
      network.chainNamespace !== $activeNamespace.get() &&
      $accounts.get()[network.chainNamespace]?.status !== 'connected'
    )
  }

  /** Where to go once the switch succeeded. */
  protected afterSwitch(): void {
    if ($canGoBack.get()) goBack()
    else if (!closeModal()) reset('Account')
  }

  private activeId(): string | undefined {
    const active = this.active.value
    return active && !isUnsupportedNetwork(active) ? active.caipNetworkId : undefined
  }

  /** Switches to `network` (what a click on its item does). */
  async select(network: CaipNetwork): Promise<void> {
    if (this.pending) return
    if (network.caipNetworkId === this.activeId()) {
      this.afterSwitch()
      return
    }
    if (this.needsWalletFor(network)) {
      push('SwitchActiveChain', switchActiveChainData(network))
      return
    }
    if (this.viaSwitchView(network)) {
      push('SwitchNetwork', { network })
      return
    }
    this.pending = network.caipNetworkId
    const switched = await this.attempt.run(() => switchNetwork(network.caipNetworkId))
    this.pending = undefined
    if (switched && this.isConnected) this.afterSwitch()
  }

  override render() {
    const activeId = this.activeId()
    return html`<div class="stack">
      ${this.intro()}
      <ul
        part="list"
        aria-label=${t('networks.list')}
        @keydown=${this.nav.onKeydown}
        @focusin=${this.nav.onFocusin}
      >
        ${repeat(
          this.networks.value,
          (network) => network.caipNetworkId,
          (network) => {
            const selected = network.caipNetworkId === activeId
            const busy = network.caipNetworkId === this.pending
            const src = safeImageUrl(network.assets?.imageUrl)
            return html`<li>
              <button
                part="network"
                data-network=${network.caipNetworkId}
                aria-current=${selected ? 'true' : nothing}
                aria-busy=${busy ? 'true' : nothing}
                aria-disabled=${this.pending && !busy ? 'true' : nothing}
                @click=${() => this.select(network)}
              >
                <span class="image">
                  ${src ? html`<img src=${src} alt="" width="32" height="32" />` : icon('network')}
                </span>
                <span class="name">${network.name}</span>
                ${
                  busy
                    ? html`<wui-spinner></wui-spinner>`
                    : selected
                      ? html`<span class="selected">${icon('check')}</span>`
                      : nothing
                }
              </button>
            </li>`
          },
        )}
      </ul>
      <p class="status" part="status" aria-live="polite">${
        this.error
          ? html`<span class="error-text" data-error>${this.error}</span>`
          : this.pending
            ? html`<span class="muted">${t('networks.switching')}</span>`
            : nothing
      }</p>
    </div>`
  }
}

define('w3m-networks-view', W3mNetworksView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-networks-view': W3mNetworksView
  }
}
