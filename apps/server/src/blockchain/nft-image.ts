// The preview image of an NFT from its tokenURI, without fetching anything: inline JSON
// metadata (`data:application/json…`) is read for its `image`; a tokenURI that is itself an
// image file is used as is. Only http(s) URLs are returned (never javascript:, data:text/html…);
// anything else is null and the client shows a placeholder.

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)(\?[^#]*)?$/i
const MAX_URL = 2048

function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

/**
 * @example
 * nftImageUrl('data:application/json;base64,eyJpbWFnZSI6Imh0dHBzOi8vYS5leGFtcGxlL3gucG5nIn0=')
 * // 'https://a.example/x.png'
 */
export function nftImageUrl(tokenUri: string | null): string | null {
  if (!tokenUri) return null
  const inline = /^data:application\/json(;charset=[\w-]+)?(;base64)?,(.*)$/is.exec(tokenUri)
  if (inline) {
    try {
      const text = inline[2]
        ? Buffer.from(inline[3] ?? '', 'base64').toString('utf8')
        : decodeURIComponent(inline[3] ?? '')
      const json = JSON.parse(text) as { image?: unknown; image_url?: unknown }
      return safeHttpUrl(json.image ?? json.image_url)
    } catch {
      return null
    }
  }
  const url = safeHttpUrl(tokenUri)
  return url && IMAGE_FILE.test(new URL(url).pathname) ? url : null
}
