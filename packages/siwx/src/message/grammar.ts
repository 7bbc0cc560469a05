// The pieces of the EIP-4361 ABNF that regexes of other libraries get wrong: RFC 3986 URIs and
// authorities, RFC 3339 date-times (with a calendar check), the statement's character set.
// Each check answers a reason (what is wrong) or undefined (valid).

// RFC 3986 §2: unreserved, sub-delims, pct-encoded.
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const PCT = '%[0-9A-Fa-f]{2}'
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`

const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/
const USERINFO = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*$`)
const REG_NAME = new RegExp(`^(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*$`)
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])'
const IPV4 = new RegExp(`^${DEC_OCTET}(?:\\.${DEC_OCTET}){3}$`)
const IPVFUTURE = new RegExp(`^[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+$`)
const PATH = new RegExp(`^(?:${PCHAR}|/)*$`)
const QUERY = new RegExp(`^(?:${PCHAR}|[/?])*$`)
const PORT = /^[0-9]*$/

/** RFC 3986 IPv6address (with an optional embedded IPv4 tail). */
function isIpv6(value: string): boolean {
  let text = value
  let groupsForV4 = 0
  const lastColon = text.lastIndexOf(':')
  const tail = text.slice(lastColon + 1)
  if (tail.includes('.')) {
    if (!IPV4.test(tail)) return false
    text = `${text.slice(0, lastColon + 1)}0:0`
    groupsForV4 = 0
  }
  const halves = text.split('::')
  if (halves.length > 2) return false
  const hex = /^[0-9A-Fa-f]{1,4}$/
  const groups = (half: string | undefined) => (half ? half.split(':') : [])
  const head = groups(halves[0])
  const rest = groups(halves[1])
  if (![...head, ...rest].every((group) => hex.test(group))) return false
  const count = head.length + rest.length + groupsForV4
  return halves.length === 2 ? count <= 7 : count === 8
}

/** Why `value` is not an RFC 3986 `host` (IP-literal, IPv4address or reg-name). */
function hostProblem(host: string): string | undefined {
  if (host.startsWith('[')) {
    if (!host.endsWith(']')) return 'an IP literal must end with "]"'
    const inner = host.slice(1, -1)
    return isIpv6(inner) || IPVFUTURE.test(inner) ? undefined : 'not an IPv6 address'
  }
  return REG_NAME.test(host) ? undefined : 'the host has characters RFC 3986 does not allow'
}

/**
 * Why `value` is not an RFC 3986 `authority` (`[userinfo "@"] host [":" port]`), or undefined.
 * EIP-4361 needs a host, so an empty one is refused too.
 */
export function authorityProblem(value: string): string | undefined {
  let rest = value
  const at = rest.lastIndexOf('@')
  if (at !== -1) {
    if (!USERINFO.test(rest.slice(0, at)))
      return 'the user info has characters RFC 3986 does not allow'
    rest = rest.slice(at + 1)
  }
  let host = rest
  const portStart = rest.startsWith('[') ? rest.indexOf(']:') + 1 : rest.lastIndexOf(':')
  if (portStart > 0) {
    if (!PORT.test(rest.slice(portStart + 1))) return 'the port must be digits'
    host = rest.slice(0, portStart)
  }
  if (!host) return 'a host is required'
  return hostProblem(host)
}

