// The sandbox checkout page: plain HTML, no script at all, every value escaped as text, its
// one stylesheet allowed by hash. It posts back to itself (form-action 'self').
import { createHash } from 'node:crypto'
import type { StoredPurchase } from './store.js'

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#141414}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;margin:0 0 4px}p.note{color:#555;font-size:14px;margin:0 0 16px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;font-size:14px}dt{color:#555}dd{margin:0;word-break:break-all}
label{display:block;margin:16px 0 4px;font-weight:600}input{font:inherit;width:100%;box-sizing:border-box;padding:8px;border:1px solid #999;border-radius:8px}
button{margin-top:16px;width:100%;font:inherit;font-weight:600;padding:10px;border:0;border-radius:8px;background:#1f5eff;color:#fff;cursor:pointer}
.error{color:#b00020;margin:8px 0 0}.done{color:#0a7d32;font-weight:600}
`.trim()

/** The Content-Security-Policy of every checkout answer. */
export const CHECKOUT_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

export const CHECKOUT_HEADERS = {
  'content-security-policy': CHECKOUT_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Not no-referrer: with it Chromium sends `Origin: null` on the page's own POST, and Pay checks
  // that Origin. same-origin still sends no referrer to any other site.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe for HTML content and quoted attributes. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string)

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`
}

function details(purchase: StoredPurchase, projectName: string): string {
  const rows: [string, string][] = [
    ['For', projectName],
    ['Buy', purchase.asset],
    ['Network', purchase.chainId],
    ['To', purchase.address],
    ['Pay with', purchase.method === 'card' ? 'Card' : 'Bank transfer'],
  ]
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`
}

/** The form: amount prefilled, limits as the input's bounds, an error when the last try failed. */
export function checkoutForm(
  purchase: StoredPurchase,
  input: { projectName: string; min: number; max: number; amount: string; error?: string },
): string {
  const error = input.error
    ? `<p class="error" id="amount-error" role="alert">${escapeHtml(input.error)}</p>`
    : ''
  return page(
    'Sandbox checkout',
    `<h1>Sandbox checkout</h1>
<p class="note">A test payment: nothing is charged. Pay credits the address on this local chain.</p>
${details(purchase, input.projectName)}
<form method="post" action="${escapeHtml(purchase.id)}">
<label for="amount">Amount (${escapeHtml(purchase.currency)}, ${input.min} to ${input.max})</label>
<input id="amount" name="amount" inputmode="decimal" required value="${escapeHtml(input.amount)}"${
      input.error ? ' aria-invalid="true" aria-describedby="amount-error"' : ''
    }>
${error}
<button type="submit">Pay</button>
</form>`,
  )
}

/** The page after a Pay (or for a purchase no longer pending). */
export function checkoutResult(purchase: StoredPurchase, projectName: string): string {
  const outcome =
    purchase.status === 'completed'
      ? `<p class="done" role="status">Payment received: ${escapeHtml(purchase.cryptoAmount ?? '')} ${escapeHtml(
          purchase.asset,
        )} sent. You can close this window.</p>`
      : purchase.status === 'failed'
        ? '<p class="error" role="alert">The payment failed: nothing was credited. Start a new purchase.</p>'
        : '<p role="status">The payment is being processed. You can close this window.</p>'
  return page(
    'Sandbox checkout',
    `<h1>Sandbox checkout</h1>${details(purchase, projectName)}${outcome}`,
  )
}

/** The page for an unknown checkout id. */
export const checkoutNotFound = (): string =>
  page(
    'Sandbox checkout',
    '<h1>Sandbox checkout</h1><p class="error" role="alert">No such purchase.</p>',
  )
