// Sign-In With Ethereum (EIP-4361): strict parser, serializer and builder.
import { getAddress, isAddress } from 'viem'
import { SiwxError } from '../errors.js'
import { generateNonce } from './grammar.js'
import { formatText, type MessageFields, parseText, type TextDialect } from './text.js'

/** The fields of an EIP-4361 message as written in it; `chainId` is the EIP-155 number. */
export type SiweMessageFields = MessageFields<number>

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

export const SIWE_DIALECT: TextDialect<number> = {
  label: 'Ethereum',
  name: 'SIWE',
  blankWithoutStatement: true,
  addressProblem(address) {
    if (!ADDRESS.test(address)) return 'expected 0x and 40 hex digits'
    return getAddress(address) === address
      ? undefined
      : `expected the EIP-55 checksum form ${getAddress(address)}`
  },
  chainIdProblem(text) {
    if (!/^[0-9]+$/.test(text)) return 'expected a decimal EIP-155 chain id'
    return Number.isSafeInteger(Number(text)) ? undefined : 'the chain id is too large'
  },
  parseChainId: Number,
  formatChainId(chainId) {
    if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 0) {
      throw new TypeError('not a chain id')
    }
    return String(chainId)
  },
}

/**
 * Parses an EIP-4361 message. Everything the ABNF refuses is refused (lower-case addresses,
 * short nonces, February 31st, a statement over two lines, fields out of order…), with a
 * `SiwxError` whose `field` names the first field at fault.
 *
 * @example
 * const fields = parseSiweMessage(text)
 * fields.chainId // 1
 */
export function parseSiweMessage(text: string): SiweMessageFields {
  return parseText(SIWE_DIALECT, text)
}

/**
 * The EIP-4361 text of `fields`, checked field by field (the same rules as the parser), so
 * `formatSiweMessage(parseSiweMessage(text)) === text`.
 *
 * @example
 * formatSiweMessage({ domain: 'example.com', address, uri: 'https://example.com', version: '1',
 *   chainId: 1, nonce: 'bTyXgcQxn2htgkjJn', issuedAt: '2026-01-01T00:00:00.000Z' })
 */
export function formatSiweMessage(fields: SiweMessageFields): string {
  return formatText(SIWE_DIALECT, fields)
}

export interface CreateSiweMessageParameters
  extends Omit<
    SiweMessageFields,
    'version' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore'
  > {
  /** Default: a fresh {@link generateNonce}. */
  nonce?: string | undefined
  /** Default: now. */
  issuedAt?: Date | string | undefined
  expirationTime?: Date | string | undefined
  notBefore?: Date | string | undefined
}

const toTime = (value: Date | string | undefined) =>
  value instanceof Date ? value.toISOString() : value

/**
 * Builds an EIP-4361 message: checksums the address, draws a nonce from
 * `crypto.getRandomValues` unless one is given, dates it now.
 *
 * @example
 * const text = createSiweMessage({ domain: 'app.example.com', uri: 'https://app.example.com',
 *   address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', chainId: 1, statement: 'Sign in' })
 */
export function createSiweMessage(parameters: CreateSiweMessageParameters): string {
  const { address } = parameters
  if (typeof address !== 'string' || !isAddress(address, { strict: true })) {
    throw new SiwxError(
      'invalid-message',
      'Invalid SIWE message: address: expected 0x and 40 hex digits (a mixed-case address must carry a valid EIP-55 checksum)',
      { field: 'address' },
    )
  }
  return formatSiweMessage({
    ...parameters,
    address: getAddress(address),
    version: '1',
    nonce: parameters.nonce ?? generateNonce(),
    issuedAt: toTime(parameters.issuedAt) ?? new Date().toISOString(),
    expirationTime: toTime(parameters.expirationTime),
    notBefore: toTime(parameters.notBefore),
  })
}