/** Why `value` is not an RFC 3986 absolute `URI` (scheme ":" hier-part ["?" query] ["#" fragment]). */
export function uriProblem(value: string): string | undefined {
  const colon = value.indexOf(':')
  if (colon < 1 || !SCHEME.test(value.slice(0, colon))) {
    return 'expected an RFC 3986 URI starting with a scheme ("https:")'
  }
  let rest = value.slice(colon + 1)
  const hash = rest.indexOf('#')
  if (hash !== -1) {
    if (!QUERY.test(rest.slice(hash + 1)))
      return 'the fragment has characters RFC 3986 does not allow'
    rest = rest.slice(0, hash)
  }
  const question = rest.indexOf('?')
  if (question !== -1) {
    if (!QUERY.test(rest.slice(question + 1)))
      return 'the query has characters RFC 3986 does not allow'
    rest = rest.slice(0, question)
  }
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2)
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash)
    // RFC 3986 allows an empty host after "//" (file:///), unlike the message's domain.
    if (authority) {
      const problem = authorityProblem(authority)
      if (problem) return problem
    }
    rest = slash === -1 ? '' : rest.slice(slash)
  }
  if (!PATH.test(rest)) return 'the path has characters RFC 3986 does not allow'
  return undefined
}

/** Why `value` is not a URI scheme (RFC 3986 §3.1). */
export function schemeProblem(value: string): string | undefined {
  return SCHEME.test(value)
    ? undefined
    : 'expected an RFC 3986 scheme (a letter, then letters, digits, "+", "-" or ".")'
}

// RFC 3339 §5.6 date-time; ABNF strings are case-insensitive, so "t" and "z" are allowed.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * The instant of an RFC 3339 `date-time`, or undefined when it is not one or names a day the
 * calendar does not have (2022-02-31). A leap second (:60) counts as the next second.
 *
 * @example
 * parseDateTime('2021-09-30T16:25:24-02:00') // Date of 18:25:24Z
 */
export function parseDateTime(value: string): Date | undefined {
  const m = DATE_TIME.exec(value)
  if (!m) return undefined
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined
  if (hour > 23 || minute > 59 || second > 60) return undefined
  const offsetHours = m[9] === undefined ? 0 : Number(m[9])
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10])
  if (offsetHours > 23 || offsetMinutes > 59) return undefined
  const sign = m[8] === '-' ? -1 : 1
  const fraction = m[7] ? Number(`0${m[7]}`) : 0
  const utc =
    Date.UTC(year, month - 1, day, hour, minute, second) +
    Math.floor(fraction * 1000) -
    sign * (offsetHours * 60 + offsetMinutes) * 60_000
  const date = new Date(utc)
  // Date.UTC maps years 0-99 to 1900-1999.
  if (year < 100) date.setUTCFullYear(year)
  return date
}

/** EIP-4361 statement: `*( reserved / unreserved / " " )`: printable ASCII but `"%<>\^`{|}`. */
const STATEMENT = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`)

/** Why `value` is not an EIP-4361 statement. */
export function statementProblem(value: string): string | undefined {
  if (value.includes('\n')) return 'must be one line'
  return STATEMENT.test(value)
    ? undefined
    : 'only letters, digits, spaces and the URI punctuation of RFC 3986 are allowed (EIP-4361)'
}

/** EIP-4361 request-id: `*pchar`. */
export function requestIdProblem(value: string): string | undefined {
  return new RegExp(`^${PCHAR}*$`).test(value)
    ? undefined
    : 'only the characters of a URI path segment are allowed (RFC 3986 pchar)'
}

/** EIP-4361 nonce: at least 8 letters or digits. */
export function nonceProblem(value: string): string | undefined {
  return /^[A-Za-z0-9]{8,}$/.test(value) ? undefined : 'expected at least 8 letters or digits'
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A nonce of `length` (default 17, ~101 bits) letters and digits from `crypto.getRandomValues`,
 * without modulo bias (bytes ≥ 248 are drawn again).
 *
 * @example
 * generateNonce() // 'bTyXgcQxn2htgkjJn'
 */
export function generateNonce(length = 17): string {
  if (!Number.isInteger(length) || length < 8)
    throw new RangeError('a nonce has at least 8 characters')
  let nonce = ''
  const bytes = new Uint8Array(length * 2)
  while (nonce.length < length) {
    crypto.getRandomValues(bytes)
    for (const byte of bytes) {
      if (byte < 248 && nonce.length < length) nonce += NONCE_ALPHABET[byte % 62]
    }
  }
  return nonce
}
