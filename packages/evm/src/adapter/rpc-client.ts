// The viem clients of the adapter's reads (balances, ENS): one per RPC URL. The one import
// from the 'viem' root: `createClient` and `http` (retries, timeouts, viem's RPC error classes)
// have no narrower entry point. Only the lazy wallet actions load this module, never the
// adapter's entry.
import { type Client, createClient, http } from 'viem'

const clients = new Map<string, Client>()

/**
 * A cached viem client for `rpcUrl`: 10 s timeout, 3 retries 150 ms apart (viem retries
 * HTTP 403, 408, 413, 429, 500, 502, 503, 504 and network failures).
 *
 * @example rpcClient('http://127.0.0.1:8545')
 */
export function rpcClient(rpcUrl: string | undefined): Client {
  const key = rpcUrl ?? ''
  let client = clients.get(key)
  if (!client) {
    client = createClient({
      transport: http(rpcUrl, { timeout: 10_000, retryCount: 3, retryDelay: 150 }),
    })
    clients.set(key, client)
  }
  return client
}
