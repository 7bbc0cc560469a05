// Origin allow-listing for the e-mail and social login frame (spec §5, §6).

/** Origins allowed by default: localhost on any port, preview hosts, secure-mobile hosts. */
export const DEFAULT_ALLOWED_ANCESTORS: readonly string[] = [
  'http://localhost:*',
  'https://localhost:*',
  'https://*.pages.dev',
  'https://*.vercel.app',
  'https://*.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'https://secure-mobile.walletconnect.org',
]

interface ParsedOrigin {
  protocol: string
  labels: readonly string[]
  /** '' for the scheme's default port. */
  port: string
}

interface ParsedPattern extends ParsedOrigin {
  anyPort: boolean
}

// Stands in for a `*` label so the URL parser can normalise the rest of the host.
const WILDCARD = 'openmodal-wildcard-label'
const PATTERN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#@\s]+?)(?::(\d+|\*))?\/?$/i

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}

// An origin is scheme, host and optional port: no credentials, path, query or fragment.
function isBareOrigin(url: URL): boolean {
  return (
    url.origin !== 'null' &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash
  )
}

function parseOrigin(origin: string): ParsedOrigin | undefined {
  if (!origin.includes('://')) return undefined
  const url = parseUrl(origin)
  if (!url || !isBareOrigin(url)) return undefined
  return { protocol: url.protocol, labels: url.hostname.split('.'), port: url.port }
}

function parsePattern(pattern: string): ParsedPattern | undefined {
  const match = PATTERN.exec(pattern)
  if (!match) return undefined
  const [, scheme = '', host = '', port] = match
  const labels = host.split('.')
  if (labels.some((label) => label === '' || (label.includes('*') && label !== '*'))) {
    return undefined
  }
  if (labels.every((label) => label === '*')) return undefined
  const anyPort = port === '*'
  const hostText = labels.map((label) => (label === '*' ? WILDCARD : label)).join('.')
  const url = parseUrl(`${scheme}://${hostText}${port && !anyPort ? `:${port}` : ''}`)
  if (!url || !isBareOrigin(url)) return undefined
  return {
    protocol: url.protocol,
    labels: url.hostname.split('.'),
    port: url.port,
    anyPort,
  }
}

function matches(origin: ParsedOrigin, pattern: ParsedPattern): boolean {
  if (origin.protocol !== pattern.protocol) return false
  if (!pattern.anyPort && origin.port !== pattern.port) return false
  if (origin.labels.length !== pattern.labels.length) return false
  return pattern.labels.every((label, index) => {
    const actual = origin.labels[index]
    return label === WILDCARD ? Boolean(actual) : label === actual
  })
}

/**
 * Whether `origin` (as in `MessageEvent.origin`) is allowed by one of `patterns`.
 * Patterns are origins where a whole host label may be `*` (exactly one DNS label) and the
 * port may be `*` (any port, default included). Scheme, host and port are compared exactly
 * after URL normalisation (`https://a.io:443` is `https://a.io`). The `null` origin and
 * malformed origins or patterns never match.
 *
 * @example
 * isOriginAllowed('https://app.vercel.app', ['https://*.vercel.app']) // true
 * isOriginAllowed('https://a.b.vercel.app', ['https://*.vercel.app']) // false
 * isOriginAllowed('http://localhost:5173', DEFAULT_ALLOWED_ANCESTORS) // true
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  if (typeof origin !== 'string') return false
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  return patterns.some((text) => {
    const pattern = typeof text === 'string' ? parsePattern(text) : undefined
    return pattern !== undefined && matches(parsed, pattern)
  })
}
