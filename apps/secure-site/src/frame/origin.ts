// Spec §5: origin checks support exact origins and wildcards (`https://*.vercel.app`,
// `http://localhost:*`). A wildcard stands for one or more DNS labels or for any port.

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
const LABELS = '[a-z0-9-]+(?:\\.[a-z0-9-]+)*'

/** A pattern as a RegExp over a whole origin. */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern.split('*').map(escapeRegExp)
  const source = parts
    .map((part, index) => {
      if (index === parts.length - 1) return part
      // `*` right after the host's colon at the end is any port; elsewhere one or more labels.
      const isPort = part.endsWith(':') && index === parts.length - 2 && parts[index + 1] === ''
      return part + (isPort ? '\\d{1,5}' : LABELS)
    })
    .join('')
  return new RegExp(`^${source}$`, 'i')
}

/**
 * True when `origin` is one of `allowed` (exact origins or wildcard patterns).
 *
 * @example
 * originAllowed('https://app.vercel.app', ['https://*.vercel.app']) // true
 */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (origin === 'null') return false
  return allowed.some(
    (pattern) =>
      pattern === origin || (pattern.includes('*') && patternToRegExp(pattern).test(origin)),
  )
}
