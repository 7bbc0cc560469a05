import { SWAP_NATIVE_ADDRESS, type SwapQuoteResponse, type SwapToken } from '@openmodal/core/api'
import {
  $activeNetwork,
  $features,
  $sendTokens,
  $swapDraft,
  $view,
  fetchSwapGasPrice,
  fetchSwapPrices,
  fetchSwapQuote,
  fetchSwapTokens,
  flipSwapDraft,
  formatUnits,
  isSwapNative,
  loadSendTokens,
  parseSwapAmount,
  push,
  SWAP_QUOTE_REFRESH_MS,
  swapBalanceError,
  updateSwapDraft,
  walletFeatureBlock,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { icon } from '../../../components/icons.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tError } from '../../../i18n/coded.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { iconStyles } from '../../../styles/icons.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { groupDecimal, localBalance } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { supportedNetwork } from '../../../utils/network.js'
import { pause } from '../../../utils/pause.js'
import { safeAssetImageUrl } from '../../../utils/safe-url.js'
import { sendStyles } from '../../send/send-styles.js'
import {
  balanceOf,
  balanceUnits,
  minimumOut,
  pricesByAddress,
  quoteAmount,
  shown,
  swapErrorText,
  usdValue,
} from '../swap-state.js'
import { swapStyles } from '../swap-styles.js'

/** A quote is asked once typing pauses this long. */
const QUOTE_DEBOUNCE_MS = 300

/**
 * @summary Swap: the token to pay with and the one to receive (each opens SwapSelectToken, a
 * searchable list of the server's swap tokens with the account's balances), the amount paid
 * and, where the server prices the tokens, its USD value; once the server quoted, what is
 * received (with its USD value), the price impact, the max slippage (default 1 %), the provider fee
 * when the provider tells it and the network fee. The quote is asked again every 15 s while the
 * view is open. "Insufficient balance" and "Insufficient funds for the network fee" show before
 * the wallet is asked; a network without a swap provider reads "Network not supported for
 * Swaps". "Review swap" opens SwapPreview.
 *
 * @csspart from-token - The token to pay with (opens SwapSelectToken).
 * @csspart to-token - The token to receive (opens SwapSelectToken).
 * @csspart amount-input - The amount paid.
 * @csspart flip-button - Switches the two tokens.
 * @csspart slippage-input - The max slippage, percent.
 * @csspart status - The live line under the form.
 * @csspart review-button - Opens SwapPreview.
 */
export class W3mSwapView extends OpenModalElement {
  static override properties = {
    tokens: { state: true },
    quote: { state: true },
    gasPrice: { state: true },
    prices: { state: true },
  }
  static override styles = [base, iconStyles, viewStyles, sendStyles, swapStyles]

  /** The server's swap tokens on the active network. */
  declare tokens: readonly SwapToken[]
  /** The quote for what the draft says, once the server answered. */
  declare quote: SwapQuoteResponse | undefined
  /** Wei per gas unit (the server's "standard"). */
  declare gasPrice: bigint | undefined
  /** USD per unit of the tokens the server prices, by lower-cased address. */
  declare prices: Readonly<Record<string, number>>

  private readonly draft = new StoreController(this, $swapDraft)
  private readonly balances = new StoreController(this, $sendTokens)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly features = new StoreController(this, $features)
  private readonly loading = new AttemptController(this, { message: swapErrorText })
  private readonly quoting = new AttemptController(this, { message: swapErrorText })
  private refresh: ReturnType<typeof setInterval> | undefined

  constructor() {
    super()
    this.tokens = []
    this.quote = undefined
    this.gasPrice = undefined
    this.prices = {}
  }

  override connectedCallback(): void {
    super.connectedCallback()
    const args = $view.get()?.data?.swap
    if (args) updateSwapDraft(args)
    if (this.blocked()) return
    // Back from SwapSelectToken on the same network: the tokens show at once, then refresh.
    if (shown.chainId !== undefined && shown.chainId === this.chainId()) {
      this.tokens = shown.tokens
      this.prices = shown.prices
    }
    void this.load()
    this.refresh = setInterval(() => this.requote(0), SWAP_QUOTE_REFRESH_MS)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearInterval(this.refresh)
    this.quoting.cancel()
  }

  private blocked() {
    return walletFeatureBlock(
      'swaps',
      this.features.value,
      supportedNetwork(this.network.value)?.chainNamespace,
    )
  }

  private chainId() {
    return supportedNetwork(this.network.value)?.caipNetworkId
  }

  /** The server's tokens, the balances and the gas price, then a first quote. */
  private load(): Promise<boolean> {
    return this.loading.run(async (signal) => {
      const chainId = this.chainId()
      if (!chainId) return
      const [{ tokens }, gas] = await Promise.all([
        fetchSwapTokens(chainId),
        fetchSwapGasPrice(chainId).catch(() => undefined),
        loadSendTokens(),
      ])
      if (signal.aborted) return
      this.tokens = tokens
      shown.tokens = tokens
      shown.chainId = chainId
      this.gasPrice = gas ? BigInt(gas.standard) : undefined
      void this.loadPrices(chainId, tokens, signal)
      const draft = $swapDraft.get()
      const known = (address: string | undefined) =>
        tokens.some((token) => token.address.toLowerCase() === address?.toLowerCase())
      const fromToken = known(draft.fromToken) ? draft.fromToken : SWAP_NATIVE_ADDRESS
      const toToken = known(draft.toToken)
        ? draft.toToken
        : tokens.find((token) => !isSwapNative(token.address))?.address
      updateSwapDraft({ fromToken, toToken })
      this.requote(0)
    })
  }

  /** The account's balance of `token`, from the balances this view follows. */
  private balanceOf(token: SwapToken | undefined) {
    return balanceOf(token, this.balances.value.tokenBalances)
  }

  /**
   * The tokens' USD prices (at most the 50 the server takes at once); without them the view
   * shows no USD values, and nothing else changes.
   */
  private async loadPrices(
    chainId: Parameters<typeof fetchSwapPrices>[0],
    tokens: readonly SwapToken[],
    signal: AbortSignal,
  ) {
    const addresses = tokens.slice(0, 50).map((token) => token.address)
    if (addresses.length === 0) return
    try {
      const { prices } = await fetchSwapPrices(chainId, addresses)
      if (signal.aborted) return
      this.prices = pricesByAddress(prices)
      shown.prices = this.prices
    } catch {
      // Prices are an extra: the swap works without them, so a failed ask shows none.
    }
  }

  private token(address: string | undefined) {
    return this.tokens.find((token) => token.address.toLowerCase() === address?.toLowerCase())
  }

  /** The draft, parsed: the two tokens and the amount in base units (or why it cannot be). */
  private parsed() {
    const draft = this.draft.value
    const from = this.token(draft.fromToken)
    const to = this.token(draft.toToken)
    const amount = from ? parseSwapAmount(draft.amount, from.decimals) : {}
    const slippageOk = draft.slippage >= 0.01 && draft.slippage <= 50
    return { draft, from, to, amount, slippageOk }
  }

  /** Asks a quote for the draft after `delay` ms (a newer ask supersedes it). */
  private requote(delay = QUOTE_DEBOUNCE_MS): void {
    const { from, to, amount } = this.parsed()
    const chainId = this.chainId()
    if (!chainId || !from || !to || amount.value === undefined || from.address === to.address) {
      this.quoting.cancel()
      this.quote = undefined
      return
    }
    const value = amount.value
    void this.quoting.run(async (signal) => {
      if (delay) await pause(delay, signal)
      if (signal.aborted) return
      const quote = await fetchSwapQuote({
        chainId,
        from: from.address,
        to: to.address,
        amount: value,
      })
      if (signal.aborted) return
      this.quote = quote
      shown.quote = quote
    })
  }

  private edit(patch: Parameters<typeof updateSwapDraft>[0]): void {
    updateSwapDraft(patch)
    this.quote = undefined
    this.requote()
  }

  private onAmount(event: Event): void {
    this.edit({ amount: (event.target as HTMLInputElement).value.trim().replace(',', '.') })
  }

  private onSlippage(event: Event): void {
    const value = Number((event.target as HTMLInputElement).value.replace(',', '.'))
    updateSwapDraft({ slippage: Number.isFinite(value) ? value : Number.NaN })
  }

  private onMax(): void {
    const { from } = this.parsed()
    const balance = this.balanceOf(from)
    if (from && balance) this.edit({ amount: balance.quantity.numeric })
  }

  private onFlip(): void {
    flipSwapDraft()
    this.quote = undefined
    this.requote()
  }

  /** Network fee of the quoted swap in wei; undefined when gas or its price is unknown. */
  private fee(): bigint | undefined {
    const gas = this.quote?.gas
    return gas && this.gasPrice !== undefined ? BigInt(gas) * this.gasPrice : undefined
  }

  /** What stops "Review swap", as the text to show; undefined when nothing does. */
  private problem(): string | undefined {
    const { from, to, amount, slippageOk } = this.parsed()
    if (amount.error) return tError(amount.error)
    if (from && to && from.address === to.address) return t('swap.sameToken')
    if (!slippageOk) return t('swap.slippageRange')
    if (!from || amount.value === undefined) return undefined
    const native = this.token(SWAP_NATIVE_ADDRESS)
    const error = swapBalanceError({
      amount: amount.value,
      fromBalance: balanceUnits(this.balanceOf(from), from.decimals),
      nativeBalance: balanceUnits(this.balanceOf(native), native?.decimals ?? 18),
      fee: this.fee(),
      fromNative: isSwapNative(from.address),
    })
    return error ? tError(error) : undefined
  }

  /** The chip of one side's token: opens SwapSelectToken for that side. */
  private renderPicker(side: 'from' | 'to', selected: SwapToken | undefined) {
    const iconUrl = safeAssetImageUrl(selected?.logoUri ?? undefined)
    const label = selected
      ? t(side === 'from' ? 'swap.changeFrom' : 'swap.changeTo', { symbol: selected.symbol })
      : t(side === 'from' ? 'swap.pickFrom' : 'swap.pickTo')
    return html`<button
      type="button"
      class="chip"
      part=${`${side}-token`}
      data-token=${selected?.address ?? ''}
      aria-label=${label}
      @click=${() => push('SwapSelectToken', { swapSide: side })}
    >
      ${iconUrl ? html`<img class="token-icon" src=${iconUrl} alt="" />` : nothing}
      <span data-token-symbol>${selected ? selected.symbol : t(side === 'from' ? 'swap.pickFrom' : 'swap.pickTo')}</span>
      ${icon('chevron')}
    </button>`
  }

  private renderDetails(to: SwapToken | undefined) {
    const quote = this.quote
    if (!quote || !to) return nothing
    const locale = this.locale.value
    const slippage = this.draft.value.slippage
    const fee = this.fee()
    const native = this.token(SWAP_NATIVE_ADDRESS)
    const row = (label: string, value: string, data: string) =>
      html`<div><dt>${label}</dt><dd data-detail=${data}>${value}</dd></div>`
    const amountOf = (value: bigint, token: SwapToken) =>
      t('swap.amountOf', {
        amount: quoteAmount(value, token.decimals, locale),
        symbol: token.symbol,
      })
    return html`<dl>
      ${
        quote.priceImpact === null
          ? nothing
          : row(
              t('swap.priceImpact'),
              t('swap.percent', { value: groupDecimal(quote.priceImpact.toFixed(2), locale, 2) }),
              'impact',
            )
      }
      ${
        Number.isFinite(slippage)
          ? row(
              t('swap.minimum'),
              amountOf(minimumOut(BigInt(quote.toAmount), slippage), to),
              'minimum',
            )
          : nothing
      }
      ${quote.providerFee === null ? nothing : row(t('swap.providerFee'), amountOf(BigInt(quote.providerFee), quote.from), 'provider-fee')}
      ${fee === undefined || !native ? nothing : row(t('swap.networkFee'), amountOf(fee, native), 'network-fee')}
    </dl>`
  }

  override render() {
    const blocked = this.blocked()
    if (blocked) {
      return html`<div class="center" data-state="unavailable">
        <p class="muted" data-reason=${blocked}>
          ${t(blocked === 'disabled' ? 'swap.disabled' : 'swap.unsupported')}
        </p>
      </div>`
    }
    if (this.loading.error) {
      return html`<div class="center stack" data-state="error">
        <p class="error-text" role="alert" data-error>${this.loading.error}</p>
        <button class="button-secondary" type="button" part="retry-button" @click=${() => this.load()}>
          ${t('swap.retry')}
        </button>
      </div>`
    }
    if (this.tokens.length === 0) {
      return html`<div class="center" data-state="loading">
        <p class="signing"><wui-spinner aria-hidden="true"></wui-spinner>${t('swap.loadingTokens')}</p>
      </div>`
    }
    const locale = this.locale.value
    const { draft, from, to, amount } = this.parsed()
    const balance = this.balanceOf(from)
    const problem = this.problem()
    const status = problem ?? this.quoting.error
    const received =
      this.quote && to ? quoteAmount(BigInt(this.quote.toAmount), to.decimals, locale) : ''
    const paidUsd =
      amount.value === undefined ? undefined : usdValue(from, draft.amount, this.prices, locale)
    const receivedUsd =
      this.quote && to
        ? usdValue(to, formatUnits(BigInt(this.quote.toAmount), to.decimals), this.prices, locale)
        : undefined
    return html`<form
      novalidate
      @submit=${(event: Event) => {
        event.preventDefault()
        if (this.quote && !problem && !this.quoting.pending) push('SwapPreview')
      }}
    >
      <div class="field amount">
        <label for="amount">${t('swap.from')}</label>
        <div class="box" ?data-invalid=${Boolean(problem)}>
          <input
            id="amount"
            part="amount-input"
            inputmode="decimal"
            autocomplete="off"
            placeholder="0"
            .value=${draft.amount ?? ''}
            aria-invalid=${problem ? 'true' : 'false'}
            aria-describedby="balance status"
            @input=${(event: Event) => this.onAmount(event)}
          />
          ${this.renderPicker('from', from)}
        </div>
        <div class="line small">
          <span class="muted" data-fiat="from">${paidUsd ? t('swap.fiat', { value: paidUsd }) : ''}</span>
          <span class="muted" id="balance">
            ${
              balance && from
                ? html`<span data-balance
                      >${t('swap.balance', {
                        amount: localBalance(balance.quantity.numeric, locale),
                        symbol: from.symbol,
                      })}</span
                    >
                    <button type="button" class="max" part="max-button" @click=${() => this.onMax()}>
                      ${t('swap.max')}
                    </button>`
                : nothing
            }
          </span>
        </div>
      </div>
      <button
        type="button"
        class="button-secondary"
        part="flip-button"
        aria-label=${t('swap.flip')}
        title=${t('swap.flip')}
        @click=${() => this.onFlip()}
      >
        ⇅
      </button>
      <div class="field amount">
        <label for="received">${t('swap.to')}</label>
        <div class="box">
          <output id="received" data-received aria-live="polite">${received}</output>
          ${this.renderPicker('to', to)}
        </div>
        ${
          receivedUsd
            ? html`<div class="line small">
                <span class="muted" data-fiat="to">${t('swap.fiat', { value: receivedUsd })}</span>
              </div>`
            : nothing
        }
      </div>
      <div class="field">
        <label for="slippage">${t('swap.slippage')}</label>
        <div class="box" ?data-invalid=${!this.parsed().slippageOk}>
          <input
            id="slippage"
            part="slippage-input"
            inputmode="decimal"
            autocomplete="off"
            .value=${Number.isFinite(draft.slippage) ? String(draft.slippage) : ''}
            @change=${(event: Event) => this.onSlippage(event)}
          />
        </div>
      </div>
      ${this.renderDetails(to)}
      <div class="status" part="status" id="status" aria-live="polite">
        ${
          this.quoting.pending
            ? html`<p class="signing" data-quoting><wui-spinner aria-hidden="true"></wui-spinner>${t('swap.quoting')}</p>`
            : status
              ? html`<p class="error-text" data-error>${status}</p>`
              : nothing
        }
        ${
          this.quoting.error && !problem
            ? html`<button type="button" class="button-secondary" @click=${() => this.requote(0)}>
                ${t('swap.retry')}
              </button>`
            : nothing
        }
      </div>
      <button
        class="button-primary wide"
        part="review-button"
        type="submit"
        ?disabled=${!this.quote || Boolean(problem) || this.quoting.pending}
      >
        ${t('swap.review')}
      </button>
    </form>`
  }
}

define('w3m-swap-view', W3mSwapView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-swap-view': W3mSwapView
  }
}
