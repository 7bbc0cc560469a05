// ENS on the chains that have it (issue 8 "ENS through the chain's RPC"): the name endpoints ask
// the chain's ENS Universal Resolver when our own registry has no answer. Answers are kept
// 5 minutes (spec §9 "ENS and identity 5 min") in a size-capped map; each lookup is bounded by
// the spec §9 RPC timeout (10 s).
//
// A lookup that fails on the chain's side (a revert, undecodable data, a name that is not
// normalized, a timeout) is "no name", logged. Only an upstream that cannot be reached or
// answers with something other than JSON-RPC is an error: the routes answer 502 like the other
// blockchain endpoints.
import {
  AbiDecodingDataSizeTooSmallError,
  AbiDecodingZeroDataError,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  getAddress,
  HttpRequestError,
  type PublicClient,
  RawContractError,
  RpcRequestError,
  TimeoutError,
} from 'viem'
import { mainnet } from 'viem/chains'
import { getEnsAddress, getEnsName, normalize } from 'viem/ens'
import type { Logger } from '../http/logger.js'
import { createChainClient } from '../indexer/rpc.js'
import type { ProjectChainConfig } from '../projects/store.js'

/** viem's ENS Universal Resolver on Ethereum mainnet, used for eip155:1 unless configured. */
export const MAINNET_UNIVERSAL_RESOLVER: Address = mainnet.contracts.ensUniversalResolver.address

/** Longest ENS name the endpoints accept (a DNS name's limit; longer input is refused). */
export const ENS_NAME_MAX_LENGTH = 255

export interface EnsOptions {
  /** Whole lookup, retries included; default spec §9 "Network RPC timeout 10 s". */
  timeoutMs?: number
  /** How long an answer (a name, an address or "none") is kept; default spec §9 5 minutes. */
  cacheTtlMs?: number
  /** Entries kept at most; the least recently used go first. Default 10,000. */
  cacheMaxEntries?: number
}

export const DEFAULT_ENS_OPTIONS: Readonly<Required<EnsOptions>> = {
  timeoutMs: 10_000,
  cacheTtlMs: 5 * 60_000,
  cacheMaxEntries: 10_000,
}

/**
 * The Universal Resolver of `chain`, or undefined when the chain has no ENS: the configured
 * `ensUniversalResolver`, else viem's mainnet one on eip155:1.
 *
 * @example
 * ensUniversalResolverOf({ caipNetworkId: 'eip155:1', rpcUrls }) // '0xeeeeeeee14d7…'
 */
export function ensUniversalResolverOf(chain: ProjectChainConfig): Address | undefined {
  if (chain.ensUniversalResolver === false) return undefined
  if (chain.ensUniversalResolver) return getAddress(chain.ensUniversalResolver)
  return chain.caipNetworkId === 'eip155:1' ? MAINNET_UNIVERSAL_RESOLVER : undefined
}

/**
 * The ENSIP-15 normalized form of `name`, or undefined when it is not a valid ENS name (too
 * long, an empty label, a disallowed or confusable character).
 *
 * @example
 * normalizeEnsName('Alice.ETH') // 'alice.eth'
 * normalizeEnsName('<b>.eth') // undefined
 */
export function normalizeEnsName(name: string): string | undefined {
  if (name.length === 0 || name.length > ENS_NAME_MAX_LENGTH) return undefined
  try {
    const normalized = normalize(name)
    return normalized.length > 0 && normalized.length <= ENS_NAME_MAX_LENGTH
      ? normalized
      : undefined
  } catch {
    return undefined
  }
}

/** The chain's RPC could not be reached or did not speak JSON-RPC: the routes answer 502. */
export class EnsUpstreamError extends Error {
  override name = 'EnsUpstreamError'
}

/** The whole lookup took longer than the timeout. */
class DeadlineError extends Error {
  override name = 'DeadlineError'
}

/** The resolver answered, but not with something we can show. */
class GarbageError extends BaseError {
  constructor(message: string) {
    super(message, { name: 'GarbageError' })
  }
}

/** Why a lookup found nothing: a definite answer is cached, a timeout or odd failure is not. */
type Failure = 'revert' | 'garbage' | 'timeout' | 'failed' | 'upstream'

function classify(error: unknown): Failure {
  if (!(error instanceof BaseError)) return error instanceof DeadlineError ? 'timeout' : 'failed'
  const has = (type: abstract new (...args: never[]) => unknown) =>
    error.walk((e) => e instanceof type) instanceof type
  if (has(HttpRequestError)) return 'upstream'
  if (has(TimeoutError)) return 'timeout'
  if (has(ContractFunctionRevertedError) || has(ExecutionRevertedError) || has(RawContractError)) {
    return 'revert'
  }
  // A JSON-RPC error other than a revert: the node failed, not the resolver.
  if (has(RpcRequestError)) return 'upstream'
  if (
    has(GarbageError) ||
    has(ContractFunctionZeroDataError) ||
    has(AbiDecodingZeroDataError) ||
    has(AbiDecodingDataSizeTooSmallError)
  ) {
    return 'garbage'
  }
  return 'failed'
}

