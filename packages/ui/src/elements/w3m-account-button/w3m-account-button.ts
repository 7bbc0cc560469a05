import { $activeAccount, openModal, reset, truncateAddress } from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../components/wui-avatar/wui-avatar.js'
import { StoreController } from '../../controllers/store-controller.js'
import { dirFor } from '../../i18n/index.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'
import { preloadView } from '../../modal/load-modal.js'
import { elementBase, tokens } from '../../styles/shared.js'
import { define } from '../../utils/define.js'
import { buttonStyles } from '../button-styles.js'

/**
 * @summary The connected account: avatar, balance and profile name or truncated address.
 * Opens the modal on the Account view.
 *
 * @csspart button - The `<button>`.
 * @csspart avatar - The avatar.
 * @csspart balance - The balance text.
 * @csspart address - The name or truncated address.
 */
export class W3mAccountButton extends OpenModalElement {
  static override themed = true
  /** `host.focus()` (and a click on the host) focuses the inner button, so Enter presses it. */
  static override shadowRootOptions: ShadowRootInit = {
    ...OpenModalElement.shadowRootOptions,
    delegatesFocus: true,
  }

  static override properties = {
    balance: {},
  }

  static override styles = [tokens, elementBase, buttonStyles]

  /** `'show'` (default) or `'hide'` the balance. */
  declare balance: 'show' | 'hide'

  private readonly account = new StoreController(this, $activeAccount)

  constructor() {
    super()
    this.balance = 'show'
  }

  private readonly open = () => {
    reset('Account')
    openModal()
  }

  private readonly preload = () => preloadView('Account')

  override render() {
    const account = this.account.value
    const address = account.address ?? ''
    const name = account.profileName ?? truncateAddress(address)
    const balance =
      this.balance !== 'hide' && account.balance
        ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim()
        : undefined
    return html`<button
      part="button"
      class="theme-${this.theme?.mode}"
      dir=${dirFor(this.locale.value)}
      @click=${this.open}
      @pointerenter=${this.preload}
      @focus=${this.preload}
    >
      ${balance ? html`<span part="balance" data-balance>${balance}</span>` : nothing}
      <wui-avatar
        part="avatar"
        address=${address}
        image-url=${account.profileImage ?? ''}
      ></wui-avatar>
      <span part="address" data-address>${name}</span>
    </button>`
  }
}

define('w3m-account-button', W3mAccountButton)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-button': W3mAccountButton
  }
}
