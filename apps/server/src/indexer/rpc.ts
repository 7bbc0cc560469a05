// The indexer's and the blockchain API's view of a chain: a viem public client over the
// chain's upstream RPC URLs (fallback in order, JSON-RPC batching, spec §9 timeout and retries).
import { createPublicClient, fallback, http, type PublicClient } from 'viem'

export interface ChainClientOptions {
  /** Per request; default spec §9 "Network RPC timeout 10 s". */
  timeoutMs?: number
  /** Requests coalesced into one JSON-RPC batch (spec §9 batch size 1000). */
  batchSize?: number
}

/**
 * A public client that batches concurrent requests and falls back across `rpcUrls`.
 *
 * @example
 * const client = createChainClient(['http://127.0.0.1:8545'])
 * await client.getBlockNumber()
 */
export function createChainClient(
  rpcUrls: readonly string[],
  options: ChainClientOptions = {},
): PublicClient {
  const transports = rpcUrls.map((url) =>
    http(url, {
      batch: { batchSize: options.batchSize ?? 1000, wait: 0 },
      timeout: options.timeoutMs ?? 10_000,
      retryCount: 3,
      retryDelay: 150,
    }),
  )
  const [only] = transports
  if (!only) throw new Error('a chain needs at least one RPC URL')
  return createPublicClient({
    transport: transports.length === 1 ? only : fallback(transports),
    // Reads are fresh every time: the indexer compares hashes of the same block numbers.
    cacheTime: 0,
  })
}

/** The numeric chain id of an `eip155:<id>` CAIP-2 id, or undefined for other namespaces. */
export function evmChainNumber(caipNetworkId: string): number | undefined {
  const match = /^eip155:(\d{1,12})$/.exec(caipNetworkId)
  return match ? Number(match[1]) : undefined
}
