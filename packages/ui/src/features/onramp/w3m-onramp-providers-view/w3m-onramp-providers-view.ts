import type { OnrampOptionsResponse, OnrampPaymentMethod, OnrampQuote } from '@openmodal/core/api'
import {
  $activeAccount,
  $activeNetwork,
  $onrampDraft,
  fetchOnrampOptions,
  fetchOnrampQuotes,
  onrampAmountError,
  openOnrampPopup,
  push,
  setOnrampPurchase,
  showOnrampPage,
  startOnrampSession,
  updateOnrampDraft,
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

/** Spec §9 "debounce default 500 ms": quotes are asked this long after the last keystroke. */
const QUOTE_DEBOUNCE_MS = 500

const styles = css`
  form {
    display: grid;
    gap: 12px;
    padding-block: 8px 16px;
  }
  label,
  legend {
    font-weight: 600;
  }
  .field {
    display: grid;
    gap: 6px;
  }
  fieldset {
    display: flex;
    gap: 16px;
    border: 0;
    margin: 0;
    padding: 0;
  }
  .pickers {
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 12px;
  }
  select,
  input[type='text'] {
    block-size: 40px;
    padding-inline: 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font: inherit;
  }
  select {
    padding-inline: 8px;
  }
  input[aria-invalid='true'] {
    border-color: var(--wui-error);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  .provider {
    display: grid;
    gap: 2px;
    inline-size: 100%;
    text-align: start;
    padding: 10px 12px;
    border: 1px solid var(--wui-border);
    border-radius: var(--wui-radius-m);
    background: var(--wui-surface);
    color: var(--wui-fg);
    font: inherit;
    cursor: pointer;
  }
  .provider strong {
    font-weight: 600;
  }
  .status {
    min-block-size: 1.4em;
  }
`

/**
 * @summary OnRampProviders: the amount and payment method of a purchase with the method's
 * limits (spec §3: card 10–7500, bank 10–25000, from the project server), then the providers
 * serving the active chain with their fee and what arrives. A provider's button opens a
 * 600×800 window inside the click (a browser blocks one opened later), asks the server for
 * the provider's page and sends the window there, then shows BuyInProgress.
 *
 * The visitor picks the fiat currency and the crypto to buy (the chain's native coin or an
 * ERC-20 the server sells); the offers are asked again every `quoteRefreshMs` (15 s) while the
 * view is open, the shown ones staying until the new ones arrive.
 *
 * @csspart currency-select - The fiat currency picker.
 * @csspart asset-select - The crypto picker.
 * @csspart amount-input - The amount field.
 * @csspart provider-button - One provider of the list.
 */
export class W3mOnrampProvidersView extends OpenModalElement {
  static override properties = {
    options: { state: true },
    quotes: { state: true },
    touched: { state: true },
    assetSymbol: { state: true },
  }
  static override styles = [base, viewStyles, styles]

  /** How often the offers are asked again while the view is open (tests shorten it). */
  static quoteRefreshMs = 15_000

  declare options: OnrampOptionsResponse | undefined
  declare quotes: OnrampQuote[] | undefined
  declare touched: boolean
  /** The crypto picked (a symbol of the options); undefined: the first, the native coin. */
  declare assetSymbol: string | undefined

  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly draft = new StoreController(this, $onrampDraft)
  private readonly loading = new AttemptController(this)
  private readonly quoting = new AttemptController(this)
  private readonly buying = new AttemptController(this)
  private loadedFor: string | undefined
  private quoteTimer: ReturnType<typeof setTimeout> | undefined
  private refreshTimer: ReturnType<typeof setTimeout> | undefined

  constructor() {
    super()
    this.options = undefined
    this.quotes = undefined
    this.touched = false
    this.assetSymbol = undefined
  }

  private get chainId(): string | undefined {
    return supportedNetwork(this.network.value)?.caipNetworkId
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearTimeout(this.quoteTimer)
    clearTimeout(this.refreshTimer)
  }

  override willUpdate(): void {
    const chainId = this.chainId
    if (chainId && chainId !== this.loadedFor) {
      this.loadedFor = chainId
      this.loadOptions(chainId)
    }
  }

  private loadOptions(chainId: string): void {
    this.options = undefined
    this.quotes = undefined
    void this.loading.run(async (signal) => {
      const options = await fetchOnrampOptions({ chainId, signal })
      this.options = options
      // The draft's currency if this server takes it, else the server's first.
      const currencies = options.paymentCurrencies.map((c) => c.id)
      const first = currencies[0]
      if (first && !currencies.includes(this.draft.value.currency)) {
        updateOnrampDraft({ currency: first })
      }
      if (!options.purchaseCurrencies.some((c) => c.symbol === this.assetSymbol)) {
        this.assetSymbol = undefined
      }
      this.scheduleQuotes(0)
    })
  }

  private get limit() {
    const { method, currency } = this.draft.value
    return this.options?.paymentCurrencies
      .find((c) => c.id === currency)
      ?.limits.find((l) => l.method === method)
  }

  private get asset() {
    const currencies = this.options?.purchaseCurrencies ?? []
    return currencies.find((c) => c.symbol === this.assetSymbol) ?? currencies[0]
  }

  /**
   * Asks the offers after `delay`; `refresh` keeps the shown offers until the new ones arrive
   * (the 15 s refresh), otherwise they are cleared at once (the input changed).
   */
  private scheduleQuotes(delay = QUOTE_DEBOUNCE_MS, refresh = false): void {
    clearTimeout(this.quoteTimer)
    clearTimeout(this.refreshTimer)
    if (!refresh) this.quotes = undefined
    const { amount, method, currency } = this.draft.value
    const chainId = this.chainId
    const asset = this.asset
    if (!chainId || !asset || onrampAmountError(amount, this.limit, currency)) {
      this.quoting.cancel()
      return
    }
    this.quoteTimer = setTimeout(() => {
      void this.quoting
        .run(async (signal) => {
          const answer = await fetchOnrampQuotes({
            chainId,
            asset: asset.symbol,
            currency,
            method,
            amount: amount.trim(),
            signal,
          })
          this.quotes = answer.quotes
        })
        .then((ok) => {
          if (!ok || !this.isConnected) return
          const every = W3mOnrampProvidersView.quoteRefreshMs
          this.refreshTimer = setTimeout(() => this.scheduleQuotes(0, true), every)
        })
    }, delay)
  }

  private onAmount(event: Event): void {
    updateOnrampDraft({ amount: (event.target as HTMLInputElement).value })
    this.touched = true
    this.buying.fail(undefined)
    this.scheduleQuotes()
  }

  private onMethod(method: OnrampPaymentMethod): void {
    updateOnrampDraft({ method })
    this.scheduleQuotes(0)
  }

  private onCurrency(event: Event): void {
    updateOnrampDraft({ currency: (event.target as HTMLSelectElement).value })
    this.buying.fail(undefined)
    this.scheduleQuotes(0)
  }

  private onAsset(event: Event): void {
    this.assetSymbol = (event.target as HTMLSelectElement).value
    this.buying.fail(undefined)
    this.scheduleQuotes(0)
  }

  /** The click: the window opens first, synchronously; everything else follows. */
  private buy(quote: OnrampQuote): void {
    const popup = openOnrampPopup()
    const address = this.account.value.address
    const chainId = this.chainId
    const { amount, method, currency } = this.draft.value
    if (!address || !chainId) {
      popup?.close()
      return
    }
    void this.buying
      .run(async () => {
        try {
          const session = await startOnrampSession({
            provider: quote.provider,
            chainId,
            address,
            asset: quote.asset,
            currency,
            method,
            amount: amount.trim(),
          })
          const opened = showOnrampPage(popup, session.url)
          setOnrampPurchase({ ...session, providerName: quote.providerName, opened })
        } catch (error) {
          popup?.close()
          throw error
        }
      })
      .then((ok) => {
        if (ok) push('BuyInProgress')
      })
  }

  private amountMessage(): string | undefined {
    const { amount, currency, method } = this.draft.value
    if (!this.touched && amount === '') return undefined
    const error = onrampAmountError(amount, this.limit, currency)
    if (!error || error.code === 'required') return undefined
    if (error.code === 'invalid') return t('onramp.invalid')
    if (error.code === 'below') return t('onramp.below', { min: error.min, currency })
    return t(method === 'card' ? 'onramp.above' : 'onramp.aboveBank', {
      max: error.max,
      currency,
    })
  }

  private renderProviders() {
    if ((this.quoting.pending && !this.quotes) || (this.loading.pending && !this.options)) {
      return html`<p class="muted" role="status"><wui-spinner aria-hidden="true"></wui-spinner>
        ${t('onramp.loading')}</p>`
    }
    if (this.quoting.error) return html`<p class="error-text" data-error>${this.quoting.error}</p>`
    if (!this.quotes) return html`<p class="muted" data-hint>${t('onramp.enterAmount')}</p>`
    return html`<ul aria-label=${t('onramp.providers')}>
      ${this.quotes.map(
        (quote) => html`<li>
          <button
            class="provider"
            part="provider-button"
            data-provider=${quote.provider}
            ?disabled=${this.buying.pending}
            @click=${() => this.buy(quote)}
          >
            <strong>${t('onramp.buyWith', { provider: quote.providerName })}</strong>
            <span class="muted small" data-fee
              >${t('onramp.fee', {
                percent: quote.feePercent,
                fee: quote.fee,
                currency: quote.currency,
              })}</span
            >
            <span class="small" data-receive
              >${
                quote.cryptoAmount
                  ? t('onramp.receive', { amount: quote.cryptoAmount, symbol: quote.asset })
                  : t('onramp.noPrice')
              }</span
            >
          </button>
        </li>`,
      )}
    </ul>`
  }

  override render() {
    if (this.loading.error) {
      return html`<div class="center">
        <p class="error-text" data-error>${t('onramp.failedOptions')}</p>
        <button class="button-primary" @click=${() => this.chainId && this.loadOptions(this.chainId)}>
          ${t('onramp.retry')}
        </button>
      </div>`
    }
    if (!this.options) {
      return html`<div class="center" role="status">
        <wui-spinner aria-hidden="true"></wui-spinner><span class="muted">${t('onramp.loading')}</span>
      </div>`
    }
    const asset = this.asset
    if (this.options.providers.length === 0 || !asset) {
      return html`<div class="center"><p class="muted" data-unavailable>${t('onramp.unavailable')}</p></div>`
    }
    const { amount, currency, method } = this.draft.value
    const limit = this.limit
    const message = this.amountMessage()
    const network = supportedNetwork(this.network.value)
    return html`<form novalidate @submit=${(event: Event) => event.preventDefault()}>
      <p class="muted" data-asset>
        ${t('onramp.asset', { symbol: asset.symbol, network: network?.name ?? '' })}
      </p>
      <div class="pickers">
        <div class="field">
          <label for="currency">${t('onramp.currency')}</label>
          <select
            id="currency"
            part="currency-select"
            .value=${currency}
            @change=${(event: Event) => this.onCurrency(event)}
          >
            ${this.options.paymentCurrencies.map(
              (c) => html`<option value=${c.id} ?selected=${c.id === currency}>${c.id}</option>`,
            )}
          </select>
        </div>
        <div class="field">
          <label for="asset">${t('onramp.crypto')}</label>
          <select
            id="asset"
            part="asset-select"
            .value=${asset.symbol}
            @change=${(event: Event) => this.onAsset(event)}
          >
            ${this.options.purchaseCurrencies.map(
              (c) =>
                html`<option value=${c.symbol} ?selected=${c.symbol === asset.symbol}>
                  ${c.symbol}
                </option>`,
            )}
          </select>
        </div>
      </div>
      <fieldset>
        <legend>${t('onramp.method')}</legend>
        ${(['card', 'bank'] as const).map(
          (m) => html`<label
            ><input
              type="radio"
              name="method"
              value=${m}
              data-method=${m}
              .checked=${method === m}
              @change=${() => this.onMethod(m)}
            />
            ${t(m === 'card' ? 'onramp.card' : 'onramp.bank')}</label
          >`,
        )}
      </fieldset>
      <div class="field">
        <label for="amount">${t('onramp.amount', { currency })}</label>
        <input
          id="amount"
          type="text"
          part="amount-input"
          inputmode="decimal"
          autocomplete="off"
          .value=${amount}
          aria-invalid=${message ? 'true' : 'false'}
          aria-describedby="limits amount-status"
          @input=${(event: Event) => this.onAmount(event)}
        />
        ${
          limit
            ? html`<p class="muted small" id="limits" data-limits>
              ${t('onramp.limits', { min: limit.min, max: limit.max, currency })}
            </p>`
            : nothing
        }
      </div>
      <div class="status" id="amount-status" aria-live="polite">
        ${message ? html`<p class="error-text" data-amount-error>${message}</p>` : nothing}
        ${this.buying.error ? html`<p class="error-text" data-error>${this.buying.error}</p>` : nothing}
      </div>
      ${message ? nothing : this.renderProviders()}
    </form>`
  }
}

define('w3m-onramp-providers-view', W3mOnrampProvidersView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-onramp-providers-view': W3mOnrampProvidersView
  }
}
