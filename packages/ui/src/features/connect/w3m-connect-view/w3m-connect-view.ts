import {
  $connectors,
  $features,
  $options,
  $recentWallets,
  $remoteConfig,
  type Connector,
  push,
  type ResolvedOptions,
  type RouterData,
  startSocialLogin,
} from '@openmodal/core/internal'
import { $connectList } from '@openmodal/core/registry'
import { html, nothing, type TemplateResult } from 'lit'
import { icon } from '../../../components/icons.js'
import type { WuiSelectEvent } from '../../../components/wui-wallet-list/wui-wallet-list.js'
import '../../../components/wui-wallet-list/wui-wallet-list.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tParts } from '../../../i18n/coded.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { selectRegistryWallet } from '../../../utils/registry-wallet.js'
import { safeLinkUrl } from '../../../utils/safe-url.js'
import { warmStyles } from '../../../utils/warm.js'
import { SOCIAL_NAMES } from '../../social/names.js'
import { styles } from './w3m-connect-view.styles.js'

export type ConnectMethod = NonNullable<ResolvedOptions['connectMethodsOrder']>[number]

/** Connector types that mean "a wallet is present in this browser" (spec §2 order rule). */
const PRESENT_TYPES: ReadonlySet<Connector['type']> = new Set([
  'INJECTED',
  'ANNOUNCED',
  'MULTI_CHAIN',
])

/**
 * The order of the connection methods (spec §2): the host's `connectMethodsOrder` when set;
 * otherwise email, social, wallet, or wallet first when an installed or announced wallet
 * is visible.
 *
 * @example
 * connectMethodOrder(undefined, [{ type: 'ANNOUNCED', … }]) // ['wallet', 'email', 'social']
 */
export function connectMethodOrder(
  override: readonly ConnectMethod[] | undefined,
  connectors: readonly Pick<Connector, 'type'>[],
): ConnectMethod[] {
  if (override?.length) return [...override]
  return connectors.some((c) => PRESENT_TYPES.has(c.type))
    ? ['wallet', 'email', 'social']
    : ['email', 'social', 'wallet']
}

type Features = ResolvedOptions['features']
type SocialProvider = Exclude<Features['socials'], false>[number]

/**
 * The social providers whose buttons show, in the order of `features.socials`: only those the
 * project's server reports working (`socialProviders` of the project config). A button for a
 * provider the server cannot log in with would pretend, so none shows before the config loads.
 *
 * @example
 * usableSocials({ socials: ['google', 'x'] }, ['x']) // ['x']
 * usableSocials({ socials: ['google'] }, undefined) // []
 */
export function usableSocials(
  features: Pick<Features, 'socials'> | undefined,
  configured: readonly string[] | undefined,
): SocialProvider[] {
  const socials = features?.socials
  if (!Array.isArray(socials) || !configured) return []
  return socials.filter((provider) => configured.includes(provider))
}

/**
 * The methods that can work now: e-mail and social need the embedded-wallet connector
 * (type AUTH) and their feature switch, social also a provider the server reports working
 * (`usableSocials`); wallets are always offered.
 */
export function availableMethods(
  order: readonly ConnectMethod[],
  connectors: readonly Pick<Connector, 'type'>[],
  options: Pick<ResolvedOptions, 'features'> | null,
  configuredSocials?: readonly string[],
): ConnectMethod[] {
  const hasAuth = connectors.some((c) => c.type === 'AUTH')
  const features = options?.features
  return order.filter((method) => {
    if (method === 'wallet') return true
    if (!hasAuth) return false
    if (method === 'email') return features?.email !== false
    return usableSocials(features, configuredSocials).length > 0
  })
}

/**
 * Whether the wallet list shows on Connect or only behind the "All Wallets" button:
 * `collapseWallets` collapses it always, `emailShowWallets: false` whenever e-mail login is
 * offered on the same screen. The list stays when the "All Wallets" button is off (`allWallets:
 * false`): nothing else would lead to the wallets.
 *
 * @example
 * walletsCollapsed({ collapseWallets: true, allWallets: true, emailShowWallets: true }, ['wallet']) // true
 * walletsCollapsed({ collapseWallets: false, allWallets: true, emailShowWallets: false }, ['email', 'wallet']) // true
 */
export function walletsCollapsed(
  features: Pick<Features, 'collapseWallets' | 'allWallets' | 'emailShowWallets'> | undefined,
  methods: readonly ConnectMethod[],
): boolean {
  if (!features || features.allWallets === false) return false
  return (
    features.collapseWallets === true ||
    (features.emailShowWallets === false && methods.includes('email'))
  )
}

/**
 * The visitor ticked the legal checkbox (`features.legalCheckbox`) in this page: kept while the
 * modal moves between views, forgotten on reload. One Connect view shows at a time, so a module
 * variable the view copies into its state is enough.
 */
export const legalCheckbox = { accepted: false }

