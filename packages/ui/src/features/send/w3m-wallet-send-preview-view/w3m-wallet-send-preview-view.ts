import {
  $activeNetwork,
  $sendDraft,
  $sendTransfer,
  BaseError,
  type CaipNetwork,
  estimateSendFee,
  formatUnits,
  goBack,
  reset,
  type SendFee,
  type SendResult,
  send,
  sendFeeError,
  sendMutation,
  showSnack,
  TOAST_MESSAGES,
  truncateAddress,
} from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import '../../../components/wui-avatar/wui-avatar.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { AttemptController } from '../../../controllers/attempt-controller.js'
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

/** The toast of a send that failed: "Signature declined", or the failure with its link. */
function toastFailure(error: unknown, network: CaipNetwork | undefined) {
  if (error instanceof BaseError && error.code === 'SIGNATURE_DECLINED') {
    showSnack(TOAST_MESSAGES.SIGNATURE_DECLINED, { variant: 'error', code: 'SIGNATURE_DECLINED' })
  } else {
    failureToast(error, (error as { transactionId?: string }).transactionId, network)
  }
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
  }
  static override styles = [base, viewStyles, sendStyles]

  /** The estimated fee; undefined while unknown (loading, or the adapter cannot tell). */
  declare fee: SendFee | undefined

  private readonly draft = new StoreController(this, $sendDraft)
  private readonly parsed = new StoreController(this, $sendTransfer)
  private readonly network = new StoreController(this, $activeNetwork)
  /** Whether a send is in flight, and offline-paused: the one source of that fact. */
  private readonly mutation = new StoreController(this, sendMutation.$state)
  /**
   * The fee estimate. A node that refuses to estimate (e.g. the transfer would revert) shows
   * why, and the wallet decides.
   */
  private readonly estimate = new AttemptController(this, { firstRun: () => this.estimateFee() })
  /** The send: why it failed (the toasts say it too). */
  private readonly sending = new AttemptController(this)

  constructor() {
    super()
    this.fee = undefined
  }

  private estimateFee(): Promise<boolean> | undefined {
    const { transfer } = $sendTransfer.get()
    // Bitcoin wallets pick the fee rate of their own transfers: the review says so rather than
    // show the adapter's estimate (which only Max uses, to leave room for the fee).
    if (!transfer || $activeNetwork.get()?.chainNamespace === 'bip122') return undefined
    return this.estimate.run(async (signal) => {
      const fee = await estimateSendFee(transfer)
      if (!signal.aborted) this.fee = fee
    })
  }

  private send(): void {
    const { transfer } = $sendTransfer.get()
    if (!transfer) return
    const network = supportedNetwork($activeNetwork.get())
    void this.sending.run(async () => {
      try {
        // The ceiling the shown fee was estimated with is the one the wallet is asked for.
        const priced = this.fee?.cap ? { ...transfer, fee: this.fee.cap } : transfer
        const result = await send(priced, {
          onConfirmed: (confirmed) => successToast(confirmed, network),
          onFailed: (error, failed) => failureToast(error, failed.id, network),
        })
        if (result.status === 'confirmed') successToast(result, network)
        else showSnack(t('send.pendingToast'), { variant: 'loading' })
        reset('Account')
      } catch (error) {
        toastFailure(error, network)
        throw error
      }
    })
  }

  private renderFee() {
    if (this.estimate.pending) {
      return html`<span class="muted" data-fee-loading>${t('common.loading')}</span>`
    }
    if (!this.fee) return html`<span class="muted">${t('send.feeUnknown')}</span>`
    return `${exact(formatUnits(this.fee.value, this.fee.decimals), this.locale.value)} ${this.fee.symbol}`
  }

  override render() {
    const locale = this.locale.value
    const draft = this.draft.value
    const { token, amount: units, transfer, error } = this.parsed.value
    const network = supportedNetwork(this.network.value)
    const { status, paused } = this.mutation.value
    const pending = status === 'pending'
    const broken =
      error ?? (transfer && this.fee ? sendFeeError(transfer, this.fee.value) : undefined)
    const { receiverAddress } = draft
    const amount =
      token && units !== undefined ? formatUnits(units, Number(token.quantity.decimals)) : ''
    const price = token?.price
    const fiat =
      typeof price === 'number' && amount
        ? t('tokens.usd', { currency: '$', value: localFiat(price * Number(amount), locale) })
        : undefined
    const avatar = safeImageUrl(draft.receiverProfileImageUrl)
    const message =
      this.sending.error ?? (broken && !pending ? tError(broken) : undefined) ?? this.estimate.error
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
          ?disabled=${pending || Boolean(broken) || this.estimate.pending}
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
