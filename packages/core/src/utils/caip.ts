// CAIP-2 network ids (`eip155:1`) and CAIP-10 account ids (`eip155:1:0xab…`).
import { BaseError } from '../errors/base.js'
import {
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  NAMESPACES,
} from '../types/network.js'

// CAIP-2 reference and CAIP-10 account_address character sets.
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/

/** Parsed form of a CAIP-2 network id. */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
}

/** Parsed form of a CAIP-10 account id. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
  caipNetworkId: CaipNetworkId
}

/**
 * Whether `value` is one of the chain namespaces the kit knows.
 *
 * @example
 * isChainNamespace('eip155') // true
 * isChainNamespace('tron') // false
 */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value)
}

/**
 * Whether `value` is a CAIP-2 network id: two non-empty colon-separated parts, a known
 * namespace and a CAIP-2 reference (`[-_a-zA-Z0-9]{1,32}`).
 *
 * @example
 * isCaipNetworkId('eip155:1') // true
 * isCaipNetworkId('eip155:1:0xab') // false
 */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 2 && isChainNamespace(parts[0]) && REFERENCE.test(parts[1] ?? '')
}

/**
 * Whether `value` is a CAIP-10 account id: exactly three non-empty colon-separated parts and a
 * known namespace (spec §5).
 *
 * @example
 * isCaipAddress('eip155:1:0xab5801a7d398351b8be11c439e05c5b3259aec9b') // true
 * isCaipAddress('eip155:1') // false
 */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return (
    parts.length === 3 &&
    isChainNamespace(parts[0]) &&
    REFERENCE.test(parts[1] ?? '') &&
    ACCOUNT_ADDRESS.test(parts[2] ?? '')
  )
}

const KNOWN = NAMESPACES.join(', ')

/**
 * Splits a CAIP-2 network id; throws a BaseError when it is not one.
 *
 * @example
 * parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
 * // { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }
 */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId {
  if (!isCaipNetworkId(id)) {
    throw new BaseError(`Invalid CAIP network id ${JSON.stringify(String(id))}`, {
      code: 'INVALID_CAIP_NETWORK_ID',
      details: `Expected "namespace:reference" with a namespace among ${KNOWN}, e.g. "eip155:1".`,
    })
  }
  const [namespace, reference] = id.split(':') as [ChainNamespace, string]
  return { namespace, reference }
}

/**
 * Splits a CAIP-10 account id; throws a BaseError when it is not one.
 *
 * @example
 * parseCaipAddress('eip155:1:0xab5801a7d398351b8be11c439e05c5b3259aec9b')
 * // { namespace: 'eip155', reference: '1', address: '0xab58…', caipNetworkId: 'eip155:1' }
 */
export function parseCaipAddress(address: string): ParsedCaipAddress {
  if (!isCaipAddress(address)) {
    throw new BaseError(`Invalid CAIP address ${JSON.stringify(String(address))}`, {
      code: 'INVALID_CAIP_ADDRESS',
      details: `Expected "namespace:reference:address" with a namespace among ${KNOWN}.`,
    })
  }
  const [namespace, reference, account] = address.split(':') as [ChainNamespace, string, string]
  return {
    namespace,
    reference,
    address: account,
    caipNetworkId: `${namespace}:${reference}`,
  }
}

/**
 * Builds a CAIP-2 network id; throws a BaseError when the parts do not make a valid one.
 *
 * @example
 * toCaipNetworkId('eip155', 137) // 'eip155:137'
 */
export function toCaipNetworkId(
  namespace: ChainNamespace,
  reference: string | number,
): CaipNetworkId {
  const id = `${namespace}:${reference}`
  parseCaipNetworkId(id)
  return id as CaipNetworkId
}

/**
 * Builds a CAIP-10 account id; throws a BaseError when the parts do not make a valid one.
 *
 * @example
 * toCaipAddress('eip155:1', '0xab5801a7d398351b8be11c439e05c5b3259aec9b')
 * // 'eip155:1:0xab5801a7d398351b8be11c439e05c5b3259aec9b'
 */
export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const caipAddress = `${caipNetworkId}:${address}`
  parseCaipAddress(caipAddress)
  return caipAddress as CaipAddress
}
