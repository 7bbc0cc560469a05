import type { TokenBalance } from '@openmodal/core/api'
import {
  $sendDraft,
  $sendTokens,
  goBack,
  loadSendTokens,
  updateSendDraft,
} from '@openmodal/core/internal'
import { html } from 'lit'
import { matchesQuery, TokenPickerView, tokenRow } from '../../../components/token-picker.js'
import '../../../components/wui-spinner/wui-spinner.js'
import { StoreController } from '../../../controllers/store-controller.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { assetListStyles } from '../../../styles/asset-list-styles.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { localBalance, localFiat } from '../../../utils/amount.js'
import { define } from '../../../utils/define.js'
import { sendStyles } from '../send-styles.js'

const tokenKey = (token: TokenBalance) => token.address ?? `native:${token.chainId}`

/**
 * @summary WalletSendSelectToken: the account's balances on the network (native first), each
 * with its icon (safe URLs only), name, amount and fiat value, filtered by name or symbol as
 * the visitor types. Picking one sets the draft's token and goes back to WalletSend. Arrow
 * keys move between the tokens.
 *
 * @csspart search-input - The name or symbol filter.
 * @csspart token - One token (a button).
 */
export class W3mWalletSendSelectTokenView extends TokenPickerView {
  static override styles = [base, viewStyles, assetListStyles, sendStyles]

  private readonly draft = new StoreController(this, $sendDraft)
  private readonly tokens = new StoreController(this, $sendTokens)

  override connectedCallback(): void {
    super.connectedCallback()
    if ($sendTokens.get().tokenBalances.length === 0) void loadSendTokens()
  }

  private pick(token: TokenBalance): void {
    const previous = $sendDraft.get().token
    // Another token: an amount typed for the previous one means nothing for this one.
    const other = previous && tokenKey(previous) !== tokenKey(token)
    updateSendDraft({ token, ...(other ? { sendTokenAmount: undefined } : {}) })
    goBack()
  }

  private filtered(): TokenBalance[] {
    return this.tokens.value.tokenBalances.filter((token) => matchesQuery(token, this.query))
  }

  override render() {
    const locale = this.locale.value
    const { loading, tokenBalances } = this.tokens.value
    const picked = this.draft.value.token
    const tokens = this.filtered()
    return html`<div class="stack">
      ${this.search(t('send.searchToken'))}
      ${
        loading && tokenBalances.length === 0
          ? html`<div class="state" role="status" data-state="loading">
              <wui-spinner></wui-spinner>
              <p class="sub">${t('tokens.loading')}</p>
            </div>`
          : tokens.length === 0
            ? html`<div class="state" data-state="empty">
                <p class="sub">${t(tokenBalances.length ? 'send.noMatch' : 'tokens.empty')}</p>
              </div>`
            : html`<ul aria-label=${t('tokens.list')} @keydown=${this.nav.onKeydown}>
                ${tokens.map((token) =>
                  tokenRow({
                    key: tokenKey(token),
                    name: token.name,
                    symbol: token.symbol,
                    iconUrl: token.iconUrl,
                    amount: `${localBalance(token.quantity.numeric, locale)} ${token.symbol}`,
                    fiat:
                      typeof token.value === 'number'
                        ? t('tokens.usd', { currency: '$', value: localFiat(token.value, locale) })
                        : undefined,
                    current: picked ? tokenKey(picked) === tokenKey(token) : false,
                    pick: () => this.pick(token),
                  }),
                )}
              </ul>`
      }
    </div>`
  }
}

define('w3m-wallet-send-select-token-view', W3mWalletSendSelectTokenView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-wallet-send-select-token-view': W3mWalletSendSelectTokenView
  }
}