/**
 * @summary The Connect view: connection methods in the spec's order, the wallet list (arrow
 * keys move, Enter picks) and the legal footer when the host set terms/privacy URLs.
 *
 * @csspart method - Each method section (`data-method` email, social or wallet).
 * @csspart legal - The legal footer, or with `features.legalCheckbox` the checkbox to accept it.
 * @csspart branding - The "UX by OpenModal" line (`features.reownBranding`).
 */
export class W3mConnectView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
    accepted: { state: true },
  }

  static override styles = [base, iconStyles, viewStyles, styles]

  /** Router data: `namespace` lists only wallets of that namespace (from SwitchActiveChain). */
  declare data: RouterData | undefined
  /** The legal checkbox is ticked (`legalCheckbox.accepted`, kept across views). */
  declare accepted: boolean

  constructor() {
    super()
    this.accepted = legalCheckbox.accepted
  }

  private readonly connectors = new StoreController(this, $connectors)
  private readonly recent = new StoreController(this, $recentWallets)
  private readonly options = new StoreController(this, $options)
  private readonly features = new StoreController(this, $features)
  private readonly remote = new StoreController(this, $remoteConfig)
  // Discovered connectors plus the registry's featured and recommended wallets, in order.
  private readonly list = new StoreController(this, $connectList)

  /** The legal links the host set, safe to link to. */
  private legalLinks() {
    return {
      terms: safeLinkUrl(this.options.value?.termsConditionsUrl),
      privacy: safeLinkUrl(this.options.value?.privacyPolicyUrl),
    }
  }

  /**
   * Every connect method waits for the legal checkbox: on when the host turned it on and set a
   * terms or privacy link (without one there is nothing to accept), until the visitor ticks it.
   */
  private locked(): boolean {
    if (this.features.value?.legalCheckbox !== true || this.accepted) return false
    const { terms, privacy } = this.legalLinks()
    return Boolean(terms || privacy)
  }

  /**
   * Runs a connect method's action unless the legal checkbox is unticked; then the focus goes to
   * the checkbox, whose description says why nothing happened.
   */
  private guard(action: () => void): void {
    if (!this.locked()) {
      action()
      return
    }
    this.renderRoot.querySelector<HTMLInputElement>('#legal-accept')?.focus()
  }

  private readonly onSelect = async (event: WuiSelectEvent) => {
    if (this.locked()) {
      this.guard(() => {})
      return
    }
    const entry = this.list.value.find(
      (e) => e.kind === 'registry' && `registry:${e.wallet.id}` === event.id,
    )
    if (entry?.kind === 'registry') {
      // Not installed: the WalletConnect hook, or AllWallets showing the wallet's links.
      const outcome = await selectRegistryWallet(entry.wallet)
      if (outcome === 'links') push('AllWallets', { wallet: entry.wallet })
      return
    }
    const connector = this.connectors.value.find((c) => c.id === event.id)
    if (!connector) return
    const namespace = this.data?.namespace
    push(connector.type === 'WALLET_CONNECT' ? 'ConnectingWalletConnect' : 'ConnectingExternal', {
      connectorId: connector.id,
      ...(namespace ? { namespace } : {}),
    })
  }

  private renderWallets(collapsed: boolean): TemplateResult {
    if (collapsed) return this.renderAllWalletsButton()
    const recentIds = this.recent.value.map((r) => r.id)
    // From SwitchActiveChain: only the wallets of that namespace.
    const namespace = this.data?.namespace
    const entries = this.list.value.filter((entry) =>
      !namespace
        ? true
        : entry.kind === 'connector'
          ? entry.connector.namespaces.includes(namespace)
          : entry.wallet.chains.some((chain) => chain.split(':')[0] === namespace),
    )
    if (entries.length === 0) {
      return html`<div class="empty">
        <span class="logo">${icon('wallet')}</span>
        <p class="headline">${t('connect.empty')}</p>
        <p class="muted small">${t('connect.emptyHint')}</p>
      </div>`
    }
    const items = entries.map((entry) => {
      if (entry.kind === 'registry') {
        const { wallet } = entry
        return {
          id: `registry:${wallet.id}`,
          name: wallet.name,
          imageUrl: wallet.imageUrl,
          imageFromServer: true,
        }
      }
      const c = entry.connector
      const tag = recentIds.includes(c.id)
        ? t('connect.recent')
        : c.installed
          ? t('connect.installed')
          : undefined
      return {
        id: c.id,
        name: c.name,
        ...(c.imageUrl ? { imageUrl: c.imageUrl } : {}),
        ...(tag ? { tag } : {}),
      }
    })
    return html`<wui-wallet-list
        .wallets=${items}
        label=${t('connect.wallets')}
        @wui-select=${this.onSelect}
      ></wui-wallet-list>
      ${this.features.value?.allWallets === false ? nothing : this.renderAllWalletsButton()}`
  }

  private renderAllWalletsButton(): TemplateResult {
    return html`<button
      class="button-secondary wide all-wallets"
      @click=${() => this.guard(() => push('AllWallets'))}
    >
      ${t('connect.allWallets')}
    </button>`
  }

  /** The providers the project's server reports working (none until its config loaded). */
  private configuredSocials(): readonly string[] | undefined {
    const remote = this.remote.value
    return remote.status === 'loaded' ? remote.config.socialProviders : undefined
  }

  private renderSocials(): TemplateResult {
    const providers = usableSocials(this.features.value, this.configuredSocials())
    return html`<div class="socials" role="group" aria-label=${t('connect.socials')}>
      ${providers.map(
        (provider) =>
          html`<button
            class="button-secondary wide"
            data-provider=${provider}
            @click=${() =>
              this.guard(() => {
                // Sign In With Farcaster has no popup: its view shows the QR code.
                if (provider === 'farcaster') return push('ConnectingFarcaster')
                // The popup opens inside the click, before anything awaits (spec §4).
                startSocialLogin(provider)
                push('ConnectingSocial')
              })}
          >
            ${t('connect.social', { provider: SOCIAL_NAMES[provider] ?? provider })}
          </button>`,
      )}
    </div>`
  }

  private renderMethod(method: ConnectMethod, collapsed: boolean): TemplateResult {
    const content =
      method === 'wallet'
        ? this.renderWallets(collapsed)
        : method === 'email'
          ? html`<button
              class="button-secondary wide"
              @click=${() => this.guard(() => push('EmailLogin'))}
            >
              ${t('connect.email')}
            </button>`
          : this.renderSocials()
    return html`<section part="method" data-method=${method}>${content}</section>`
  }

  /** The legal sentence `key` with the terms and privacy links in its placeholders. */
  private legalText(key: Parameters<typeof tParts>[0], terms?: string, privacy?: string) {
    const link = (href: string | undefined, text: string) =>
      href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${text}</a>` : nothing
    return tParts(key).map((part) =>
      typeof part === 'string'
        ? part
        : part.slot === 'terms'
          ? link(terms, t('legal.termsLink'))
          : link(privacy, t('legal.privacyLink')),
    )
  }

  private renderLegal() {
    const { terms, privacy } = this.legalLinks()
    if ((!terms && !privacy) || this.features.value?.legalCheckbox === true) return nothing
    const key = terms && privacy ? 'legal.both' : terms ? 'legal.terms' : 'legal.privacy'
    return html`<p class="legal" part="legal">${this.legalText(key, terms, privacy)}</p>`
  }

  /** The legal checkbox (spec §9 "legal checkbox"), above the methods it gates. */
  private renderLegalCheckbox() {
    const { terms, privacy } = this.legalLinks()
    if ((!terms && !privacy) || this.features.value?.legalCheckbox !== true) return nothing
    const key =
      terms && privacy ? 'legal.agreeBoth' : terms ? 'legal.agreeTerms' : 'legal.agreePrivacy'
    const locked = this.locked()
    return html`<div class="legal-check" part="legal">
      <input
        id="legal-accept"
        type="checkbox"
        .checked=${this.accepted}
        aria-describedby=${locked ? 'legal-required' : nothing}
        @change=${(event: Event) => {
          this.accepted = (event.target as HTMLInputElement).checked
          legalCheckbox.accepted = this.accepted
        }}
      />
      <label for="legal-accept">${this.legalText(key, terms, privacy)}</label>
      ${
        locked
          ? html`<p id="legal-required" class="legal-required">${t('legal.required')}</p>`
          : nothing
      }
    </div>`
  }

  private renderBranding() {
    if (this.features.value?.reownBranding !== true) return nothing
    return html`<p class="branding" part="branding">${t('connect.branding')}</p>`
  }

  override render() {
    const connectors = this.connectors.value
    const order = connectMethodOrder(this.options.value?.connectMethodsOrder, connectors)
    const features = this.features.value
    const methods = availableMethods(
      order,
      connectors,
      features ? { features } : null,
      this.configuredSocials(),
    )
    const collapsed = walletsCollapsed(features, methods)
    const locked = this.locked()
    return html`${this.renderLegalCheckbox()}
      <div
        class="methods"
        role="group"
        aria-disabled=${locked ? 'true' : nothing}
        aria-describedby=${locked ? 'legal-required' : nothing}
      >
        ${methods.map(
          (method, index) =>
            html`${
              index > 0
                ? html`<div class="divider" aria-hidden="true">${t('connect.or')}</div>`
                : nothing
            }${this.renderMethod(method, collapsed)}`,
        )}
      </div>
      ${this.renderLegal()}${this.renderBranding()}`
  }
}

define('w3m-connect-view', W3mConnectView)
// The usual first view: its stylesheets are built when its group loads (the page is idle, or
// the pointer is on the button), not in the opening frame.
warmStyles(['w3m-connect-view', 'wui-wallet-list'])

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connect-view': W3mConnectView
  }
}
