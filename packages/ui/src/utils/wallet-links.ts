// Deep links that hand a WalletConnect URI to a wallet app: `${link}wc?uri=${encoded}` on the
// registry wallet's mobile (universal https or native scheme), desktop or web-app link. Links
// come from a registry, so only https and plain app schemes pass; never javascript:, data:,
// file:, blob: or http:.

/** Which of a wallet's links. */
export type WalletLinkKind = 'mobile' | 'desktop' | 'webapp'

export interface WalletLink {
  /** Where to go: the link with the encoded URI. */
  href: string
  /** `_self` for apps (iOS opens universal links only on a top-level navigation), `_blank` for web pages. */
  target: '_self' | '_blank'
}

/** Schemes that run code, read local data or are not an app: never opened. */
const UNSAFE_SCHEMES = new Set([
  'javascript',
  'data',
  'vbscript',
  'file',
  'blob',
  'about',
  'filesystem',
  'http',
  'ws',
  'wss',
  'ftp',
  'intent',
  'chrome',
  'view-source',
])

const SCHEME = /^([a-z][a-z0-9+.-]*):/i
/** No whitespace or control characters anywhere (they hide schemes from naive checks). */
const isClean = (text: string) =>
  [...text].every((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f) && !/\s/.test(text)

/**
 * The deep link that opens `uri` in a wallet app, or `undefined` when the wallet has no such
 * link or it is not safe. A universal (https) link gets `wc?uri=…` after a trailing slash; a
 * bare native scheme (`metamask:` or `metamask`) becomes `metamask://wc?uri=…`. Web-app links
 * must be https.
 *
 * @example
 * walletConnectLink('https://metamask.app.link', uri, 'mobile')
 * // { href: 'https://metamask.app.link/wc?uri=wc%3A…', target: '_self' }
 * walletConnectLink('trust:', uri, 'mobile')
 * // { href: 'trust://wc?uri=wc%3A…', target: '_self' }
 * walletConnectLink('javascript:alert(1)', uri, 'mobile') // undefined
 */
export function walletConnectLink(
  link: string | null | undefined,
  uri: string,
  kind: WalletLinkKind,
): WalletLink | undefined {
  if (typeof link !== 'string') return undefined
  const trimmed = link.trim()
  if (!trimmed || !isClean(trimmed) || !uri.startsWith('wc:')) return undefined
  const match = SCHEME.exec(trimmed)
  const scheme = (match?.[1] ?? trimmed.replace(/[:/]+$/, '')).toLowerCase()
  let base: string
  if (scheme === 'https') {
    try {
      new URL(trimmed)
    } catch {
      return undefined
    }
    base = trimmed
  } else {
    if (kind === 'webapp' || UNSAFE_SCHEMES.has(scheme) || !/^[a-z][a-z0-9+.-]*$/.test(scheme)) {
      return undefined
    }
    // `rainbow:` or `rainbow` → `rainbow://` (the incumbent's native-link rule).
    base = trimmed.includes('://') ? trimmed : `${scheme}://`
  }
  if (!base.endsWith('/')) base = `${base}/`
  const href = `${base}wc?uri=${encodeURIComponent(uri)}`
  const target = kind === 'mobile' || scheme !== 'https' ? '_self' : '_blank'
  return { href, target }
}

/**
 * Opens a deep link. Call it synchronously in the click handler (the user-gesture tick):
 * iOS and pop-up blockers refuse an app switch or a new tab opened after an `await`.
 *
 * @example button.onclick = () => openWalletLink(link)
 */
export function openWalletLink(link: WalletLink, win: Pick<Window, 'open'> = window): void {
  if (link.target === '_blank') win.open(link.href, '_blank', 'noopener,noreferrer')
  else win.open(link.href, '_self')
}

/** Whether this browser is on a phone or tablet (mobile links are preferred there). */
export function isMobileBrowser(nav: Navigator = navigator): boolean {
  const data = (nav as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData
  if (typeof data?.mobile === 'boolean') return data.mobile
  return /Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)
}
