import type { TokenBalance } from '@openmodal/core/api'
import {
  $activeAccount,
  $activeNetwork,
  $balances,
  $options,
  BALANCE_API_NAMESPACES,
  fetchBalances,
  isUnsupportedNetwork,
} from '@openmodal/core/internal'
import { html } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { assetListStyles } from '../../../styles/asset-list-styles.js'
import { base } from '../../../styles/base.js'
import { groupDecimal, localBalance, localFiat } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { safeAssetImageUrl } from '../../../utils/safe-url.js'

interface Row {
  key: string
  name: string
  symbol: string
  amount: string
  fiat: string | undefined
  iconUrl: string | undefined
}

// Server-supplied amounts: anything that is not a number shows as a dash.
function row(balance: TokenBalance, locale: string): Row {
  return {
    key: balance.address ?? `native:${balance.chainId}`,
    name: balance.name,
    symbol: balance.symbol,
    amount: localBalance(balance.quantity.numeric, locale),
    fiat:
      typeof balance.value === 'number'
        ? t('tokens.usd', { currency: '$', value: localFiat(balance.value, locale) })
        : undefined,
    iconUrl: safeAssetImageUrl(balance.iconUrl),
  }
}

/**
 * @summary The Tokens tab of Account: each token's icon (safe URLs only), name, amount
 * (3 decimals truncated) and fiat value (2 decimals), grouped as the locale groups numbers
 * (`Intl.NumberFormat`). EVM and Solana balances (native and ERC-20 / SPL tokens) come from
 * the server (`$balances`, fetched when this element first shows); other namespaces, and
 * Solana in local mode (no `apiUrl`), show the native balance the adapter reported. Names and
 * symbols are text, never markup. While it shows and the page is visible, the server's balances
 * are read again every 4 s (spec §9 "polling 4 s", as the native balance is), so a token that
 * arrives from outside the modal shows without a click; after a failed read the fetcher's 30 s
 * retry gap holds (one toast, not one every 4 s).
 *
 * @csspart token - One token row.
 */
export class W3mAccountTokens extends OpenModalElement {
  /** Milliseconds between reads of the server's balances while shown (tests lower it). */
  static pollMs = 4_000
  static override styles = [base, assetListStyles]

  private readonly balances = new StoreController(this, $balances)
  private readonly account = new StoreController(this, $activeAccount)
  private readonly network = new StoreController(this, $activeNetwork)
  private readonly options = new StoreController(this, $options)

  private poll: ReturnType<typeof setInterval> | undefined

  override connectedCallback(): void {
    super.connectedCallback()
    clearInterval(this.poll)
    this.poll = setInterval(() => {
      // A background tab does not poll; nothing to read before an account shows.
      if (document.visibilityState === 'hidden' || !$balances.get().key) return
      void fetchBalances({ force: true })
    }, W3mAccountTokens.pollMs)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    clearInterval(this.poll)
    this.poll = undefined
  }

  private rows(): Row[] | undefined {
    const network = this.network.value
    if (!network || isUnsupportedNetwork(network)) return []
    const namespace = network.chainNamespace
    // Solana without a server (local mode) still has the balance its wallet adapter reads.
    if (
      BALANCE_API_NAMESPACES.includes(namespace) &&
      (namespace === 'eip155' || this.options.value?.apiUrl)
    ) {
      return this.balances.value.balances.map((balance) => row(balance, this.locale.value))
    }
    // A namespace the server does not serve: the adapter's native balance is the list.
    const account = this.account.value
    if (account.balance === undefined) return account.balanceLoading ? undefined : []
    return [
      {
        key: 'native',
        name: network.nativeCurrency.name,
        symbol: account.balanceSymbol ?? network.nativeCurrency.symbol,
        amount: groupDecimal(account.balance, this.locale.value, 3),
        fiat: undefined,
        iconUrl: safeAssetImageUrl(network.assets?.imageUrl),
      },
    ]
  }

  override render() {
    const { loading, error } = this.balances.value
    const rows = this.rows()
    if (!rows || (loading && rows.length === 0)) {
      return html`<div class="state" role="status" data-state="loading">
        <wui-spinner></wui-spinner>
        <p class="sub">${t('tokens.loading')}</p>
      </div>`
    }
    if (rows.length === 0) {
      return html`<div class="state" data-state=${error ? 'error' : 'empty'}>
        <p class=${error ? 'error-text' : 'sub'}>${error ? t('tokens.error') : t('tokens.empty')}</p>
      </div>`
    }
    return html`<ul aria-label=${t('tokens.list')}>
      ${rows.map(
        (token) => html`<li class="row" part="token" data-token=${token.key}>
          <span class="thumb" aria-hidden="true">
            ${
              token.iconUrl
                ? html`<img src=${token.iconUrl} alt="" />`
                : html`<span>${token.symbol.slice(0, 1)}</span>`
            }
          </span>
          <span class="main">
            <span class="title" data-name>${token.name}</span>
            <span class="sub" data-amount>${token.amount} ${token.symbol}</span>
          </span>
          <span class="end">
            ${
              token.fiat
                ? html`<span class="title" data-fiat>${token.fiat}</span>`
                : html`<span class="sub" data-fiat>${t('tokens.noPrice')}</span>`
            }
          </span>
        </li>`,
      )}
    </ul>`
  }
}

define('w3m-account-tokens', W3mAccountTokens)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-account-tokens': W3mAccountTokens
  }
}
