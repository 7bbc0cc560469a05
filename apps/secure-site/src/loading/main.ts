// /loading: what the social login popup shows while it is sent on to the provider, and where the
// server sends it back (`?social=done` or `?social=failed`). The frame learns the outcome from
// the server; the channel message below only saves it a poll where the browser lets it through
// (the frame's storage may be partitioned away from this top-level page).
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
    const outcome = new URLSearchParams(location.search).get('social')
    if (outcome === 'done' || outcome === 'failed') {
      return html`<div role="status" aria-live="polite"><p>${outcome === 'done' ? 'Signed in. You can close this window.' : 'Failed to initiate social connection'}</p></div>`
    }
    return html`<div role="status" aria-live="polite"><div class="spinner" aria-hidden="true"></div><p>Loading…</p></div>`
  }
}

if (!customElements.get('om-loading')) customElements.define('om-loading', OmLoading)

const outcome = new URLSearchParams(location.search).get('social')
if (outcome === 'done' || outcome === 'failed') {
  try {
    const channel = new BroadcastChannel('openmodal-social')
    channel.postMessage({ social: outcome })
    channel.close()
  } catch {}
}
