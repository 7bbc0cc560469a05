// /loading: what the social login popup (part 2) shows while it is sent on to the provider.
import { css, html, LitElement } from 'lit'

/** @summary A spinner with a live "Loading…" label. */
export class OmLoading extends LitElement {
  static override styles = css`
    :host { display: grid; place-items: center; min-height: 100vh; font: 14px system-ui, sans-serif; }
    .spinner {
      width: 32px; height: 32px; border-radius: 50%;
      border: 3px solid #ddd; border-top-color: #3396ff;
      animation: spin 1s linear infinite;
    }
    @keyframes spin { to { transform: rotate(360deg); } }
    @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
  `
  override render() {
    return html`<div role="status" aria-live="polite"><div class="spinner" aria-hidden="true"></div><p>Loading…</p></div>`
  }
}

if (!customElements.get('om-loading')) customElements.define('om-loading', OmLoading)
