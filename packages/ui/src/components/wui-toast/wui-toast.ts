import {
  $snack,
  type SnackVariant,
  showSnack,
  subscribeEvents,
  TOAST_MESSAGES,
} from '@openmodal/core/internal'
import { css, html, nothing } from 'lit'
import { StoreController } from '../../controllers/store-controller.js'
import '../../i18n/en-views.js'
import { tToast } from '../../i18n/coded.js'
import { type MessageKey, t } from '../../i18n/index.js'
import { base } from '../../styles/base.js'
import { iconStyles } from '../../styles/icons.js'
import { define } from '../../utils/define.js'
import { safeLinkUrl } from '../../utils/safe-url.js'
import { icon } from '../icons.js'
import '../wui-spinner/wui-spinner.js'
import { OpenModalElement } from '../../internal/openmodal-element.js'

// Core's initial code reports a failed balance read by code on its ERROR event rather than
// through the toast store, which is lazy code that loads with this shell (spec §8 "Token
// Balance Unavailable", once when the network stops answering). A read that failed before the
// shell loaded is not toasted: toasts show inside the open modal, and Account says the balance
// is unavailable.
// A batch a host sent with core's `sendCalls` to a wallet without EIP-5792 went as one
// transaction per call (viem's fallback): not atomic, one prompt per call. The visitor is told.
subscribeEvents(({ event, properties }) => {
  if (properties?.code === 'TOKEN_BALANCE_UNAVAILABLE') {
    showSnack(TOAST_MESSAGES.TOKEN_BALANCE_UNAVAILABLE, { variant: 'error', code: properties.code })
  } else if (event === 'SEND_CALLS_SUCCESS' && properties?.fallback === true) {
    showSnack(t('toast.callsOneByOne'), { variant: 'success' })
  }
})

const VARIANT_LABEL: Record<SnackVariant, MessageKey> = {
  success: 'toast.success',
  error: 'toast.error',
  loading: 'toast.loading',
}

/**
 * @summary The modal's toast: shows `$snack` (one at a time; core delays a replacement by
 * 150 ms). The live region stays in the DOM so screen readers announce each new message.
 *
 * @csspart region - The polite live region (role status).
 * @csspart toast - The visible pill.
 * @csspart toast-link - A link the toast offers (the transaction on the block explorer).
 * @cssproperty --wui-toast-offset - Distance from the panel's bottom edge, default 16px.
 */
export class WuiToast extends OpenModalElement {
  static override styles = [
    base,
    iconStyles,
    css`
      :host {
        position: absolute;
        inset-inline: 0;
        inset-block-end: var(--wui-toast-offset, 16px);
        display: flex;
        justify-content: center;
        pointer-events: none;
      }

      .toast {
        display: inline-flex;
        align-items: center;
        gap: 8px;
        max-inline-size: calc(100% - 32px);
        padding-block: 8px;
        padding-inline: 12px 16px;
        border: 1px solid var(--wui-border);
        border-radius: var(--wui-radius-full);
        background: var(--wui-bg);
        color: var(--wui-fg);
        box-shadow: var(--wui-shadow);
        font-size: var(--wui-font-size-small);
        font-weight: 600;
        animation: toast-in var(--wui-duration-view) ease-out;
      }

      .toast.linked {
        pointer-events: auto;
      }

      a {
        color: var(--wui-accent);
        white-space: nowrap;
      }

      .success .icon {
        color: var(--wui-success);
      }

      .error .icon {
        color: var(--wui-error);
      }

      wui-spinner {
        --wui-spinner-size: 16px;
      }

      @keyframes toast-in {
        from {
          opacity: 0;
          transform: translateY(8px);
        }
      }
    `,
  ]

  private readonly snack = new StoreController(this, $snack)

  override render() {
    const { open, variant, link } = this.snack.value
    const href = safeLinkUrl(link?.href)
    // Core's spec §8 toasts (`code`) by code in the catalog; other toasts as given.
    const message = tToast(this.snack.value)
    return html`<div part="region" role="status" aria-live="polite" aria-atomic="true">
      ${
        open && message
          ? html`<div
            part="toast"
            class="toast ${variant} ${href ? 'linked' : ''}"
            data-variant=${variant}
          >
            ${
              variant === 'loading'
                ? html`<wui-spinner></wui-spinner>`
                : icon(variant === 'error' ? 'error' : 'check')
            }
            <span class="visually-hidden">${t(VARIANT_LABEL[variant])}:</span>
            <span class="message">${message}</span>
            ${
              href && link
                ? html`<a part="toast-link" href=${href} target="_blank" rel="noopener noreferrer"
                    >${link.label}<span class="visually-hidden"> ${t('common.newTab')}</span></a
                  >`
                : nothing
            }
          </div>`
          : nothing
      }
    </div>`
  }
}

define('wui-toast', WuiToast)

declare global {
  interface HTMLElementTagNameMap {
    'wui-toast': WuiToast
  }
}
