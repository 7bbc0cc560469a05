// Native balances through the network's read client (rpc-client.ts: every RPC URL in order).
import { adapterError, type CaipNetwork } from '@openmodal/core/internal'
import { hexToBigInt } from 'viem/utils'
import { toAddress } from '../provider/parse.js'
import { rpcClient } from './rpc-client.js'

/**
 * The native balance of `address` on `network`, in wei with the network's currency. An address
 * that is not one throws `INVALID_ADDRESS` (checked here, in the lazy code, so the adapter
 * table loads with it and not with the page).
 *
 * @example await readNativeBalance({ address, network: mainnet })
 */
export async function readNativeBalance(params: { address: string; network: CaipNetwork }) {
  const { network } = params
  const address = toAddress(params.address)
  if (!address) throw adapterError('INVALID_ADDRESS', { details: params.address })
  // A plain eth_getBalance: viem's getBalance action also bundles its multicall path
  // (call, CCIP-read, deployless bytecode: ~15 KB) that the kit never uses.
  const hex = await rpcClient(network.rpcUrls.default.http).request({
    method: 'eth_getBalance',
    params: [address, 'latest'],
  })
  const value = hexToBigInt(hex)
  return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
}
