import {
  $activeNetwork,
  $features,
  $sendDraft,
  $sendTokens,
  $sendTransfer,
  BaseError,
  estimateNativeFee,
  formatUnits,
  isAddressFor,
  loadSendTokens,
  maxSendAmount,
  push,
  resolveReceiver,
  setReceiver,
  truncateAddress,
  updateSendDraft,
  walletFeatureBlock,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-avatar/wui-avatar.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tError } from '../../../i18n/coded.js'
import { dirFor, t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { localBalance, localFiat } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { supportedNetwork } from '../../../utils/network.js'
import { pause } from '../../../utils/pause.js'
import { safeAssetImageUrl, safeImageUrl } from '../../../utils/safe-url.js'
import { sendStyles } from '../send-styles.js'

/** Spec §9 "debounce default 500 ms": a typed name is looked up once typing pauses. */
const NAME_DEBOUNCE_MS = 500

/** A plain decimal being typed: digits, one dot (a comma typed is read as the dot). */
const normalizeAmount = (text: string) => text.trim().replace(',', '.')

/**
 * @summary WalletSend: the token to send (opens WalletSendSelectToken; the native token is
 * picked first), the amount with "Max" (the balance, less the estimated network fee for the
 * native token) and its fiat value, and the receiver: an address of the active namespace, or
 * on EVM a name (ENS or one registered on our server) shown with the address it resolves to
 * and its avatar. The spec §5 texts ("A token is required", "An amount and receiver address
 * are required"), too many decimals and an insufficient balance show under the form before
 * "Preview" opens WalletSendPreview. Where sending is off or the namespace cannot send, says so.
 *
 * @csspart token-button - Opens the token picker.
 * @csspart amount-input - The amount field.
 * @csspart max-button - Fills in the most that can be sent.
 * @csspart receiver-input - The receiver field (address or name).
 * @csspart resolved - The address a name resolved to.
 * @csspart status - The live line under the form.
 * @csspart preview-button - Opens WalletSendPreview.
 */
export class W3mWalletSendView extends OpenModalElement {
  static override properties = {
    receiverText: { state: true },
    formError: { state: true },
  }
  static override styles = [base, iconStyles, viewStyles, sendStyles]

  /** What the receiver field holds (an address or a name). */
  declare receiverText: string
  /** The first broken rule, once "Preview" was tried. */
  declare formError: string | undefined

  private readonly draft = new StoreController(this, $sendDraft)
  private readonly parsed = new StoreController(this, $sendTransfer)
  private readonly tokens = new StoreController(this, $sendTokens)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly features = new StoreController(this, $features)
  /** The lookup of a typed name (debounced; a newer one supersedes it). */
  private readonly lookup = new AttemptController(this)
  /** "Max": the network fee estimate it waits for. */
  private readonly max = new AttemptController(this)

  constructor() {
    super()
    const draft = $sendDraft.get()
    this.receiverText = draft.receiverProfileName ?? draft.receiverAddress ?? ''
    this.formError = undefined
  }

  override connectedCallback(): void {
    super.connectedCallback()
    const draft = $sendDraft.get()
    this.receiverText = draft.receiverProfileName ?? draft.receiverAddress ?? ''
    if (!this.blocked()) void loadSendTokens()
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.lookup.cancel()
  }

  private blocked() {
    return walletFeatureBlock(
      'send',
      this.features.value,
      supportedNetwork(this.network.value)?.chainNamespace,
    )
  }

  private onAmount(event: Event): void {
    const text = normalizeAmount((event.target as HTMLInputElement).value)
    updateSendDraft({ sendTokenAmount: text })
    this.formError = undefined
  }

  private onMax(): void {
    const token = this.parsed.value.token
    if (!token || this.max.pending) return
    this.formError = undefined
    void this.max.run(async (signal) => {
      const fee = token.address ? undefined : await estimateNativeFee(this.receiverText)
      if (signal.aborted) return
      const amount = maxSendAmount(token, fee?.value)
      // The ceiling the fee was estimated with is the one the send uses (Max stays sendable).
      updateSendDraft({
        sendTokenAmount: amount,
        maxFee: fee?.cap ? { amount, cap: fee.cap } : undefined,
      })
    })
  }

  private onReceiver(event: Event): void {
    const text = (event.target as HTMLInputElement).value
    this.receiverText = text
    this.formError = undefined
    const namespace = supportedNetwork(this.network.value)?.chainNamespace
    const trimmed = text.trim()
    if (!trimmed || (namespace && isAddressFor(namespace, trimmed))) {
      this.lookup.cancel()
      setReceiver(trimmed || undefined)
      return
    }
    setReceiver(undefined)
    void this.lookup.run(async (signal) => {
      await pause(NAME_DEBOUNCE_MS, signal)
      if (signal.aborted) return
      const found = await resolveReceiver(trimmed)
      if (!signal.aborted)
        setReceiver(found.address, { name: found.name, imageUrl: found.imageUrl })
    })
  }

  private submit(event: Event): void {
    event.preventDefault()
    if (this.lookup.pending) return
    const broken = this.lookup.error ?? this.parsed.value.error
    if (broken) {
      this.formError = typeof broken === 'string' ? broken : this.errorText(broken)
      return
    }
    push('WalletSendPreview')
  }

  /** A rule the amount breaks, shown as it is typed (the others wait for "Preview"). */
  private amountError(): string | undefined {
    const { amountError } = this.parsed.value
    return amountError ? this.errorText(amountError) : undefined
  }

  /**
   * A coded error's text; right to left, each value (the typed amount, a count) is isolated
   * (U+2068 … U+2069): a typed "-1.5" inside Arabic text would otherwise show its minus after
   * the digits.
   */
  private errorText(error: unknown): string {
    if (!(error instanceof BaseError && error.values) || dirFor(this.locale.value) !== 'rtl') {
      return tError(error)
    }
    const values = Object.fromEntries(
      Object.entries(error.values).map(([name, value]) => [name, `\u2068${value}\u2069`]),
    )
    return tError(Object.assign(Object.create(error) as BaseError, { values }))
  }

  private renderBlocked(reason: 'disabled' | 'namespace') {
    return html`<div class="center" data-state="unavailable">
      <p class="muted" data-reason=${reason}>
        ${t(reason === 'disabled' ? 'send.disabled' : 'send.unsupported')}
      </p>
    </div>`
  }

  override render() {
    const blocked = this.blocked()
    if (blocked) return this.renderBlocked(blocked)
    const locale = this.locale.value
    const draft = this.draft.value
    const { token, amount: units } = this.parsed.value
    const tokenIcon = safeAssetImageUrl(token?.iconUrl)
    const amount = draft.sendTokenAmount ?? ''
    const price = token?.price
    const fiat =
      typeof price === 'number' && token && units !== undefined
        ? t('tokens.usd', {
            currency: '$',
            value: localFiat(
              price * Number(formatUnits(units, Number(token.quantity.decimals))),
              locale,
            ),
          })
        : undefined
    const amountError = this.amountError()
    const receiverError = this.lookup.error
    const resolving = this.lookup.pending
    const status = this.formError ?? this.max.error ?? receiverError ?? amountError
    const resolvedName = draft.receiverProfileName
    const avatar = safeImageUrl(draft.receiverProfileImageUrl)
    return html`<form novalidate @submit=${(event: Event) => this.submit(event)}>
      <div class="field amount">
        <label for="amount">${t('send.amount')}</label>
        <div class="box" ?data-invalid=${Boolean(amountError)}>
          <input
            id="amount"
            part="amount-input"
            inputmode="decimal"
            autocomplete="off"
            placeholder="0"
            .value=${amount}
            aria-invalid=${amountError ? 'true' : 'false'}
            aria-describedby="balance status"
            @input=${(event: Event) => this.onAmount(event)}
          />
          <button
            type="button"
            class="chip"
            part="token-button"
            aria-label=${token ? t('send.changeToken', { symbol: token.symbol }) : t('send.pickToken')}
            @click=${() => push('WalletSendSelectToken')}
          >
            ${tokenIcon ? html`<img class="token-icon" src=${tokenIcon} alt="" />` : nothing}
            <span data-token-symbol>${token ? token.symbol : t('send.pickToken')}</span>
            ${icon('chevron')}
          </button>
        </div>
        <div class="line small">
          <span class="muted" data-fiat>${fiat ?? ''}</span>
          <span class="muted" id="balance">
            ${
              this.tokens.value.loading && !token
                ? t('common.loading')
                : token
                  ? html`<span data-balance
                        >${t('send.balance', {
                          amount: localBalance(token.quantity.numeric, locale),
                          symbol: token.symbol,
                        })}</span
                      >
                      <button
                        type="button"
                        class="max"
                        part="max-button"
                        ?disabled=${this.max.pending}
                        @click=${() => this.onMax()}
                      >
                        ${t('send.max')}
                      </button>`
                  : nothing
            }
          </span>
        </div>
      </div>
      <div class="field">
        <label for="receiver">${t('send.receiver')}</label>
        <div class="box" ?data-invalid=${Boolean(receiverError)}>
          <input
            id="receiver"
            part="receiver-input"
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            maxlength="255"
            placeholder=${t('send.receiverPlaceholder')}
            .value=${this.receiverText}
            aria-invalid=${receiverError ? 'true' : 'false'}
            aria-describedby="resolved status"
            @input=${(event: Event) => this.onReceiver(event)}
          />
        </div>
        <div id="resolved" class="small" aria-live="polite">
          ${
            resolving
              ? html`<p class="signing"><wui-spinner aria-hidden="true"></wui-spinner>${t('send.resolving')}</p>`
              : resolvedName && draft.receiverAddress
                ? html`<p class="receiver muted" part="resolved" data-resolved>
                    <wui-avatar
                      address=${draft.receiverAddress}
                      image-url=${avatar ?? ''}
                      aria-hidden="true"
                    ></wui-avatar>
                    <span title=${draft.receiverAddress}
                      >${t('send.resolved', {
                        name: resolvedName,
                        address: truncateAddress(draft.receiverAddress),
                      })}</span
                    >
                  </p>`
                : nothing
          }
        </div>
      </div>
      <div class="status" part="status" id="status" aria-live="polite">
        ${status ? html`<p class="error-text" data-error>${status}</p>` : nothing}
      </div>
      <button
        class="button-primary wide"
        part="preview-button"
        type="submit"
        ?disabled=${resolving}
      >
        ${t('send.preview')}
      </button>
    </form>`
  }
}

define('w3m-wallet-send-view', W3mWalletSendView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-send-view': W3mWalletSendView
  }
}
