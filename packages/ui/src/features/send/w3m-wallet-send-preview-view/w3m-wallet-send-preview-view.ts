import {
  $activeNetwork,
  $sendDraft,
  BaseError,
  type CaipNetwork,
  estimateSendFee,
  formatUnits,
  goBack,
  reset,
  type SendFee,
  type SendResult,
  sendMutation,
  sendToken,
  showSnack,
  TOAST_MESSAGES,
  truncateAddress,
  validateSend,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../../components/wui-avatar/wui-avatar.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { tError } from '../../../i18n/coded.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { groupDecimal, localFiat } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { explorerTransactionUrl, supportedNetwork } from '../../../utils/network.js'
import { safeImageUrl } from '../../../utils/safe-url.js'
import { sendStyles } from '../send-styles.js'

/** An exact decimal with the locale's grouping and all its decimals. */
function exact(value: string, locale: string): string {
  const decimals = value.split('.')[1]?.length ?? 0
  return groupDecimal(value, locale, decimals)
}

/** The link to a transaction on the network's block explorer, for a toast. */
function explorerLink(network: CaipNetwork | undefined, id: string) {
  const href = explorerTransactionUrl(network, id)
  return href && network?.blockExplorers
    ? { href, label: t('send.viewOn', { name: network.blockExplorers.default.name }) }
    : undefined
}

function successToast(result: SendResult, network: CaipNetwork | undefined): void {
  const link = explorerLink(network, result.id)
  showSnack(t('send.success', { amount: result.amount, symbol: result.token.symbol }), {
    variant: 'success',
    ...(link ? { link } : {}),
  })
}

function failureToast(error: unknown, id: string | undefined, network: CaipNetwork | undefined) {
  const link = id ? explorerLink(network, id) : undefined
  showSnack(tError(error), { variant: 'error', ...(link ? { link } : {}) })
}

/**
 * @summary WalletSendPreview: what will be sent (amount, fiat value, token), to whom (name,
 * avatar and address), on which network, and the network fee (EVM: the gas estimate × the
 * wallet's fee ceiling). Send asks the wallet, with "Approve in your wallet" meanwhile; its
 * "no" shows "Signature declined" and keeps the draft. Once the transaction confirms (core
 * waits up to 25 s, then watches in the background) a toast links it on the block explorer and
 * the modal goes back to Account. Offline, the send waits and goes out once, when the browser
 * is online again.
 *
 * @csspart summary - The list of what will happen.
 * @csspart fee - The network fee.
 * @csspart status - The live line (fee problem, wallet prompt, failure).
 * @csspart cancel-button - Back to WalletSend.
 * @csspart send-button - Asks the wallet.
 */
export class W3mWalletSendPreviewView extends OpenModalElement {
  static override properties = {
    fee: { state: true },
    feeLoading: { state: true },
    feeError: { state: true },
    error: { state: true },
  }
  static override styles = [base, viewStyles, sendStyles]

  /** The estimated fee; undefined while unknown (loading, or the adapter cannot tell). */
  declare fee: SendFee | undefined
  declare feeLoading: boolean
  declare feeError: string | undefined
  /** Why the last send failed. */
  declare error: string | undefined

  private readonly draft = new StoreController(this, $sendDraft)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly mutation = new StoreController(this, sendMutation.$state)
  private estimate = 0

  constructor() {
    super()
    this.fee = undefined
    this.feeLoading = false
    this.feeError = undefined
    this.error = undefined
  }

  override connectedCallback(): void {
    super.connectedCallback()
    void this.estimateFee()
  }

  private async estimateFee(): Promise<void> {
    const mine = ++this.estimate
    if (validateSend($sendDraft.get())) return
    this.feeLoading = true
    this.feeError = undefined
    try {
      const fee = await estimateSendFee()
      if (mine === this.estimate) this.fee = fee
    } catch (error) {
      // The node refused to estimate (e.g. the transfer would revert): the wallet decides.
      if (mine === this.estimate) this.feeError = tError(error)
    } finally {
      if (mine === this.estimate) this.feeLoading = false
    }
  }

  private async send(): Promise<void> {
    this.error = undefined
    const network = supportedNetwork($activeNetwork.get())
    try {
      const result = await sendToken({
        onConfirmed: (confirmed) => successToast(confirmed, network),
        onFailed: (error, failed) => failureToast(error, failed.id, network),
      })
      if (result.status === 'confirmed') successToast(result, network)
      else showSnack(t('send.pendingToast'), { variant: 'loading' })
      reset('Account')
    } catch (error) {
      this.error = tError(error)
      if (error instanceof BaseError && error.code === 'SIGNATURE_DECLINED') {
        showSnack(TOAST_MESSAGES.SIGNATURE_DECLINED, {
          variant: 'error',
          code: 'SIGNATURE_DECLINED',
        })
      } else {
        const id = (error as { transactionId?: string }).transactionId
        failureToast(error, id, network)
      }
    }
  }

  private renderFee() {
    if (this.feeLoading) {
      return html`<span class="muted" data-fee-loading>${t('common.loading')}</span>`
    }
    if (!this.fee) return html`<span class="muted">${t('send.feeUnknown')}</span>`
    return `${exact(formatUnits(this.fee.value, this.fee.decimals), this.locale.value)} ${this.fee.symbol}`
  }

  override render() {
    const locale = this.locale.value
    const draft = this.draft.value
    const network = supportedNetwork(this.network.value)
    const { status, paused } = this.mutation.value
    const pending = status === 'pending' || draft.loading
    const broken = validateSend(draft, this.fee?.value)
    const { token, sendTokenAmount: amount = '', receiverAddress } = draft
    const price = token?.price
    const fiat =
      typeof price === 'number' && amount
        ? t('tokens.usd', { currency: '$', value: localFiat(price * Number(amount), locale) })
        : undefined
    const avatar = safeImageUrl(draft.receiverProfileImageUrl)
    const message = this.error ?? (broken && !pending ? tError(broken) : undefined) ?? this.feeError
    return html`<div class="stack">
      <dl part="summary">
        <div>
          <dt>${t('send.amount')}</dt>
          <dd class="big" data-amount>
            ${token ? `${exact(amount || '0', locale)} ${token.symbol}` : '—'}
          </dd>
        </div>
        ${
          fiat
            ? html`<div>
                <dt>${t('send.value')}</dt>
                <dd data-fiat>${fiat}</dd>
              </div>`
            : nothing
        }
        <div>
          <dt>${t('send.to')}</dt>
          <dd data-receiver>
            ${
              receiverAddress
                ? html`<span class="receiver">
                    <wui-avatar
                      address=${receiverAddress}
                      image-url=${avatar ?? ''}
                      aria-hidden="true"
                    ></wui-avatar>
                    <span title=${receiverAddress}
                      >${
                        draft.receiverProfileName
                          ? t('send.resolved', {
                              name: draft.receiverProfileName,
                              address: truncateAddress(receiverAddress),
                            })
                          : truncateAddress(receiverAddress)
                      }</span
                    >
                  </span>`
                : '—'
            }
          </dd>
        </div>
        <div>
          <dt>${t('send.network')}</dt>
          <dd data-network>${network?.name ?? t('button.unsupported')}</dd>
        </div>
        <div>
          <dt>${t('send.fee')}</dt>
          <dd part="fee" data-fee>${this.renderFee()}</dd>
        </div>
      </dl>
      <div class="status" part="status" aria-live="polite">
        ${
          pending
            ? html`<p class="signing" data-signing>
                <wui-spinner aria-hidden="true"></wui-spinner>${t(paused ? 'send.offline' : 'send.approve')}
              </p>`
            : message
              ? html`<p class="error-text" data-error>${message}</p>`
              : nothing
        }
      </div>
      <div class="actions">
        <button
          class="button-secondary"
          part="cancel-button"
          ?disabled=${pending}
          @click=${() => goBack()}
        >
          ${t('send.cancel')}
        </button>
        <button
          class="button-primary"
          part="send-button"
          ?disabled=${pending || Boolean(broken) || this.feeLoading}
          @click=${() => this.send()}
        >
          ${t('send.send')}
        </button>
      </div>
    </div>`
  }
}

define('w3m-wallet-send-preview-view', W3mWalletSendPreviewView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-send-preview-view': W3mWalletSendPreviewView
  }
}
