import { $activeAccount, openModal, reset } from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../controllers/store-controller.js'
import { dirFor, t } from '../../i18n/index.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'
import { preloadView } from '../../modal/load-modal.js'
import { elementBase, tokens } from '../../styles/shared.js'
import { define } from '../../utils/define.js'
import { buttonStyles } from '../button-styles.js'

/**
 * @summary Opens the modal on the Connect view. Reads "Connect Wallet", or "Connecting…" while
 * a connection or a reload's reconnect is in progress. The Connect view's code starts loading on hover or focus.
 *
 * @csspart button - The `<button>`.
 * @cssproperty --w3m-accent - Background colour.
 */
export class W3mConnectButton extends OpenModalElement {
  static override themed = true
  /** `host.focus()` (and a click on the host) focuses the inner button, so Enter presses it. */
  static override shadowRootOptions: ShadowRootInit = {
    ...OpenModalElement.shadowRootOptions,
    delegatesFocus: true,
  }

  static override properties = {
    label: {},
    loadingLabel: { attribute: 'loading-label' },
  }

  static override styles = [tokens, elementBase, buttonStyles]

  /** Overrides the catalog's "Connect Wallet". */
  declare label: string | undefined
  /** Overrides the catalog's "Connecting…". */
  declare loadingLabel: string | undefined

  private readonly account = new StoreController(this, $activeAccount)

  private readonly open = () => {
    reset('Connect')
    openModal()
  }

  private readonly preload = () => preloadView('Connect')

  override render() {
    // A reload's silent reconnect too (spec §4 "reconnecting"): "Connect Wallet" would say the
    // wallet is gone while it is coming back.
    const { status } = this.account.value
    const connecting = status === 'connecting' || status === 'reconnecting'
    const text = connecting
      ? (this.loadingLabel ?? t('button.connecting'))
      : (this.label ?? t('button.connect'))
    return html`<button
      part="button"
      class="button-primary theme-${this.theme?.mode}"
      dir=${dirFor(this.locale.value)}
      aria-busy=${connecting ? 'true' : nothing}
      @click=${this.open}
      @pointerenter=${this.preload}
      @focus=${this.preload}
    >
      ${connecting ? html`<wui-spinner></wui-spinner>` : nothing}<span>${text}</span>
    </button>`
  }
}

define('w3m-connect-button', W3mConnectButton)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connect-button': W3mConnectButton
  }
}