export interface EnsResolver {
  /**
   * The primary ENS name of `address` on `chain` (already checked forward by the Universal
   * Resolver), or null. Throws EnsUpstreamError when the RPC is unreachable.
   */
  nameOf(chain: ProjectChainConfig, resolver: Address, address: Address): Promise<string | null>
  /** The address `name` (normalized) resolves to on `chain`, or null. */
  addressOf(chain: ProjectChainConfig, resolver: Address, name: string): Promise<Address | null>
}

/**
 * ENS lookups with a per-process cache.
 *
 * @example
 * const ens = createEnsResolver({ logger, now: Date.now })
 * await ens.nameOf(chain, MAINNET_UNIVERSAL_RESOLVER, '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
 */
export function createEnsResolver(
  params: { logger: Logger; now?: () => number } & EnsOptions,
): EnsResolver {
  const { logger } = params
  const now = params.now ?? Date.now
  const timeoutMs = params.timeoutMs ?? DEFAULT_ENS_OPTIONS.timeoutMs
  const ttl = params.cacheTtlMs ?? DEFAULT_ENS_OPTIONS.cacheTtlMs
  const maxEntries = Math.max(1, params.cacheMaxEntries ?? DEFAULT_ENS_OPTIONS.cacheMaxEntries)
  const cache = new Map<string, { value: string | null; expires: number }>()
  const clients = new Map<string, PublicClient>()

  const clientFor = (rpcUrls: readonly string[]) => {
    const key = rpcUrls.join(' ')
    let client = clients.get(key)
    if (!client) {
      client = createChainClient(rpcUrls, { timeoutMs })
      clients.set(key, client)
    }
    return client
  }

  const cached = (key: string) => {
    const entry = cache.get(key)
    if (!entry) return undefined
    cache.delete(key)
    if (entry.expires <= now()) return undefined
    cache.set(key, entry) // most recently used last
    return entry
  }

  const remember = (key: string, value: string | null) => {
    cache.delete(key)
    while (cache.size >= maxEntries) {
      const oldest = cache.keys().next().value
      if (oldest === undefined) break
      cache.delete(oldest)
    }
    cache.set(key, { value, expires: now() + ttl })
  }

  const lookup = async (
    chain: ProjectChainConfig,
    resolver: Address,
    kind: 'name' | 'address',
    input: string,
    run: (client: PublicClient) => Promise<string | null>,
  ): Promise<string | null> => {
    // The RPC URLs are part of the key: two projects may call different chains eip155:1.
    const key = `${chain.rpcUrls.join(' ')}|${resolver}|${kind}|${input}`
    const hit = cached(key)
    if (hit) return hit.value
    let timer: NodeJS.Timeout | undefined
    try {
      const value = await Promise.race([
        run(clientFor(chain.rpcUrls)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new DeadlineError('ENS lookup timed out')), timeoutMs)
        }),
      ])
      remember(key, value)
      return value
    } catch (error) {
      const failure = classify(error)
      const fields = {
        chainId: chain.caipNetworkId,
        resolver,
        kind,
        input,
        failure,
        error: error instanceof BaseError ? error.shortMessage : String(error),
      }
      if (failure === 'upstream') {
        logger.warn('ens upstream failed', fields)
        throw new EnsUpstreamError(`ENS lookup on ${chain.caipNetworkId} failed`, {
          cause: error,
        })
      }
      logger.warn('ens lookup failed', fields)
      if (failure === 'revert' || failure === 'garbage') remember(key, null)
      return null
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    async nameOf(chain, resolver, address) {
      const name = await lookup(chain, resolver, 'name', address.toLowerCase(), async (client) => {
        const found = await getEnsName(client, { address, universalResolverAddress: resolver })
        if (found === null) return null
        // A primary name that is not normalized must not be shown (ENSIP-15).
        if (normalizeEnsName(found) !== found) {
          throw new GarbageError(`the resolver answered a name that is not normalized`)
        }
        return found
      })
      return name
    },
    async addressOf(chain, resolver, name) {
      const address = await lookup(chain, resolver, 'address', name, (client) =>
        getEnsAddress(client, { name, universalResolverAddress: resolver }),
      )
      return address === null ? null : getAddress(address)
    },
  }
}
