import type { SwapToken } from '@openmodal/core/api'
import { $sendTokens, $swapDraft, $view, goBack, updateSwapDraft } from '@openmodal/core/internal'
import { html, nothing } from 'lit'
import { matchesQuery, TokenPickerView, tokenRow } from '../../../components/token-picker.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { assetListStyles } from '../../../styles/asset-list-styles.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { localBalance } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { sendStyles } from '../../send/send-styles.js'
import { balanceOf, shown, usdValue } from '../swap-state.js'

/**
 * @summary SwapSelectToken: the network's swap tokens for one side of Swap (the token to pay
 * with or the one to receive, from the view's `swapSide`), filtered by name or symbol as the
 * visitor types: first "Your tokens" (those the account holds, with the amount and its USD
 * value where the server prices the token), then the other tokens. Picking the token the
 * other side holds switches the two; picking goes back to Swap. Arrow keys move between the
 * tokens.
 *
 * @csspart search-input - The name or symbol filter.
 * @csspart token - One token (a button).
 */
export class W3mSwapSelectTokenView extends TokenPickerView {
  static override styles = [base, viewStyles, assetListStyles, sendStyles]

  private readonly draft = new StoreController(this, $swapDraft)
  private readonly balances = new StoreController(this, $sendTokens)

  private side(): 'from' | 'to' {
    return $view.get()?.data?.swapSide ?? 'from'
  }

  private pick(token: SwapToken): void {
    const { fromToken, toToken } = $swapDraft.get()
    const [mine, other] = this.side() === 'from' ? [fromToken, toToken] : [toToken, fromToken]
    const same = (address: string | undefined) =>
      address?.toLowerCase() === token.address.toLowerCase()
    // The other side's token: the two switch places (a swap needs two different tokens).
    const patch = same(other)
      ? { fromToken: toToken, toToken: fromToken }
      : { [this.side() === 'from' ? 'fromToken' : 'toToken']: token.address }
    if (!same(mine)) updateSwapDraft(patch)
    goBack()
  }

  private list(label: string, tokens: readonly SwapToken[], data: string) {
    if (tokens.length === 0) return nothing
    const locale = this.locale.value
    const draft = this.draft.value
    const current = (this.side() === 'from' ? draft.fromToken : draft.toToken)?.toLowerCase()
    const balances = this.balances.value.tokenBalances
    return html`<h3 class="sub" id=${`${data}-label`}>${label}</h3>
      <ul aria-labelledby=${`${data}-label`} data-list=${data} @keydown=${this.nav.onKeydown}>
        ${tokens.map((token) => {
          const balance = balanceOf(token, balances)
          return tokenRow({
            key: token.address,
            name: token.name,
            symbol: token.symbol,
            iconUrl: token.logoUri,
            amount: balance
              ? `${localBalance(balance.quantity.numeric, locale)} ${token.symbol}`
              : token.symbol,
            fiat: balance
              ? usdValue(token, balance.quantity.numeric, shown.prices, locale)
              : undefined,
            current: token.address.toLowerCase() === current,
            pick: () => this.pick(token),
          })
        })}
      </ul>`
  }

  override render() {
    const balances = this.balances.value.tokenBalances
    const tokens = shown.tokens.filter((token) => matchesQuery(token, this.query))
    const held = (token: SwapToken) => {
      const balance = balanceOf(token, balances)
      return balance !== undefined && Number(balance.quantity.numeric) > 0
    }
    const yours = tokens.filter(held)
    const others = tokens.filter((token) => !held(token))
    return html`<div class="stack">
      ${this.search(t('swap.searchToken'))}
      ${
        tokens.length === 0
          ? html`<div class="state" data-state="empty">
              <p class="sub">${t('swap.noMatch')}</p>
            </div>`
          : html`${this.list(t('swap.yourTokens'), yours, 'yours')}
            ${this.list(t('swap.otherTokens'), others, 'others')}`
      }
    </div>`
  }
}

define('w3m-swap-select-token-view', W3mSwapSelectTokenView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-swap-select-token-view': W3mSwapSelectTokenView
  }
}
