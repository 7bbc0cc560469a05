// Native balances through a viem client on the network's first RPC URL (spec §9 limits).
import type { CaipNetwork } from '@openmodal/core'
import { type Address, type Client, createClient, hexToBigInt, http } from 'viem'

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

/**
 * The native balance of `address` on `network`, in wei with the network's currency.
 *
 * @example await readNativeBalance({ address, network: mainnet })
 */
export async function readNativeBalance(params: { address: Address; network: CaipNetwork }) {
  const { network } = params
  // A plain eth_getBalance: viem's getBalance action also bundles its multicall path
  // (call, CCIP-read, deployless bytecode: ~15 KB) that the kit never uses.
  const hex = await rpcClient(network.rpcUrls.default.http[0]).request({
    method: 'eth_getBalance',
    params: [params.address, 'latest'],
  })
  const value = hexToBigInt(hex)
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}
