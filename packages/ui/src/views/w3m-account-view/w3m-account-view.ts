import {
  $activeAccount,
  $activeNetwork,
  $locale,
  closeModal,
  disconnect,
  push,
  reset,
  showSnack,
  truncateAddress,
} from '@openmodal/core'
import { html, LitElement, nothing } from 'lit'
import { icon } from '../../components/icons.js'
import '../../components/wui-avatar/wui-avatar.js'
import { StoreController } from '../../controllers/store-controller.js'
import { t, tError } from '../../i18n/index.js'
import { iconStyles } from '../../styles/icons.js'
import { base, networkImageStyles } from '../../styles/shared.js'
import { define } from '../../utils/define.js'
import { explorerAddressUrl, supportedNetwork } from '../../utils/network.js'
import { safeImageUrl } from '../../utils/safe-url.js'
import { viewStyles } from '../view-styles.js'
import { styles } from './w3m-account-view.styles.js'

/**
 * @summary Account: avatar (the profile image when safe, else a gradient derived from the
 * address), profile name or truncated address (4/6) with a copy button, native balance
 * (3 decimals truncated, a skeleton while loading), the network (opens Networks), a link to
 * the address on the network's block explorer, and Disconnect.
 *
 * @csspart avatar - The account avatar.
 * @csspart copy-button - Copies the address.
 * @csspart balance - The balance line.
 * @csspart network-button - Opens Networks.
 * @csspart explorer-link - Opens the address on the block explorer in a new tab.
 * @csspart disconnect-button - Disconnects and closes the modal.
 */
export class W3mAccountView extends LitElement {
  static override properties = { disconnecting: { state: true } }
  static override styles = [base, iconStyles, viewStyles, styles, networkImageStyles]

  declare disconnecting: boolean

  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly locale = new StoreController(this, $locale)

  constructor() {
    super()
    this.disconnecting = false
  }

  private async copy(address: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(address)
      showSnack(t('account.copied'), { variant: 'success' })
    } catch {
      showSnack(t('account.copyFailed'), { variant: 'error' })
    }
  }

  private async onDisconnect(): Promise<void> {
    this.disconnecting = true
    try {
      await disconnect()
    } catch (error) {
      showSnack(tError(error), { variant: 'error' })
      return
    } finally {
      this.disconnecting = false
    }
    if (!closeModal()) reset('Connect')
  }

  override render() {
    void this.locale.value
    const account = this.account.value
    if (account.status !== 'connected' || !account.address) {
      return html`<div class="center"><p class="muted">${t('account.notConnected')}</p></div>`
    }
    const address = account.address
    const network = this.network.value
    const supported = supportedNetwork(network)
    const networkName = supported ? supported.name : t('button.unsupported')
    const networkIcon = safeImageUrl(supported?.assets?.imageUrl)
    const explorer = explorerAddressUrl(supported, address)
    const loading = Boolean(account.balanceLoading && !account.balance)
    return html`<div class="center">
      <wui-avatar
        part="avatar"
        address=${address}
        image-url=${account.profileImage ?? ''}
        aria-label=${t('account.avatar')}
        role="img"
      ></wui-avatar>
      <div class="address-row">
        <p class="headline" data-address title=${address}>
          ${account.profileName ?? truncateAddress(address)}
        </p>
        <button
          class="copy"
          part="copy-button"
          aria-label=${t('account.copy')}
          @click=${() => this.copy(address)}
        >
          ${icon('copy')}
        </button>
      </div>
      <p class="balance" part="balance" data-balance aria-busy=${loading ? 'true' : 'false'}>
        ${
          loading
            ? html`<span class="skeleton" data-skeleton aria-hidden="true"></span>
                <span class="visually-hidden">${t('account.balanceLoading')}</span>`
            : `${account.balance ?? '0.000'} ${account.balanceSymbol ?? ''}`.trim()
        }
      </p>
      <div class="actions">
        <button
          class="button-secondary"
          part="network-button"
          aria-label=${t('account.network', { name: networkName })}
          @click=${() => push('Networks')}
        >
          <span class="network-image">
            ${networkIcon ? html`<img src=${networkIcon} alt="" />` : icon('network')}
          </span>
          <span class="network-name">${networkName}</span>
          ${icon('chevron')}
        </button>
        ${
          explorer && supported?.blockExplorers
            ? html`<a
                class="button-secondary"
                part="explorer-link"
                href=${explorer}
                target="_blank"
                rel="noopener noreferrer"
              >
                ${icon('external')}
                <span class="network-name"
                  >${t('account.explorer', { name: supported.blockExplorers.default.name })}
                  <span class="visually-hidden">${t('common.newTab')}</span></span
                >
              </a>`
            : nothing
        }
        <button
          class="button-secondary"
          part="disconnect-button"
          ?disabled=${this.disconnecting}
          @click=${() => this.onDisconnect()}
        >
          ${icon('disconnect')}
          <span>${t('account.disconnect')}</span>
        </button>
      </div>
    </div>`
  }
}

define('w3m-account-view', W3mAccountView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-view': W3mAccountView
  }
}
