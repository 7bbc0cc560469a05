import {
  $options,
  closeModal,
  connect,
  type RouterData,
  reset,
  showSnack,
  type WalletConnectLoaded,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-qr-code/wui-qr-code.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController, silentWhenClosed } from '../../../controllers/attempt-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import {
  isMobileBrowser,
  openWalletLink,
  type WalletLink,
  walletConnectLink,
} from '../../../utils/wallet-links.js'
import { styles } from './w3m-connecting-walletconnect-view.styles.js'

/**
 * @summary ConnectingWalletConnect: loads the host's `walletConnect` entry (an `import()`),
 * proposes a session through core's `connect()` and shows its pairing URI as a QR code (the
 * chosen registry wallet's icon in the centre), with Copy link and the wallet's deep links.
 * A URI about to expire is replaced without user action; a refusal shows "Connection
 * rejected" and Try again makes a new URI. The URI on screen is in `data-uri` (automation).
 *
 * @csspart qr - The QR code (`data-uri` holds the URI).
 * @csspart copy-button - Copies the URI.
 * @csspart open-button - Opens the URI in the wallet app (`data-kind` mobile, desktop, webapp).
 * @csspart retry-button - Try again (a new URI).
 */
export class W3mConnectingWalletConnectView extends OpenModalElement {
  static override properties = {
    data: { attribute: false },
    uri: { state: true },
    renewed: { state: true },
  }

  static override styles = [base, iconStyles, viewStyles, styles]

  /** Router data: `wallet` is the registry wallet chosen, if any. */
  declare data: RouterData | undefined
  /** The pairing URI on screen. */
  declare uri: string | undefined
  /** The URI on screen replaced an expired one. */
  declare renewed: boolean

  /** The plain QR flow (ConnectingWalletConnectBasic): no wallet icon, no deep links. */
  protected basic = false

  private readonly attempt = new AttemptController(this, {
    firstRun: () => this.start(),
    message: silentWhenClosed,
  })
  private loaded: WalletConnectLoaded | undefined
  private offUri: (() => void) | undefined

  constructor() {
    super()
    this.renewed = false
  }

  /** The failure shown with Try again, if any. */
  get error(): string | undefined {
    return this.attempt.error
  }

  /** Starts (or retries) the proposal: a new URI each time. */
  async start(): Promise<void> {
    const entry = $options.get()?.walletConnect
    if (!entry) {
      this.attempt.fail(t('walletConnect.notConfigured'))
      return
    }
    this.uri = undefined
    this.renewed = false
    const ok = await this.attempt.run(async () => {
      const loaded = await entry.load()
      this.listen(loaded)
      await connect({ connectorId: entry.id })
    })
    if (ok && this.isConnected && !closeModal()) reset('Account')
  }

  private listen(loaded: WalletConnectLoaded): void {
    if (this.loaded === loaded) return
    this.offUri?.()
    this.loaded = loaded
    this.offUri = loaded.onUri(({ uri }) => {
      // A second URI in one attempt replaces one about to expire (spec §4).
      this.renewed = this.uri !== undefined && this.attempt.pending
      this.uri = uri
    })
    if (loaded.pairing) this.uri = loaded.pairing.uri
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.offUri?.()
    this.offUri = undefined
    // The visitor left the QR view: the proposal must not become a session later.
    if (this.attempt.pending) this.loaded?.cancelPairing()
    this.loaded = undefined
  }

  private async copy(): Promise<void> {
    if (!this.uri) return
    try {
      await navigator.clipboard.writeText(this.uri)
      showSnack(t('walletConnect.copied'), { variant: 'success' })
    } catch {
      showSnack(t('walletConnect.copyFailed'), { variant: 'error' })
    }
  }

  /** The wallet's deep links for the URI on screen, safe ones only (mobile first on phones). */
  private links(): Array<{ kind: 'mobile' | 'desktop' | 'webapp'; link: WalletLink }> {
    const wallet = this.data?.wallet
    const uri = this.uri
    if (this.basic || !wallet || !uri) return []
    const kinds = isMobileBrowser()
      ? (['mobile', 'webapp'] as const)
      : (['desktop', 'webapp', 'mobile'] as const)
    const found = kinds.flatMap((kind) => {
      const link = walletConnectLink(wallet[`${kind}Link`], uri, kind)
      return link ? [{ kind, link }] : []
    })
    // One button per platform: the first app link, and the web app.
    return found.filter(
      (f, i) => f.kind === 'webapp' || found.findIndex((g) => g.kind !== 'webapp') === i,
    )
  }

  override render() {
    const wallet = this.basic ? undefined : this.data?.wallet
    const stale = Boolean(this.error)
    const status = this.error
      ? html`<p class="error-text" data-error>${this.error}</p>`
      : this.renewed
        ? html`<p class="muted" data-renewed>${t('walletConnect.refreshed')}</p>`
        : html`<p class="muted">${this.uri ? t('walletConnect.hint') : t('walletConnect.preparing')}</p>`
    return html`<div class="center">
      <div class="qr-frame" ?data-stale=${stale}>
        ${
          this.uri
            ? html`<wui-qr-code
                part="qr"
                data-uri=${this.uri}
                .value=${this.uri}
                .image=${safeImageUrl(wallet?.imageUrl)}
                label=${t('walletConnect.qrLabel')}
              ></wui-qr-code>`
            : this.error
              ? html`<span class="logo">${icon('wallet')}</span>`
              : html`<wui-spinner></wui-spinner>`
        }
      </div>
      <p class="headline">
        ${wallet ? t('walletConnect.scanWith', { name: wallet.name }) : t('walletConnect.scan')}
      </p>
      <div class="status" aria-live="polite">${status}</div>
      <div class="actions">
        ${this.links().map(
          ({ kind, link }) =>
            html`<button
              class="button-primary wide"
              part="open-button"
              data-kind=${kind}
              @click=${() => openWalletLink(link)}
            >
              ${
                kind === 'webapp'
                  ? t('walletConnect.openWeb', { name: wallet?.name ?? '' })
                  : t('walletConnect.openApp', { name: wallet?.name ?? '' })
              }
            </button>`,
        )}
        ${
          this.uri && !stale
            ? html`<button class="button-secondary wide" part="copy-button" @click=${() => this.copy()}>
                ${t('walletConnect.copy')}
              </button>`
            : nothing
        }
        ${
          this.error
            ? html`<button class="button-primary wide" part="retry-button" @click=${() => this.start()}>
                ${t('common.tryAgain')}
              </button>`
            : nothing
        }
      </div>
    </div>`
  }
}

/**
 * @summary ConnectingWalletConnectBasic: the plain QR flow of ConnectingWalletConnect (no
 * wallet icon, no deep links).
 */
export class W3mConnectingWalletConnectBasicView extends W3mConnectingWalletConnectView {
  protected override basic = true
}

define('w3m-connecting-walletconnect-view', W3mConnectingWalletConnectView)
define('w3m-connecting-walletconnect-basic-view', W3mConnectingWalletConnectBasicView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-connecting-walletconnect-view': W3mConnectingWalletConnectView
    'w3m-connecting-walletconnect-basic-view': W3mConnectingWalletConnectBasicView
  }
}
