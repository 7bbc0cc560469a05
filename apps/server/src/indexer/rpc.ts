// The indexer's and the blockchain API's view of a chain: a viem public client over the
// chain's upstream RPC URLs (fallback in order, JSON-RPC batching, spec §9 timeout and retries),
// and the one test of a node refusing a method it does not serve.
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
    // No EIP-3668 offchain lookups: a contract (a token's symbol(), an ENS resolver) could
    // otherwise make the server fetch any URL it names, internal hosts included.
    ccipRead: false,
  })
}

/** The numeric chain id of an `eip155:<id>` CAIP-2 id, or undefined for other namespaces. */
export function evmChainNumber(caipNetworkId: string): number | undefined {
  const match = /^eip155:(\d{1,12})$/.exec(caipNetworkId)
  return match ? Number(match[1]) : undefined
}

/**
 * Whether a failed request was the node refusing `method` ("method not found", "not
 * supported", a plan or a module that does not offer it), not a transient failure. The one
 * test of every optional method the indexer asks (`eth_getBlockReceipts`, `trace_block`).
 *
 * @example
 * try {
 *   await client.request({ method: 'trace_block', params: ['0x1'] })
 * } catch (error) {
 *   if (!isMethodNotSupported(error, 'trace_block')) throw error
 * }
 */
export function isMethodNotSupported(error: unknown, method: string): boolean {
  const parts: string[] = []
  for (let e: unknown = error; e && parts.length < 10; e = (e as { cause?: unknown }).cause) {
    const { code, message, shortMessage, details } = e as Record<string, unknown>
    // EIP-1474: -32601 method not found, -32004 method not supported.
    if (code === -32601 || code === -32004) return true
    // viem's own message repeats the request body (which names the method): read the node's.
    parts.push(String(details ?? ''), shortMessage === undefined ? String(message ?? '') : '')
  }
  const text = parts.join(' ')
  return (
    (/method/i.test(text) || text.toLowerCase().includes(method.toLowerCase())) &&
    /not (found|supported|available|enabled|allowed|whitelisted)|does not exist|unsupported|disabled/i.test(
      text,
    )
  )
}
