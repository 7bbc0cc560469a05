import type { Transaction, TransactionTransfer } from '@openmodal/core/api'
import {
  $activeAccount,
  $activeNetwork,
  $transactions,
  $transactionsByYear,
  accountKey,
  errorMessage,
  fetchTransactions,
  isUnsupportedNetwork,
  resetTransactions,
  transactionMonthGroups,
  truncateAddress,
  truncateDecimals,
} from '@openmodal/core/internal'
import { css, html, nothing, type PropertyValues } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { type MessageKey, t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { assetListStyles } from '../../../styles/asset-list-styles.js'
import { base } from '../../../styles/base.js'
import { define } from '../../../utils/define.js'

const OPERATION: Record<string, MessageKey> = {
  send: 'activity.op.send',
  receive: 'activity.op.receive',
  trade: 'activity.op.trade',
  mint: 'activity.op.mint',
  burn: 'activity.op.burn',
  execute: 'activity.op.execute',
  buy: 'activity.op.buy',
}

const STATUS: Record<Transaction['metadata']['status'], MessageKey> = {
  confirmed: 'activity.status.confirmed',
  failed: 'activity.status.failed',
  pending: 'activity.status.pending',
}

const DIRECTION: Record<TransactionTransfer['direction'], MessageKey> = {
  in: 'activity.in',
  out: 'activity.out',
  self: 'activity.self',
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, options)
  } catch {
    // A locale tag Intl does not accept: the host's choice, not a reason to break the list.
    return new Intl.DateTimeFormat('en', options)
  }
}

/**
 * The label of a month group (spec §9): the month's name, plus the year when it is not the
 * current year, in `locale`.
 *
 * @example
 * monthLabel(2026, 10, 'en', new Date('2026-11-20')) // 'November'
 * monthLabel(2025, 11, 'en', new Date('2026-11-20')) // 'December 2025'
 */
export function monthLabel(year: number, month: number, locale: string, now = new Date()): string {
  const date = new Date(year, month, 15)
  const sameYear = year === now.getFullYear()
  return dateFormat(
    locale,
    sameYear ? { month: 'long' } : { month: 'long', year: 'numeric' },
  ).format(date)
}

/** A transfer amount for display: 3 decimals truncated (spec §5); a dash if it is not a number. */
function amount(transfer: TransactionTransfer): string {
  try {
    return truncateDecimals(transfer.quantity.numeric, 3)
  } catch {
    return '—'
  }
}

/**
 * @summary The Activity tab of Account: the account's transactions on the connected chain,
 * grouped by month (labelled with the month's name, plus the year when not this year, in the
 * modal's language), each with its operation, status, counterpart and amounts. With the
 * `onramp` feature on, the purchases made through the project server's on-ramp providers are
 * among them ("Bought", "Via <provider>", Pending, Confirmed or Failed), in place of the row of
 * their credit. More pages load as the end of the list scrolls into view; while shown, new
 * transactions and the purchases' status are looked for every 4 s. Shows loading, empty and error states; token
 * symbols and NFT names are text, never markup.
 *
 * @csspart transaction - One transaction row.
 * @csspart retry-button - Fetches the activity again after an error.
 */
export class W3mAccountActivity extends OpenModalElement {
  static override styles = [
    base,
    assetListStyles,
    css`
      section + section {
        margin-block-start: 12px;
      }

      h3 {
        margin: 0 0 6px;
        font-size: var(--wui-font-size-small);
        color: var(--wui-fg-muted);
        font-weight: 600;
      }

      .status-failed {
        color: var(--wui-error);
      }

      .amount-in {
        color: var(--wui-success);
      }

      .sentinel {
        block-size: 1px;
      }

      .more {
        display: flex;
        justify-content: center;
        padding-block: 8px;
      }
    `,
  ]

  private readonly transactions = new StoreController(this, $transactions)
  private readonly byYear = new StoreController(this, $transactionsByYear)
  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private observer: IntersectionObserver | undefined
  private observed: Element | undefined
  private wasLoading = false

  private currentKey(): string | undefined {
    const network = this.network.value
    const address = this.account.value.address
    if (!address || !network || isUnsupportedNetwork(network)) return undefined
    return accountKey(network.caipNetworkId, address)
  }

  /** Starts the first page when the list is not this account's and chain's yet. */
  private ensureLoaded(): void {
    const address = this.account.value.address
    const key = this.currentKey()
    if (!address || !key || $transactions.get().key === key) return
    this.load(address)
  }

  private load(address: string | undefined): void {
    fetchTransactions(address).catch((error: unknown) => {
      // Only reachable without an address; the view then shows its empty state.
      console.warn('[openmodal/ui]', errorMessage(error))
    })
  }

  private loadMore = (entries: IntersectionObserverEntry[]): void => {
    if (!entries.some((entry) => entry.isIntersecting)) return
    const { loading, done, error } = $transactions.get()
    if (loading || done || error) return
    this.load(this.account.value.address)
  }

