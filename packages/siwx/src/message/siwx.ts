// SIWX messages for any chain: EIP-4361 on eip155, Sign-In With Solana on solana, CAIP-122 text
// elsewhere, behind one data shape whose chainId is CAIP-2 (spec §3 "SIWX session: data").
import { base58 } from '@scure/base'
import { getAddress, isAddress } from 'viem'
import { SiwxError } from '../errors.js'
import { SIWE_DIALECT } from './eip4361.js'
import { generateNonce } from './grammar.js'
import { formatText, type MessageFields, parseText, type TextDialect } from './text.js'

/** A CAIP-2 chain id: `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export type SiwxChainId = `${string}:${string}`

/** What a SIWX message says (spec §3 "SIWX session: data"), chain ids in CAIP-2. */
export interface SIWXMessageData {
  accountAddress: string
  chainId: SiwxChainId
  domain: string
  uri: string
  version: '1'
  nonce: string
  statement?: string | undefined
  /** RFC 3339 date-times, as written in the message. */
  issuedAt: string
  expirationTime?: string | undefined
  notBefore?: string | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
  /** URI scheme written before the domain, if any. */
  scheme?: string | undefined
}

/** The account nouns of CAIP-122 per namespace ("… with your Polkadot account:"). */
export const SIWX_ACCOUNT_LABELS: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}

/** Sign-In With Solana writes the cluster's name; CAIP-2 references of the public clusters. */
export const SOLANA_CLUSTERS: Readonly<Record<string, string>> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pLJFTfY8Vp3JU8EE1jZYvG2',
}

const SIWS_DIALECT: TextDialect<string> = {
  label: 'Solana',
  name: 'SIWS',
  blankWithoutStatement: false,
  addressProblem(address) {
    try {
      if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && base58.decode(address).length === 32) {
        return undefined
      }
    } catch {}
    return 'expected a base58 Solana address (32 bytes)'
  },
  chainIdProblem: (text) =>
    /^(?:solana:)?[A-Za-z0-9]{1,44}$/.test(text) ? undefined : 'expected a Solana cluster',
  parseChainId: (text) => text,
  formatChainId: (chainId) => chainId,
}

const CAIP2_NAMESPACE = /^[-a-z0-9]{3,8}$/
const CAIP2_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/

function caip122Dialect(namespace: string): TextDialect<string> {
  return {
    label: SIWX_ACCOUNT_LABELS[namespace] ?? namespace,
    name: 'SIWX',
    blankWithoutStatement: true,
    addressProblem: (address) =>
      /^[-.%a-zA-Z0-9]{1,128}$/.test(address) ? undefined : 'expected a CAIP-10 account address',
    chainIdProblem: (text) =>
      CAIP2_REFERENCE.test(text) ? undefined : 'expected a CAIP-2 chain reference',
    parseChainId: (text) => text,
    formatChainId: (chainId) => chainId,
  }
}

function splitChainId(chainId: string): [string, string] {
  const colon = typeof chainId === 'string' ? chainId.indexOf(':') : -1
  const namespace = colon === -1 ? '' : chainId.slice(0, colon)
  const reference = colon === -1 ? '' : chainId.slice(colon + 1)
  if (!CAIP2_NAMESPACE.test(namespace) || !CAIP2_REFERENCE.test(reference)) {
    throw new SiwxError(
      'invalid-message',
      `Invalid SIWX message: Chain ID: expected a CAIP-2 chain id (eip155:1), received ${String(chainId)}`,
      { field: 'chainId' },
    )
  }
  return [namespace, reference]
}

function toFields<T>(data: SIWXMessageData, chainId: T): MessageFields<T> {
  return {
    scheme: data.scheme,
    domain: data.domain,
    address: data.accountAddress,
    statement: data.statement,
    uri: data.uri,
    version: data.version,
    chainId,
    nonce: data.nonce,
    issuedAt: data.issuedAt,
    expirationTime: data.expirationTime,
    notBefore: data.notBefore,
    requestId: data.requestId,
    resources: data.resources,
  }
}

function toData(fields: MessageFields<unknown>, chainId: SiwxChainId): SIWXMessageData {
  const { address, chainId: _, ...rest } = fields
  return { accountAddress: address, chainId, ...rest }
}

/**
 * The EIP-55 form of an EVM address (any case in, checksum out).
 *
 * @example
 * checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e5…'
 */
export const checksumAddress = (address: string): string => getAddress(address)

/**
 * The text a wallet signs for `data`: EIP-4361 on eip155 (address checksummed), Sign-In With
 * Solana on solana, CAIP-122 elsewhere. Fields are checked as the parsers check them.
 *
 * @example
 * formatSiwxMessage({ ...data, chainId: 'eip155:1' }) // 'app.example.com wants you to sign in with your Ethereum account:…'
 */
