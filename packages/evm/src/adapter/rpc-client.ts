// The viem clients of the adapter's reads (balances, ENS), one per network and set of URLs.
// The one import from the 'viem' root: `createClient`, `fallback` and `http` (retries,
// timeouts, batches, viem's RPC error classes) have no narrower entry point. Only the lazy
// wallet actions load this module, never the adapter's entry.
import { $remoteConfig, type CaipNetwork, clientId } from '@openmodal/core/internal'
import { type Client, createClient, fallback, http } from 'viem'

/** Spec §9: network RPC timeout 10 s, batches of up to 1000, 3 retries 150 ms apart. */
export const RPC_TIMEOUT_MS = 10_000
export const RPC_BATCH_SIZE = 1000
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY_MS = 150

const clients = new Map<string, Client>()

/**
 * The URLs a read of `network` tries, in order: the project's RPC proxy on the host's own
 * server first when its config serves the chain (spec §7 "a hosted RPC per known chain with
 * projectId", with the `clientId`), then every URL of the network's `rpcUrls`.
 *
 * @example readUrls(mainnet) // ['https://api.example.com/v1/rpc/demo/eip155:1?clientId=…', 'https://eth.merkle.io']
 */
export function readUrls(network: CaipNetwork): string[] {
  const remote = $remoteConfig.get()
  const proxy =
    remote.status === 'loaded'
      ? remote.config.chains.find((chain) => chain.caipNetworkId === network.caipNetworkId)?.rpcUrl
      : undefined
  const urls = [...network.rpcUrls.default.http]
  if (proxy) {
    const url = new URL(proxy)
    url.searchParams.set('clientId', clientId())
    urls.unshift(url.href)
  }
  return [...new Set(urls)]
}

/**
 * A cached viem client for the reads of `network`: viem's `fallback` over {@link readUrls}
 * (the next URL answers when one fails), each an `http` transport with the spec's timeout,
 * JSON-RPC batches and retries (viem retries HTTP 403, 408, 413, 429, 500, 502, 503, 504 and
 * network failures, the delay doubling from 150 ms).
 *
 * @example await rpcClient(mainnet).request({ method: 'eth_blockNumber' })
 */
export function rpcClient(network: CaipNetwork): Client {
  const urls = readUrls(network)
  const key = urls.join(' ')
  let client = clients.get(key)
  if (!client) {
    const transports = urls.map((url) =>
      http(url, {
        timeout: RPC_TIMEOUT_MS,
        retryCount: RPC_RETRY_COUNT,
        retryDelay: RPC_RETRY_DELAY_MS,
        batch: { batchSize: RPC_BATCH_SIZE },
      }),
    )
    // One URL needs no fallback layer; several are tried in order, never re-ranked.
    const transport =
      transports.length === 1 ? transports[0] : fallback(transports, { retryCount: 0 })
    client = createClient({ transport: transport ?? http(undefined) })
    clients.set(key, client)
  }
  return client
}
