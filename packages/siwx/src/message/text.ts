// The EIP-4361 text layout, shared by Sign-In With Ethereum and CAIP-122 (which generalises it
// to any chain): a line-by-line parser that follows the ABNF's order and names the first
// field that does not fit, and the matching serializer. Field values are kept as written
// (times as their text), so serialize(parse(text)) === text.
import { SiwxError, type SiwxField } from '../errors.js'
import {
  authorityProblem,
  nonceProblem,
  parseDateTime,
  requestIdProblem,
  schemeProblem,
  statementProblem,
  uriProblem,
} from './grammar.js'

/** The fields of an EIP-4361 / CAIP-122 message, as written in it. */
export interface MessageFields<TChainId = string> {
  /** URI scheme before the domain (`https://example.com wants you…`); absent: none written. */
  scheme?: string | undefined
  /** RFC 3986 authority asking for the sign-in. */
  domain: string
  address: string
  /** One line; absent: no statement line. */
  statement?: string | undefined
  /** RFC 3986 URI of the resource that is the subject of the signing. */
  uri: string
  version: '1'
  chainId: TChainId
  nonce: string
  /** RFC 3339 date-time, as written. */
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  /** RFC 3986 URIs; absent: no `Resources:` line. */
  resources?: readonly string[] | undefined
}

/** How a namespace writes its messages: the account noun and the address and chain checks. */
export interface TextDialect<TChainId> {
  /** `Ethereum` in "wants you to sign in with your Ethereum account:". */
  label: string
  /** Short name in errors: `SIWE`, `SIWX`. */
  name: string
  addressProblem(address: string): string | undefined
  chainIdProblem(text: string): string | undefined
  parseChainId(text: string): TChainId
  formatChainId(chainId: TChainId): string
  /**
   * EIP-4361 and CAIP-122 write an empty line where the statement would be; Sign-In With
   * Solana writes nothing (`address LF LF URI: …`).
   */
  blankWithoutStatement: boolean
}

const FIELD_LABELS: Record<SiwxField, string> = {
  scheme: 'scheme',
  domain: 'domain',
  address: 'address',
  statement: 'statement',
  uri: 'URI',
  version: 'Version',
  chainId: 'Chain ID',
  nonce: 'Nonce',
  issuedAt: 'Issued At',
  expirationTime: 'Expiration Time',
  notBefore: 'Not Before',
  requestId: 'Request ID',
  resources: 'Resources',
  signature: 'signature',
  message: 'message',
}

function fail(dialect: { name: string }, field: SiwxField, problem: string): never {
  throw new SiwxError(
    'invalid-message',
    `Invalid ${dialect.name} message: ${FIELD_LABELS[field]}: ${problem}`,
    { field },
  )
}

const dateProblem = (value: string) =>
  parseDateTime(value) ? undefined : 'expected an RFC 3339 date-time (2021-09-30T16:25:24Z)'

/**
 * Checks every field of `fields` against the grammar; throws a `SiwxError` naming the first
 * field that does not fit.
 */
export function checkFields<TChainId>(
  dialect: TextDialect<TChainId>,
  fields: MessageFields<TChainId>,
): void {
  const check = (field: SiwxField, value: unknown, problem: (v: string) => string | undefined) => {
    if (typeof value !== 'string') fail(dialect, field, 'is required')
    const found = problem(value)
    if (found) fail(dialect, field, found)
  }
  if (fields.scheme !== undefined) check('scheme', fields.scheme, schemeProblem)
  check('domain', fields.domain, authorityProblem)
  check('address', fields.address, dialect.addressProblem)
  if (fields.statement !== undefined) check('statement', fields.statement, statementProblem)
  check('uri', fields.uri, uriProblem)
  check('version', fields.version, (v) => (v === '1' ? undefined : 'must be 1'))
  if (fields.chainId === undefined || fields.chainId === null)
    fail(dialect, 'chainId', 'is required')
  let chainText: string
  try {
    chainText = dialect.formatChainId(fields.chainId)
  } catch {
    fail(dialect, 'chainId', 'is not a chain id')
  }
  check('chainId', chainText, dialect.chainIdProblem)
  check('nonce', fields.nonce, nonceProblem)
  check('issuedAt', fields.issuedAt, dateProblem)
  if (fields.expirationTime !== undefined)
    check('expirationTime', fields.expirationTime, dateProblem)
  if (fields.notBefore !== undefined) check('notBefore', fields.notBefore, dateProblem)
  if (fields.requestId !== undefined) check('requestId', fields.requestId, requestIdProblem)
  if (fields.resources !== undefined) {
    if (!Array.isArray(fields.resources)) fail(dialect, 'resources', 'expected a list of URIs')
    for (const [i, resource] of fields.resources.entries()) {
      check('resources', resource, (v) => {
        const problem = uriProblem(v)
        return problem ? `resource ${i + 1}: ${problem}` : undefined
      })
    }
  }
}

/**
 * The message text of `fields` after checking them (see {@link checkFields}).
 */
