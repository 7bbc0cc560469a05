// The viem clients of the adapter's reads (balances, ENS), one per list of URLs: the network's
// `rpcUrls` as core hands them over (its read actions put the project's RPC proxy first, see
// core's `readNetwork`). The one import from the 'viem' root:
// `createClient`, `fallback` and `http` (retries, timeouts, batches, viem's RPC error classes)
// have no narrower entry point. Only the lazy wallet actions load this module.
import { type Client, createClient, fallback, http } from 'viem'

/** Spec §9: network RPC timeout 10 s, batches of up to 1000, 3 retries 150 ms apart. */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1000
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY_MS = 150

/** Spec §9 "Cache GC 300000 ms": a client unused this long is dropped with its transports. */
export const RPC_CLIENT_GC_MS = 300_000

const clients = new Map<string, { client: Client; used: number }>()

/**
 * A cached viem client over `urls`: viem's `fallback` (the next URL answers when one fails, in
 * order, never re-ranked), each an `http` transport with the spec's timeout, JSON-RPC batches
 * and retries (viem retries HTTP 403, 408, 413, 429, 500, 502, 503, 504 and network failures,
 * the delay doubling from 150 ms). A client unused for 5 minutes is collected (`now`: the clock,
 * for tests).
 *
 * @example await rpcClient(['https://eth.merkle.io']).request({ method: 'eth_blockNumber' })
 */
export function rpcClient(urls: readonly string[], now = Date.now()): Client {
  // Lists of URLs change (a project's proxy arrives, networks come and go): collect the
  // clients of lists nobody read for RPC_CLIENT_GC_MS instead of keeping each forever.
  for (const [key, entry] of clients) {
    if (now - entry.used > RPC_CLIENT_GC_MS) clients.delete(key)
  }
  const key = urls.join(' ')
  let client = clients.get(key)?.client
  if (!client) {
    const transports = urls.map((url) =>
      http(url, {
        timeout: RPC_TIMEOUT_MS,
        retryCount: RPC_RETRY_COUNT,
        retryDelay: RPC_RETRY_DELAY_MS,
        batch: { batchSize: RPC_BATCH_SIZE },
      }),
    )
    const [only] = transports
    const transport =
      transports.length === 1 && only ? only : fallback(transports, { retryCount: 0 })
    client = createClient({ transport })
  }
  clients.set(key, { client, used: now })
  return client
}
