import {
  $activeNetwork,
  $options,
  type EmbeddedAccountType,
  type EmbeddedWalletAccounts,
  formatBalance,
  frameError,
} from '@openmodal/core/internal'
import { css, html, nothing } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { supportedNetwork } from '../../../utils/network.js'

/** The loaded embedded wallet (the visitor is logged in with it: this loads nothing new). */
async function loadedWallet() {
  const entry = $options.get()?.embeddedWallet
  if (!entry) throw frameError('NO_AUTH_CONNECTOR')
  return entry.load()
}

/**
 * @summary ProfileWallets (spec §2): the embedded wallet's two EVM accounts on the active
 * network, the EOA and the smart account, each with its address, type, balance and (the smart
 * account) whether it is deployed; the active one is marked. A button switches to the other
 * under spec §6's rule: to the smart account only when the network has smart accounts and the
 * EOA is active. A failed switch stays on the EOA with "This application might not support
 * Smart Accounts" (the embedded wallet shows it). In EIP-7702 mode the EOA keeps its address
 * as the smart account, so the view shows that one account (delegated or not, its balance, what
 * it acts as) and its switch between acting as the smart account and as the plain EOA.
 *
 * @csspart account - One account's row (`data-type` eoa, smartAccount or eip7702, `aria-current`
 * when active).
 * @csspart use-button - Switches to that row's account.
 */
export class W3mProfileWalletsView extends OpenModalElement {
  static override properties = {
    accounts: { state: true },
  }
  static override styles = [
    base,
    viewStyles,
    css`
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 8px;
      }

      li {
        display: grid;
        gap: 4px;
        padding: 12px;
        border-radius: var(--wui-radius-m);
        background: var(--wui-surface);
        border: 1px solid transparent;
      }

      li[aria-current='true'] {
        border-color: var(--wui-accent);
      }

      .row {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 8px;
      }

      .type {
        margin: 0;
        font-weight: 600;
      }

      .badge {
        font-size: var(--wui-font-size-small);
        font-weight: 600;
        color: var(--wui-on-accent);
        background: var(--wui-accent);
        border-radius: var(--wui-radius-s);
        padding: 2px 8px;
      }

      .address {
        margin: 0;
        font-family: ui-monospace, monospace;
        font-size: var(--wui-font-size-small);
        overflow-wrap: anywhere;
        /* An address reads left to right in every layout. */
        direction: ltr;
        unicode-bidi: isolate;
        text-align: start;
      }
    `,
  ]

  /** The accounts the embedded wallet reported last. */
  declare accounts: EmbeddedWalletAccounts | undefined

  private readonly network = new StoreController(this, $activeNetwork)
  private readonly loading = new AttemptController(this, { firstRun: () => this.load() })
  private readonly switching = new AttemptController(this)

  constructor() {
    super()
    this.accounts = undefined
  }

  private async load(): Promise<void> {
    await this.loading.run(async (signal) => {
      const accounts = await (await loadedWallet()).getAccounts()
      if (!signal.aborted) this.accounts = accounts
    })
  }

  private async use(type: EmbeddedAccountType): Promise<void> {
    const switched = await this.switching.run(async () =>
      (await loadedWallet()).setPreferredAccount(type),
    )
    // Whatever the outcome (a fallback to the EOA included), show what the wallet says now.
    if (switched || this.accounts) await this.load()
  }

  private balance(wei: string | undefined) {
    const currency = supportedNetwork(this.network.value)?.nativeCurrency
    if (wei === undefined || !currency) return t('profile.balanceUnknown')
    return t('profile.balance', {
      amount: formatBalance(BigInt(wei), currency.decimals),
      symbol: currency.symbol,
    })
  }

  private row(
    type: EmbeddedAccountType,
    account: { address: string; balance?: string | undefined; deployed?: boolean },
    canUse: boolean,
  ) {
    const active = this.accounts?.preferred === type
    const busy = this.switching.pending
    return html`<li part="account" data-type=${type} aria-current=${active ? 'true' : 'false'}>
      <div class="row">
        <h3 class="type">${t(type === 'eoa' ? 'profile.eoa' : 'profile.smartAccount')}</h3>
        ${active ? html`<span class="badge" data-active>${t('profile.active')}</span>` : nothing}
      </div>
      <p class="address" data-address>${account.address}</p>
      ${
        type === 'smartAccount'
          ? html`<p class="muted small" data-deployed=${account.deployed ? 'true' : 'false'}>
              ${t(account.deployed ? 'profile.deployed' : 'profile.notDeployed')}
            </p>`
          : nothing
      }
      <p class="muted small" data-balance>${this.balance(account.balance)}</p>
      ${
        !active && canUse
          ? html`<button
              class="button-secondary"
              part="use-button"
              ?disabled=${busy}
              @click=${() => this.use(type)}
            >
              ${busy ? t('profile.switching') : t('profile.use')}
            </button>`
          : nothing
      }
    </li>`
  }

  /** Spec §6 in EIP-7702 mode: one address, acting as the smart account or as the EOA. */
  private delegatedRow(account: { address: string; delegated: boolean; balance?: string }) {
    const smart = this.accounts?.preferred === 'smartAccount'
    const busy = this.switching.pending
    return html`<li part="account" data-type="eip7702" aria-current="true">
      <h3 class="type">${t('profile.account7702')}</h3>
      <p class="address" data-address>${account.address}</p>
      <p class="muted small" data-deployed=${account.delegated ? 'true' : 'false'}>
        ${t(account.delegated ? 'profile.delegated' : 'profile.notDelegated')}
      </p>
      <p class="muted small" data-balance>${this.balance(account.balance)}</p>
      <p class="small" data-acts-as=${smart ? 'smartAccount' : 'eoa'}>
        ${t(smart ? 'profile.actsAsSmart' : 'profile.actsAsEoa')}
      </p>
      <button
        class="button-secondary"
        part="use-button"
        ?disabled=${busy}
        @click=${() => this.use(smart ? 'eoa' : 'smartAccount')}
      >
        ${busy ? t('profile.switching') : t(smart ? 'profile.useEoa' : 'profile.useSmart')}
      </button>
    </li>`
  }

  override render() {
    const accounts = this.accounts
    if (!accounts) {
      const error = this.loading.error
      return html`<div class="center" aria-live="polite">
        ${
          error
            ? html`<p class="error-text" role="alert" data-error>${error}</p>
                <button class="button-secondary" @click=${() => this.load()}>
                  ${t('common.tryAgain')}
                </button>`
            : html`<wui-spinner aria-hidden="true"></wui-spinner>
                <p class="muted" role="status">${t('profile.loading')}</p>`
        }
      </div>`
    }
    const error = this.switching.error
      ? html`<p class="error-text" role="alert" data-error>${this.switching.error}</p>`
      : nothing
    if (accounts.mode === 'eip7702') {
      return html`<div class="stack">
        <ul>
          ${this.delegatedRow(accounts.account)}
        </ul>
        ${error}
      </div>`
    }
    const smart = accounts.smartAccount
    return html`<div class="stack">
      <ul>
        ${this.row('eoa', accounts.eoa, accounts.preferred === 'smartAccount')}
        ${
          // Spec §6: to the smart account only when the network has one and the EOA is active.
          smart
            ? this.row('smartAccount', smart, accounts.preferred === 'eoa')
            : html`<li data-type="none"><p class="muted small" data-no-smart-account>
                ${t('profile.noSmartAccount')}
              </p></li>`
        }
      </ul>
      ${error}
    </div>`
  }
}

define('w3m-profile-wallets-view', W3mProfileWalletsView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-profile-wallets-view': W3mProfileWalletsView
  }
}
