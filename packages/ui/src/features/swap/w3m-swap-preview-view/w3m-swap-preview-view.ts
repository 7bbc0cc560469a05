import type { SwapQuoteResponse } from '@openmodal/core/api'
import {
  $activeNetwork,
  $swapDraft,
  fetchSwapQuote,
  goBack,
  isSwapNative,
  reset,
  resetSwapDraft,
  showSnack,
  swap,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
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
import { sendStyles } from '../../send/send-styles.js'
import { minimumOut, quoteAmount, shown, swapErrorText } from '../swap-state.js'
import { swapStyles } from '../swap-styles.js'

type Step = 'approve' | 'swap'
type StepState = 'waiting' | 'wallet' | 'done' | 'skipped'

/**
 * @summary SwapPreview: the quoted swap (paid, received, minimum received with the max
 * slippage) and the wallet steps it takes, each labelled: "Step 1" approves the router to spend
 * the amount (only when the allowance is short, else it reads "Not needed"; a native sale has
 * none), "Step 2" sends the swap. While the wallet is asked, the step says so; on success a
 * toast and back to Account. A failure shows the wallet's or the router's own words, with
 * "Get a new quote".
 *
 * @csspart step - One wallet step (`data-step`, `data-state`).
 * @csspart status - The live line.
 * @csspart confirm-button - Starts the swap.
 * @csspart requote-button - Asks a fresh quote after a failure.
 */
export class W3mSwapPreviewView extends OpenModalElement {
  static override properties = {
    quote: { state: true },
    steps: { state: true },
  }
  static override styles = [base, viewStyles, sendStyles, swapStyles]

  declare quote: SwapQuoteResponse | undefined
  declare steps: Record<Step, StepState>

  private readonly draft = new StoreController(this, $swapDraft)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly swapping = new AttemptController(this, { message: swapErrorText })
  private readonly quoting = new AttemptController(this, { message: swapErrorText })

  constructor() {
    super()
    this.quote = shown.quote
    this.steps = { approve: 'waiting', swap: 'waiting' }
  }

  override connectedCallback(): void {
    super.connectedCallback()
    this.quote = shown.quote
  }

  private confirm(): void {
    const quote = this.quote
    const chainId = supportedNetwork(this.network.value)?.caipNetworkId
    if (!quote || !chainId || this.swapping.pending) return
    this.steps = { approve: 'waiting', swap: 'waiting' }
    void this.swapping.run(async () => {
      await swap({
        chainId,
        from: quote.from.address,
        to: quote.to.address,
        amount: BigInt(quote.amount),
        slippage: this.draft.value.slippage,
        onStep: (step) => {
          this.steps =
            step === 'approve'
              ? { approve: 'wallet', swap: 'waiting' }
              : { approve: this.steps.approve === 'wallet' ? 'done' : 'skipped', swap: 'wallet' }
        },
      })
      this.steps = { ...this.steps, swap: 'done' }
      showSnack(
        t('swap.success', {
          amount: quoteAmount(BigInt(quote.amount), quote.from.decimals, this.locale.value),
          from: quote.from.symbol,
          to: quote.to.symbol,
        }),
        { variant: 'success' },
      )
      shown.quote = undefined
      resetSwapDraft()
      reset('Account')
    })
  }

  private requote(): void {
    const quote = this.quote
    const chainId = supportedNetwork(this.network.value)?.caipNetworkId
    if (!quote || !chainId) return
    void this.quoting.run(async (signal) => {
      const fresh = await fetchSwapQuote({
        chainId,
        from: quote.from.address,
        to: quote.to.address,
        amount: BigInt(quote.amount),
      })
      if (signal.aborted) return
      this.quote = fresh
      shown.quote = fresh
      this.swapping.fail(undefined)
      this.steps = { approve: 'waiting', swap: 'waiting' }
    })
  }

  private renderStep(step: Step, label: string) {
    const state = this.steps[step]
    const words: Record<StepState, string> = {
      waiting: t('swap.stepWaiting'),
      wallet: t('swap.stepWallet'),
      done: t('swap.stepDone'),
      skipped: t('swap.stepSkipped'),
    }
    return html`<li part="step" data-step=${step} data-state=${state} aria-current=${state === 'wallet' ? 'step' : 'false'}>
      <span class="label">${label}</span>
      <span class="muted small">
        ${state === 'wallet' ? html`<wui-spinner aria-hidden="true"></wui-spinner>` : nothing}${words[state]}
      </span>
    </li>`
  }

  override render() {
    const quote = this.quote
    if (!quote) {
      return html`<div class="center stack">
        <button class="button-secondary" type="button" @click=${() => goBack()}>${t('swap.cancel')}</button>
      </div>`
    }
    const locale = this.locale.value
    const slippage = this.draft.value.slippage
    const amountOf = (value: bigint, token: SwapQuoteResponse['from']) =>
      t('swap.amountOf', {
        amount: quoteAmount(value, token.decimals, locale),
        symbol: token.symbol,
      })
    const paid = amountOf(BigInt(quote.amount), quote.from)
    const received = amountOf(BigInt(quote.toAmount), quote.to)
    const busy = this.swapping.pending || this.quoting.pending
    const error = this.swapping.error ?? this.quoting.error
    return html`<div class="stack">
      <dl>
        <div><dt>${t('swap.from')}</dt><dd class="big" data-paid>${paid}</dd></div>
        <div><dt>${t('swap.to')}</dt><dd class="big" data-received>${received}</dd></div>
        ${
          Number.isFinite(slippage)
            ? html`<div>
                <dt>${t('swap.minimum')}</dt>
                <dd data-minimum>${amountOf(minimumOut(BigInt(quote.toAmount), slippage), quote.to)}</dd>
              </div>`
            : nothing
        }
      </dl>
      <ol class="steps" aria-label=${t('swap.steps')}>
        ${
          isSwapNative(quote.from.address)
            ? nothing
            : this.renderStep('approve', t('swap.stepApprove', { amount: paid }))
        }
        ${this.renderStep('swap', t('swap.stepSwap', { from: quote.from.symbol, to: quote.to.symbol }))}
      </ol>
      <div class="status" part="status" aria-live="polite">
        ${error ? html`<p class="error-text" role="alert" data-error>${error}</p>` : nothing}
      </div>
      <div class="actions">
        ${
          error
            ? html`<button
                class="button-secondary"
                type="button"
                part="requote-button"
                ?disabled=${busy}
                @click=${() => this.requote()}
              >
                ${t('swap.requote')}
              </button>`
            : html`<button class="button-secondary" type="button" ?disabled=${busy} @click=${() => goBack()}>
                ${t('swap.cancel')}
              </button>`
        }
        <button
          class="button-primary"
          type="button"
          part="confirm-button"
          ?disabled=${busy || Boolean(error)}
          @click=${() => this.confirm()}
        >
          ${this.swapping.pending ? html`<wui-spinner aria-hidden="true"></wui-spinner>` : nothing}${t('swap.confirm')}
        </button>
      </div>
    </div>`
  }
}

define('w3m-swap-preview-view', W3mSwapPreviewView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-swap-preview-view': W3mSwapPreviewView
  }
}