export function formatSiwxMessage(data: SIWXMessageData): string {
  const [namespace, reference] = splitChainId(data.chainId)
  if (namespace === 'eip155') return formatText(SIWE_DIALECT, toFields(data, Number(reference)))
  if (namespace === 'solana') {
    const cluster = Object.keys(SOLANA_CLUSTERS).find((name) => SOLANA_CLUSTERS[name] === reference)
    return formatText(SIWS_DIALECT, toFields(data, cluster ?? reference))
  }
  return formatText(caip122Dialect(namespace), toFields(data, reference))
}

/**
 * Parses any SIWX message: the account noun of the first line picks the grammar (Ethereum:
 * strict EIP-4361; Solana: SIWS; others CAIP-122); the chain id comes back as CAIP-2.
 *
 * @example
 * parseSiwxMessage(text).chainId // 'eip155:1'
 */
export function parseSiwxMessage(text: string): SIWXMessageData {
  const label = /^.* wants you to sign in with your (.+) account:(?:\n|$)/.exec(
    typeof text === 'string' ? text : '',
  )?.[1]
  if (label === 'Ethereum') {
    const fields = parseText(SIWE_DIALECT, text)
    return toData(fields, `eip155:${fields.chainId}`)
  }
  if (label === 'Solana') {
    const fields = parseText(SIWS_DIALECT, text)
    const reference = fields.chainId.replace(/^solana:/, '')
    return toData(fields, `solana:${SOLANA_CLUSTERS[reference] ?? reference}`)
  }
  const namespace = Object.keys(SIWX_ACCOUNT_LABELS).find((ns) => SIWX_ACCOUNT_LABELS[ns] === label)
  const resolved = namespace ?? (label && CAIP2_NAMESPACE.test(label) ? label : undefined)
  if (!resolved) {
    throw new SiwxError(
      'invalid-message',
      'Invalid SIWX message: domain: the first line must be "<domain> wants you to sign in with your <chain> account:"',
      { field: 'domain' },
    )
  }
  const fields = parseText(caip122Dialect(resolved), text)
  return toData(fields, `${resolved}:${fields.chainId}`)
}

export interface CreateSiwxMessageParameters {
  accountAddress: string
  chainId: SiwxChainId
  domain: string
  uri: string
  statement?: string | undefined
  /** Default: a fresh nonce from `crypto.getRandomValues` (17 letters and digits). */
  nonce?: string | undefined
  /** Default now. */
  issuedAt?: Date | undefined
  /** Milliseconds after `issuedAt`; or give `expirationTime`. */
  expiresInMs?: number | undefined
  expirationTime?: Date | undefined
  notBefore?: Date | undefined
  requestId?: string | undefined
  resources?: readonly string[] | undefined
}

/**
 * The data of a new sign-in message (nonce, times filled), checked by formatting it once.
 * eip155 addresses are written in their EIP-55 form.
 *
 * @example
 * const data = createSiwxMessageData({ accountAddress, chainId: 'eip155:1',
 *   domain: location.host, uri: location.origin, statement: 'Sign in to Example' })
 */
export function createSiwxMessageData(parameters: CreateSiwxMessageParameters): SIWXMessageData {
  const issuedAt = parameters.issuedAt ?? new Date()
  const expirationTime =
    parameters.expirationTime ??
    (parameters.expiresInMs === undefined
      ? undefined
      : new Date(issuedAt.getTime() + parameters.expiresInMs))
  let accountAddress = parameters.accountAddress
  // A wallet may report its address in lower case; the message needs the EIP-55 form.
  if (
    typeof parameters.chainId === 'string' &&
    parameters.chainId.startsWith('eip155:') &&
    typeof accountAddress === 'string' &&
    isAddress(accountAddress, { strict: true })
  ) {
    accountAddress = getAddress(accountAddress)
  }
  const data: SIWXMessageData = {
    accountAddress,
    chainId: parameters.chainId,
    domain: parameters.domain,
    uri: parameters.uri,
    version: '1',
    nonce: parameters.nonce ?? generateNonce(),
    issuedAt: issuedAt.toISOString(),
    ...(parameters.statement !== undefined ? { statement: parameters.statement } : {}),
    ...(expirationTime ? { expirationTime: expirationTime.toISOString() } : {}),
    ...(parameters.notBefore ? { notBefore: parameters.notBefore.toISOString() } : {}),
    ...(parameters.requestId !== undefined ? { requestId: parameters.requestId } : {}),
    ...(parameters.resources ? { resources: [...parameters.resources] } : {}),
  }
  formatSiwxMessage(data)
  return data
}
