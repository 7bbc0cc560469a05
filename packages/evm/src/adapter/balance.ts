// Native balances through a viem client on the network's first RPC URL (spec §9 limits).
import type { CaipNetwork } from '@openmodal/core/internal'
import type { Address } from 'viem'
import { hexToBigInt } from 'viem/utils'
import { rpcClient } from './rpc-client.js'

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
