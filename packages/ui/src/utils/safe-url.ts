// URLs that reach the DOM. Wallet and network icons come from third parties (EIP-6963
// announcements, registries, host options): only inline images and https are allowed.

/**
 * `url` when it is a `data:image/…` or `https:` URL (or `http:` with `allowHttp`, for images
 * served by the host's own OpenModal server, which may run on http locally), else `undefined`.
 * `data:image/svg+xml` is fine: an SVG in `<img>` runs no script.
 *
 * @example
 * safeImageUrl('https://example.com/icon.png') // 'https://example.com/icon.png'
 * safeImageUrl('javascript:alert(1)') // undefined
 * safeImageUrl('http://127.0.0.1:8787/v1/wallets/x/image', { allowHttp: true }) // the URL
 */
export function safeImageUrl(
  url: unknown,
  options: { allowHttp?: boolean } = {},
): string | undefined {
  if (typeof url !== 'string') return undefined
  const value = url.trim()
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return value
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || (options.allowHttp && protocol === 'http:') ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * `url` when it is an `http:` or `https:` URL (legal links), else `undefined`.
 *
 * @example
 * safeLinkUrl('https://example.com/terms') // 'https://example.com/terms'
 */
export function safeLinkUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

const RASTER_OR_SVG = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/**
 * `url` when it may be loaded as an asset image (token icon, NFT preview), else `undefined`:
 * `https:`, `http:` (a self-hosted server on a local network serves plain http) or an inline
 * `data:image/` of type png, jpeg, gif, webp or svg+xml. Never `javascript:`, `data:text/html`
 * or any other scheme. The answer is for `<img src>` only, where an SVG runs no script.
 *
 * @example
 * safeAssetImageUrl('https://example.com/kitty.png') // 'https://example.com/kitty.png'
 * safeAssetImageUrl('data:text/html,<script>alert(1)</script>') // undefined
 */
export function safeAssetImageUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined
  const value = url.trim()
  if (value.toLowerCase().startsWith('data:')) return RASTER_OR_SVG.test(value) ? value : undefined
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:' ? value : undefined
  } catch {
    return undefined
  }
}
