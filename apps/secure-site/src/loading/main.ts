// /loading: what the social login popup shows while it is sent on to the provider, and where the
// server sends it back (`?social=done` or `?social=failed`). The frame learns the outcome from
// the server; the channel message below only saves it a poll where the browser lets it through
// (the frame's storage may be partitioned away from this top-level page). Telegram comes back
// here itself, its signed result in the fragment (`#tgAuthResult=`, which never reaches a
// server): the page hands it with the attempt's `state` to the server's callback.
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
    const outcome = telegramFailed ? 'failed' : new URLSearchParams(location.search).get('social')
    if (outcome === 'done' || outcome === 'failed') {
      return html`<div role="status" aria-live="polite"><p>${outcome === 'done' ? 'Signed in. You can close this window.' : 'Failed to initiate social connection'}</p></div>`
    }
    return html`<div role="status" aria-live="polite"><div class="spinner" aria-hidden="true"></div><p>Loading…</p></div>`
  }
}

let telegramFailed = false

/**
 * Telegram's result on its way to the server: read from the fragment (then dropped from the
 * address), sent with `state` to the callback of the API this project's frame uses. The server
 * checks Telegram's signature; this page only carries it.
 */
async function forwardTelegram(): Promise<void> {
  const query = new URLSearchParams(location.search)
  const result = new URLSearchParams(location.hash.slice(1)).get('tgAuthResult')
  const state = query.get('state')
  const projectId = query.get('projectId')
  if (result === null || !state || !projectId) return
  history.replaceState(null, '', `${location.pathname}${location.search}`)
  try {
    const response = await fetch(`/frame-config?projectId=${encodeURIComponent(projectId)}`, {
      credentials: 'omit',
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const { apiUrl } = (await response.json()) as { apiUrl?: unknown }
    if (typeof apiUrl !== 'string' || !/^https?:\/\//.test(apiUrl)) throw new Error('No API URL')
    const callback = new URL(`${apiUrl.replace(/\/$/, '')}/v1/auth/social/callback`)
    callback.searchParams.set('state', state)
    callback.searchParams.set('tgAuthResult', result)
    location.replace(callback.href)
  } catch {
    telegramFailed = true
    document.querySelector<OmLoading>('om-loading')?.requestUpdate()
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

void forwardTelegram()
