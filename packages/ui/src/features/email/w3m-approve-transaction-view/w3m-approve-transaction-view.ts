import { html } from 'lit'
import '../../../components/wui-spinner/wui-spinner.js'
import { t } from '../../../i18n/index.js'
import '../strings/en.js'
import { OpenModalElement } from '../../../internal/openmodal-element.js'
import { base } from '../../../styles/base.js'
import { viewStyles } from '../../../styles/view-styles.js'
import { define } from '../../../utils/define.js'

/**
 * @summary ApproveTransaction (spec §2, §4): shown while an unsafe request of the embedded wallet
 * (a signature, a transaction) waits for the visitor. The secure frame shows its own approval
 * UI in the modal's place, naming the dapp origin it verified; this view is what the modal
 * shows under it, and the transaction stack pops back once the frame answers.
 *
 * @csspart status - The waiting line.
 */
export class W3mApproveTransactionView extends OpenModalElement {
  static override styles = [base, viewStyles]

  override render() {
    return html`<div class="center">
      <wui-spinner aria-hidden="true"></wui-spinner>
      <p class="headline">${t('approve.title')}</p>
      <p class="muted" part="status" role="status">${t('approve.intro')}</p>
    </div>`
  }
}

define('w3m-approve-transaction-view', W3mApproveTransactionView)

declare global {
  interface HTMLElementTagNameMap {
    'w3m-approve-transaction-view': W3mApproveTransactionView
  }
}