  private retry(): void {
    resetTransactions()
    this.load(this.account.value.address)
  }

  // New transactions on top while shown: core polls while `$transactions` is watched.
  override connectedCallback(): void {
    super.connectedCallback()
    this.observer = new IntersectionObserver(this.loadMore)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.observer?.disconnect()
    this.observer = undefined
    this.observed = undefined
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed)
    // After this update, not inside it: starting a fetch changes the store this element renders.
    queueMicrotask(() => this.ensureLoaded())
    const sentinel = this.renderRoot.querySelector('.sentinel') ?? undefined
    const loading = $transactions.get().loading
    const pageArrived = this.wasLoading && !loading
    this.wasLoading = loading
    if (sentinel === this.observed && !pageArrived) return
    if (this.observed) this.observer?.unobserve(this.observed)
    this.observed = sentinel
    // Observing (again) reports the current intersection: a sentinel still in view after a
    // page arrived loads the next one, so a short page never stalls the list.
    if (sentinel) this.observer?.observe(sentinel)
  }

  private transaction(transaction: Transaction) {
    const { metadata } = transaction
    const own = this.account.value.address?.toLowerCase()
    const outgoing = metadata.sentFrom.toLowerCase() === own
    const bought = metadata.operationType === 'buy'
    const counterpart = bought
      ? t('activity.via', { provider: metadata.providerName ?? metadata.sentFrom })
      : outgoing
        ? t('activity.to', { address: truncateAddress(metadata.sentTo) })
        : t('activity.from', { address: truncateAddress(metadata.sentFrom) })
    const operation = OPERATION[metadata.operationType] ?? 'activity.op.execute'
    const failed = metadata.status === 'failed'
    return html`<li class="row" part="transaction" data-transaction=${transaction.id}>
      <span class="main">
        <span class="title" data-operation>${t(operation)}</span>
        <span class="sub" data-counterpart>${counterpart}</span>
      </span>
      <span class="end">
        ${transaction.transfers.map((transfer: TransactionTransfer) => {
          const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '−' : ''
          const label = transfer.nft_info
            ? transfer.nft_info.name || t('nfts.tokenId', { id: transfer.nft_info.tokenId })
            : `${amount(transfer)} ${transfer.fungible_info?.symbol ?? ''}`.trim()
          return html`<span class="title amount-${transfer.direction}" data-amount>
            <span class="visually-hidden">${t(DIRECTION[transfer.direction] ?? 'activity.self')}:</span>
            <span aria-hidden="true">${sign}</span>${label}
          </span>`
        })}
        <span class="sub ${failed ? 'status-failed' : ''}" data-status=${metadata.status}
          >${t(STATUS[metadata.status] ?? 'activity.status.confirmed')}</span
        >
      </span>
    </li>`
  }

  override render() {
    const locale = this.locale.value
    const { loading, empty, error, done } = this.transactions.value
    // The history with the on-ramp purchases among it (core's `$transactionsByYear`).
    const groups = transactionMonthGroups(this.byYear.value)
    const shown = groups.length > 0
    if (error && !shown) {
      return html`<div class="state" data-state="error">
        <p class="error-text">${t('activity.error')}</p>
        <button class="button-secondary" part="retry-button" @click=${() => this.retry()}>
          ${t('common.tryAgain')}
        </button>
      </div>`
    }
    if (!shown && (loading || !this.transactions.value.key)) {
      return html`<div class="state" role="status" data-state="loading">
        <wui-spinner></wui-spinner>
        <p class="sub">${t('activity.loading')}</p>
      </div>`
    }
    if (empty && !shown) {
      return html`<div class="state" data-state="empty">
        <p class="title">${t('activity.empty')}</p>
        <p class="sub">${t('activity.emptyHint')}</p>
      </div>`
    }
    const now = new Date()
    return html`${groups.map((group) => {
      const id = `month-${group.year}-${group.month}`
      return html`<section aria-labelledby=${id} data-month=${`${group.year}-${group.month}`}>
        <h3 id=${id}>${monthLabel(group.year, group.month, locale, now)}</h3>
        <ul>
          ${group.transactions.map((transaction) => this.transaction(transaction))}
        </ul>
      </section>`
    })}
    ${
      error
        ? html`<div class="state" data-state="error">
          <p class="error-text">${t('activity.error')}</p>
          <button class="button-secondary" part="retry-button" @click=${() => this.retry()}>
            ${t('common.tryAgain')}
          </button>
        </div>`
        : nothing
    }
    ${
      loading
        ? html`<div class="more" role="status">
          <wui-spinner></wui-spinner>
          <span class="visually-hidden">${t('activity.loadingMore')}</span>
        </div>`
        : nothing
    }
    ${done || error ? nothing : html`<div class="sentinel" data-sentinel></div>`}`
  }
}

define('w3m-account-activity', W3mAccountActivity)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-activity': W3mAccountActivity
  }
}
