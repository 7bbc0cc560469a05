import { closeModal, reset } from '@openmodal/core/internal'
import { html } from 'lit'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { define } from '../../../utils/define.js'
import { W3mNetworksView } from '../w3m-networks-view/w3m-networks-view.js'

/**
 * @summary UnsupportedChain: the wallet is on a network the app does not support (the active
 * network is core's unsupported placeholder); explains it and lists the configured networks,
 * none selected, to switch to in place. Success closes the modal.
 *
 * @csspart list - The network list.
 * @csspart network - Each network button.
 * @csspart status - The live status line (switching / error).
 */
export class W3mUnsupportedChainView extends W3mNetworksView {
  protected override intro() {
    return html`<p class="muted center" data-intro>${t('networks.unsupported')}</p>`
  }

  // The wallet is on a network the app does not know: switching happens here, and success
  // closes the modal rather than going back to this view.
  protected override viaSwitchView(): boolean {
    return false
  }

  protected override afterSwitch(): void {
    if (!closeModal()) reset('Account')
  }
}

define('w3m-unsupported-chain-view', W3mUnsupportedChainView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-unsupported-chain-view': W3mUnsupportedChainView
  }
}
