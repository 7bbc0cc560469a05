import { css, html, LitElement } from 'lit'
import { define } from '../../utils/define.js'

/**
 * @summary A decorative loading indicator; put the words next to it (or in a live region).
 *
 * @csspart spinner - The rotating ring.
 * @cssproperty --wui-spinner-size - Diameter, default 24px.
 */
export class WuiSpinner extends LitElement {
  static override styles = css`
    :host {
      display: inline-flex;
      --_size: var(--wui-spinner-size, 24px);
    }

    .spinner {
      inline-size: var(--_size);
      block-size: var(--_size);
      border-radius: 50%;
      border: 3px solid color-mix(in srgb, currentColor 20%, transparent);
      border-block-start-color: var(--wui-accent, currentColor);
      animation: spin 0.8s linear infinite;
    }

    @keyframes spin {
      to {
        transform: rotate(1turn);
      }
    }

    @media (prefers-reduced-motion: reduce) {
      .spinner {
        animation-duration: 2.4s;
      }
    }
  `

  override render() {
    return html`<span class="spinner" part="spinner" aria-hidden="true"></span>`
  }
}

define('wui-spinner', WuiSpinner)

declare global {
  interface HTMLElementTagNameMap {
    'wui-spinner': WuiSpinner
  }
}
