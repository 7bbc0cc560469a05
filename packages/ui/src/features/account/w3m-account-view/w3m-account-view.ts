import { Task, TaskStatus } from '@lit/task'
import {
  $accountNames,
  $activeAccount,
  $activeNetwork,
  $features,
  $onrampServed,
  $options,
  $registeredName,
  ACTIVITY_NAMESPACES,
  type ChainNamespace,
  type ConnectedWalletInfo,
  checkOnrampServed,
  closeModal,
  disconnect,
  displayAuthName,
  lookupAccountName,
  NAME_NAMESPACES,
  NFT_NAMESPACES,
  push,
  refreshBalance,
  reset,
  showSnack,
  storage,
  swapSupported,
  truncateAddress,
  WALLET_FEATURE_VIEWS,
  type WalletFeature,
  walletFeatures,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-avatar/wui-avatar.js'
import { KeyboardNavigationController } from '../../../controllers/keyboard-navigation.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tError } from '../../../i18n/coded.js'
import { dirFor, type MessageKey, t } from '../../../i18n/index.js'
import '../strings/en.js'
import { views } from '../../../router/routes.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { networkImageStyles } from '../../../styles/shared.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { groupDecimal } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { explorerAddressUrl, supportedNetwork } from '../../../utils/network.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import '../w3m-account-activity/w3m-account-activity.js'
import '../w3m-account-nfts/w3m-account-nfts.js'
import '../w3m-account-tokens/w3m-account-tokens.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { styles } from './w3m-account-view.styles.js'

const FEATURE_LABEL: Record<WalletFeature, MessageKey> = {
  onramp: 'account.feature.onramp',
  swaps: 'account.feature.swaps',
  receive: 'account.feature.receive',
  send: 'account.feature.send',
}

const FEATURE_ICON: Record<WalletFeature, Parameters<typeof icon>[0]> = {
  onramp: 'card',
  swaps: 'swap',
  receive: 'receive',
  send: 'send',
}

/** The Account tabs of spec §2. */
export type AccountTab = 'tokens' | 'nfts' | 'activity'

const TAB_LABEL: Record<AccountTab, MessageKey> = {
  tokens: 'account.tab.tokens',
  nfts: 'account.tab.nfts',
  activity: 'account.tab.activity',
}

/**
 * The tabs a namespace has (spec §9): tokens everywhere; NFTs and activity where our server
 * indexes them (EVM), activity unless the host turned the feature off.
 */
function tabsFor(namespace: ChainNamespace | undefined, activity: boolean): AccountTab[] {
  const tabs: AccountTab[] = ['tokens']
  if (namespace && NFT_NAMESPACES.includes(namespace)) tabs.push('nfts')
  if (namespace && activity && ACTIVITY_NAMESPACES.includes(namespace)) tabs.push('activity')
  return tabs
}

/**
 * @summary Account: avatar (the profile image when safe, else a gradient derived from the
 * address), profile name or truncated address (4/6) with a copy button, native balance
 * (3 decimals truncated, grouped as the locale groups numbers, a skeleton while loading), the
 * wallet feature buttons in the spec's order (on-ramp, swaps, receive, send: each only when its
 * flag is on, the namespace supports it and its view is built), "Choose a name" on EVM accounts
 * without one, the network (opens Networks), a link to the address on the network's block explorer,
 * Disconnect, and the tabs Tokens, NFTs and Activity (WAI-ARIA tabs: arrow keys, Home and
 * End move between them; NFTs and Activity only where the server indexes them).
 *
 * @csspart avatar - The account avatar.
 * @csspart copy-button - Copies the address.
 * @csspart balance - The balance line.
 * @csspart network-button - Opens Networks.
 * @csspart explorer-link - Opens the address on the block explorer in a new tab.
 * @csspart disconnect-button - Disconnects and closes the modal.
 * @csspart choose-name-button - Opens RegisterAccountName.
 * @csspart email - The e-mail of an e-mail login (embedded wallet).
 * @csspart update-email-button - Opens UpdateEmailWallet.
 * @csspart change-recovery-button - Opens ChangeRecovery (only when the secure frame can
 *   change the recovery factor).
 * @csspart storage-note - Said under the e-mail when the secure frame's storage does not last
 *   (every visit is a new device).
 * @csspart features - The wallet feature buttons.
 * @csspart feature-button - One feature button (`data-feature` names it).
 * @csspart tabs - The tab list.
 * @csspart tab - One tab.
 * @csspart tab-panel - The panel of the selected tab.
 */
export class W3mAccountView extends OpenModalElement {
  static override properties = {
    disconnecting: { state: true },
    tab: { state: true },
    storageLost: { state: true },
    recoveryChange: { state: true },
  }
  static override styles = [base, iconStyles, viewStyles, styles, networkImageStyles]

  declare disconnecting: boolean
  /** The selected tab. */
  declare tab: AccountTab
  /** The e-mail login's frame keeps nothing across visits (its `persistentStorage` is false). */
  declare storageLost: boolean
  /** The e-mail login's frame said it can change the recovery factor (ChangeRecovery). */
  declare recoveryChange: boolean
  // The current watch of the frame's storage (see watchStorage).
  private storageWatch: { stop?: () => void } | undefined

  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly features = new StoreController(this, $features)
  private readonly onrampServed = new StoreController(this, $onrampServed)
  private readonly registered = new StoreController(this, $registeredName)
  private readonly names = new StoreController(this, $accountNames)

  constructor() {
    super()
    this.disconnecting = false
    this.tab = 'tokens'
    this.storageLost = false
    this.recoveryChange = false
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.storageWatch?.stop?.()
    this.storageWatch = undefined
  }

  /**
   * Follows what the e-mail login's frame says of its storage. The frame side is loaded
   * already (the visitor is logged in with it), so this loads nothing new.
   */
  private watchStorage(): void {
    const entry = $options.get()?.embeddedWallet
    if (this.storageWatch || !entry) return
    const watch: { stop?: () => void } = {}
    this.storageWatch = watch
    entry
      .load()
      .then((loaded) => {
        if (this.storageWatch !== watch) return
        this.storageLost = loaded.persistentStorage === false
        watch.stop = loaded.onStorage((persistent) => {
          this.storageLost = !persistent
        })
        return loaded.canChangeRecovery().then((can) => {
          if (this.storageWatch === watch) this.recoveryChange = can
        })
      })
      // A frame that failed to load has nothing to say here; its error shows where it failed.
      .catch(() => undefined)
  }

  // WAI-ARIA tabs: the selected tab is the Tab stop; arrows, Home and End select and focus.
  private readonly nav = new KeyboardNavigationController(this, {
    layout: 'tabs',
    items: () => this.tabButtons(),
    current: () => this.tabButtons().findIndex((tab) => tab.dataset.tab === this.tab),
    move: (index) => {
      const tab = this.tabButtons()[index]?.dataset.tab as AccountTab | undefined
      if (tab) this.select(tab, true)
    },
    // In a right-to-left layout the next tab is on the left.
    rtl: () => dirFor(this.locale.value) === 'rtl',
    // The template binds each tab's tabindex from the selection.
    roving: false,
  })

  private tabButtons(): HTMLElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[role="tab"]')]
  }

  private select(tab: AccountTab, focus: boolean): void {
    this.tab = tab
    if (!focus) return
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(`#tab-${tab}`)?.focus(),
    )
  }

  private renderTabs(namespace: ChainNamespace | undefined) {
    const tabs = tabsFor(namespace, this.features.value?.activity !== false)
    const selected = tabs.includes(this.tab) ? this.tab : 'tokens'
    const panel = (tab: AccountTab) => {
      if (tab === 'nfts') return html`<w3m-account-nfts></w3m-account-nfts>`
      if (tab === 'activity') return html`<w3m-account-activity></w3m-account-activity>`
      return html`<w3m-account-tokens></w3m-account-tokens>`
    }
    if (tabs.length === 1) {
      return html`<section class="tabs wide" aria-labelledby="tab-tokens">
        <h3 class="tab-heading" id="tab-tokens">${t('account.tab.tokens')}</h3>
        <div part="tab-panel">${panel('tokens')}</div>
      </section>`
    }
    return html`<div class="tabs wide">
      <div
        class="tablist"
        role="tablist"
        part="tabs"
        aria-label=${t('account.tabs')}
        @keydown=${this.nav.onKeydown}
      >
        ${tabs.map(
          (tab) => html`<button
            role="tab"
            part="tab"
            id=${`tab-${tab}`}
            data-tab=${tab}
            aria-selected=${tab === selected ? 'true' : 'false'}
            aria-controls=${`panel-${tab}`}
            tabindex=${tab === selected ? 0 : -1}
            @click=${() => this.select(tab, false)}
          >
            ${t(TAB_LABEL[tab])}
          </button>`,
        )}
      </div>
      ${tabs.map(
        (tab) => html`<div
          role="tabpanel"
          part=${tab === selected ? 'tab-panel' : ''}
          id=${`panel-${tab}`}
          aria-labelledby=${`tab-${tab}`}
          tabindex="0"
          ?hidden=${tab !== selected}
        >
          ${tab === selected ? panel(tab) : nothing}
        </div>`,
      )}
    </div>`
  }

  /**
   * Whether the server swaps on the active chain (`GET /v1/swap/chains`, asked once per page):
   * asked again when the chain changes, an answer for a chain left behind dropped.
   */
  private readonly swapSupport = new Task(this, {
    task: ([chainId]) => swapSupported(chainId),
    args: () => {
      const chainId = supportedNetwork(this.network.value)?.caipNetworkId
      return [this.features.value?.swaps === false ? undefined : chainId] as const
    },
  })

  /** Until the server answered for this chain, and where it does not swap, no Swap button. */
  private swapsHere(): boolean {
    return this.swapSupport.status === TaskStatus.COMPLETE && this.swapSupport.value === true
  }

  private renderFeatures(namespace: ChainNamespace | undefined) {
    // Buy only where the project server offers a provider for the active chain; Swap only
    // where the server lists the chain.
    const chainId = supportedNetwork(this.network.value)?.caipNetworkId
    if (chainId && this.features.value?.onramp) checkOnrampServed({ chainId })
    const offered = walletFeatures(
      this.features.value,
      namespace,
      (view) => Boolean(views[view]) && (view !== 'Swap' || this.swapsHere()),
    ).filter(
      (feature) =>
        feature !== 'onramp' ||
        (chainId !== undefined && this.onrampServed.value[chainId] === true),
    )
    if (offered.length === 0) return nothing
    return html`<div class="features" part="features" role="group" aria-label=${t('account.features')}>
      ${offered.map(
        (feature) => html`<button
          class="feature"
          part="feature-button"
          data-feature=${feature}
          @click=${() => push(WALLET_FEATURE_VIEWS[feature])}
        >
          ${icon(FEATURE_ICON[feature])}
          <span>${t(FEATURE_LABEL[feature])}</span>
        </button>`,
      )}
    </div>`
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

  /**
   * An e-mail or social login shows its social username (Discord's `#0` stripped) or e-mail
   * (truncated over 30 characters, spec §5) instead of a wallet name. Only an e-mail login can
   * change its e-mail here.
   */
  private renderEmail(info: ConnectedWalletInfo | undefined) {
    const email = info?.email
    // A social login's provider and username, as stored for the embedded wallet (spec §3).
    const provider =
      info?.identifier === this.embeddedId() ? storage.get('socialProvider') : undefined
    const social = provider !== undefined
    const name = displayAuthName({
      email,
      socialUsername: provider ? storage.get('socialUsername') : undefined,
      socialProvider: provider,
    })
    if (!name) return nothing
    this.watchStorage()
    return html`<p class="muted email" part="email" data-email title=${email ?? name}>
        ${name}
      </p>
      ${
        this.storageLost
          ? html`<p class="muted storage-note" part="storage-note" data-storage-note role="note">
            ${t('account.storageNotPersistent')}
          </p>`
          : nothing
      }
      ${
        social || !email
          ? nothing
          : html`<button
        class="link"
        part="update-email-button"
        @click=${() => push('UpdateEmailWallet', { email, redirectView: 'Account' })}
      >
        ${t('account.updateEmail')}
      </button>`
      }
      ${
        // ChangeRecovery: only when the frame said it can (the code goes to the e-mail).
        email && this.recoveryChange
          ? html`<button
              class="link"
              part="change-recovery-button"
              @click=${() => push('ChangeRecovery')}
            >
              ${t('account.changeRecovery')}
            </button>`
          : nothing
      }
      ${
        // ProfileWallets (features/profile): the EOA and the smart account, on a network that
        // has smart accounts (the embedded wallet stored the list after the login).
        info?.identifier === this.embeddedId() && this.smartAccountNetwork()
          ? html`<button
              class="link"
              part="profile-wallets-button"
              @click=${() => push('ProfileWallets')}
            >
              ${t('view.ProfileWallets')}
            </button>`
          : nothing
      }`
  }

  private smartAccountNetwork(): boolean {
    const [namespace, reference] = this.network.value?.caipNetworkId.split(':') ?? []
    const enabled = storage.get('smartAccountEnabledNetworks') ?? []
    return namespace === 'eip155' && enabled.includes(Number(reference))
  }

  /** The embedded wallet's connector id, when the modal has one. */
  private embeddedId(): string | undefined {
    return $options.get()?.embeddedWallet?.id
  }

  override render() {
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
    const namespace = supported?.chainNamespace
    const registered = this.registered.value
    const namesHere = Boolean(namespace && NAME_NAMESPACES.includes(namespace))
    const known = this.names.value[address.toLowerCase()]
    if (namesHere && !account.profileName && known === undefined) {
      // Once per address (cached 5 min): "Choose a name" only shows when the server says none.
      void lookupAccountName(address)
    }
    // The name registered on our server (RegisterAccountName) shows where no identity name does:
    // on test networks too, where spec §5 clears identity names.
    const registeredName =
      (namesHere ? known : undefined) ??
      (registered?.address.toLowerCase() === address.toLowerCase() ? registered.name : undefined)
    const canChooseName =
      namesHere &&
      !account.profileName &&
      known === null &&
      registered?.address.toLowerCase() !== address.toLowerCase()
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
          ${account.profileName ?? registeredName ?? truncateAddress(address)}
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
      ${this.renderEmail(account.connectedWalletInfo)}
      <p class="balance" part="balance" data-balance aria-busy=${loading ? 'true' : 'false'}>
        ${
          loading
            ? html`<span class="skeleton" data-skeleton aria-hidden="true"></span>
                <span class="visually-hidden">${t('account.balanceLoading')}</span>`
            : // A network that does not answer has no balance to show: a dash, never a made-up 0.
              `${account.balance === undefined ? '—' : groupDecimal(account.balance, this.locale.value, 3)} ${account.balanceSymbol ?? supported?.nativeCurrency.symbol ?? ''}`.trim()
        }
      </p>
      ${
        account.balanceUnavailable && namespace
          ? html`<p class="muted" data-balance-unavailable>${t('account.balanceUnavailable')}</p>
              <button
                class="link"
                part="balance-retry-button"
                @click=${() => void refreshBalance(namespace, { force: true })}
              >
                ${t('common.tryAgain')}
              </button>`
          : nothing
      }
      ${this.renderFeatures(namespace)}
      ${
        canChooseName
          ? html`<button
              class="link"
              part="choose-name-button"
              @click=${() => push('RegisterAccountName')}
            >
              ${t('account.chooseName')}
            </button>`
          : nothing
      }
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
      ${this.renderTabs(namespace)}
    </div>`
  }
}

define('w3m-account-view', W3mAccountView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-view': W3mAccountView
  }
}