export function formatText<TChainId>(
  dialect: TextDialect<TChainId>,
  fields: MessageFields<TChainId>,
): string {
  checkFields(dialect, fields)
  const origin = fields.scheme === undefined ? fields.domain : `${fields.scheme}://${fields.domain}`
  const lines = [
    `${origin} wants you to sign in with your ${dialect.label} account:`,
    fields.address,
    '',
    ...(fields.statement === undefined ? [] : [fields.statement, '']),
    ...(fields.statement === undefined && dialect.blankWithoutStatement ? [''] : []),
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${dialect.formatChainId(fields.chainId)}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ]
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources !== undefined) {
    lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`))
  }
  return lines.join('\n')
}

const SCHEME_PREFIX = /^([A-Za-z][A-Za-z0-9+\-.]*):\/\/(.*)$/

/**
 * Parses a message text line by line in the ABNF's order. Throws a `SiwxError` naming the
 * first field that is missing, out of place or invalid.
 */
export function parseText<TChainId>(
  dialect: TextDialect<TChainId>,
  text: string,
): MessageFields<TChainId> {
  if (typeof text !== 'string') fail(dialect, 'message', 'expected a string')
  const lines = text.split('\n')
  let index = 0
  const next = () => lines[index++]

  const header = next() ?? ''
  const suffix = ` wants you to sign in with your ${dialect.label} account:`
  if (!header.endsWith(suffix)) {
    fail(dialect, 'domain', `the first line must end with "${suffix.trim()}"`)
  }
  let domain = header.slice(0, -suffix.length)
  let scheme: string | undefined
  const schemed = SCHEME_PREFIX.exec(domain)
  if (schemed) {
    scheme = schemed[1]
    domain = schemed[2] ?? ''
  }
  const problem = authorityProblem(domain)
  if (problem) fail(dialect, 'domain', problem)

  const address = next()
  if (!address) fail(dialect, 'address', 'is required on the second line')
  const addressProblem = dialect.addressProblem(address)
  if (addressProblem) fail(dialect, 'address', addressProblem)
  if (next() !== '') fail(dialect, 'address', 'must be followed by an empty line')

  let statement: string | undefined
  const afterAddress = next()
  if (afterAddress === undefined) fail(dialect, 'uri', 'is required')
  if (!dialect.blankWithoutStatement && afterAddress.startsWith('URI: ')) {
    index--
  } else if (afterAddress !== '') {
    statement = afterAddress
    const found = statementProblem(statement)
    if (found) fail(dialect, 'statement', found)
    if (next() !== '') fail(dialect, 'statement', 'must be one line followed by an empty line')
  }

  const tagged = (field: SiwxField, tag: string): string => {
    const line = lines[index]
    if (line === undefined || !line.startsWith(tag)) {
      fail(
        dialect,
        field,
        line === undefined
          ? 'is required'
          : `expected a line starting with "${tag}", found "${line.slice(0, 40)}"`,
      )
    }
    index++
    return line.slice(tag.length)
  }
  const optional = (tag: string): string | undefined => {
    const line = lines[index]
    if (line === undefined || !line.startsWith(tag)) return undefined
    index++
    return line.slice(tag.length)
  }

  const uri = tagged('uri', 'URI: ')
  const uriFound = uriProblem(uri)
  if (uriFound) fail(dialect, 'uri', uriFound)
  const version = tagged('version', 'Version: ')
  if (version !== '1') fail(dialect, 'version', 'must be 1')
  const chainText = tagged('chainId', 'Chain ID: ')
  const chainFound = dialect.chainIdProblem(chainText)
  if (chainFound) fail(dialect, 'chainId', chainFound)
  const nonce = tagged('nonce', 'Nonce: ')
  const nonceFound = nonceProblem(nonce)
  if (nonceFound) fail(dialect, 'nonce', nonceFound)
  const issuedAt = tagged('issuedAt', 'Issued At: ')
  if (dateProblem(issuedAt)) fail(dialect, 'issuedAt', dateProblem(issuedAt) as string)
  const expirationTime = optional('Expiration Time: ')
  if (expirationTime !== undefined && dateProblem(expirationTime)) {
    fail(dialect, 'expirationTime', dateProblem(expirationTime) as string)
  }
  const notBefore = optional('Not Before: ')
  if (notBefore !== undefined && dateProblem(notBefore)) {
    fail(dialect, 'notBefore', dateProblem(notBefore) as string)
  }
  const requestId = optional('Request ID: ')
  if (requestId !== undefined && requestIdProblem(requestId)) {
    fail(dialect, 'requestId', requestIdProblem(requestId) as string)
  }
  let resources: string[] | undefined
  if (lines[index] === 'Resources:') {
    index++
    resources = []
    while (index < lines.length) {
      const line = lines[index] as string
      if (!line.startsWith('- ')) break
      const resource = line.slice(2)
      const found = uriProblem(resource)
      if (found) fail(dialect, 'resources', `resource ${resources.length + 1}: ${found}`)
      resources.push(resource)
      index++
    }
  }
  if (index < lines.length) {
    const line = lines[index] as string
    const known = [
      ['Expiration Time: ', 'expirationTime'],
      ['Not Before: ', 'notBefore'],
      ['Request ID: ', 'requestId'],
      ['Resources:', 'resources'],
      ['URI: ', 'uri'],
      ['Version: ', 'version'],
      ['Chain ID: ', 'chainId'],
      ['Nonce: ', 'nonce'],
      ['Issued At: ', 'issuedAt'],
    ] as const
    const field = known.find(([tag]) => line.startsWith(tag))?.[1] ?? 'message'
    fail(
      dialect,
      field,
      field === 'message'
        ? `unexpected line "${line.slice(0, 40)}"`
        : 'out of order (EIP-4361 fixes the order of the fields)',
    )
  }

  return {
    ...(scheme !== undefined ? { scheme } : {}),
    domain,
    address,
    ...(statement !== undefined ? { statement } : {}),
    uri,
    version: '1',
    chainId: dialect.parseChainId(chainText),
    nonce,
    issuedAt,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    ...(notBefore !== undefined ? { notBefore } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
}
