// Token metadata read from the chain (symbol, name, decimals), cached per provider; the native
// currency is the swap API's native address with the chain's currency.
import { type Address, erc20Abi, getAddress, type PublicClient } from 'viem'
import { SWAP_NATIVE_ADDRESS, type SwapToken } from '../api-types.js'

export const isNative = (address: string) =>
  address.toLowerCase() === SWAP_NATIVE_ADDRESS.toLowerCase()

/**
 * @example
 * const token = tokenReader(client, { name: 'Ether', symbol: 'ETH', decimals: 18 })
 * await token('0xA0b8…') // { symbol: 'USDC', decimals: 6, ... }
 */
export function tokenReader(
  client: PublicClient,
  native: { name: string; symbol: string; decimals: number },
): (address: Address) => Promise<SwapToken> {
  const nativeToken: SwapToken = {
    address: SWAP_NATIVE_ADDRESS,
    symbol: native.symbol,
    name: native.name,
    decimals: native.decimals,
    logoUri: null,
  }
  const metadata = new Map<string, Promise<SwapToken>>()
  return (address) => {
    if (isNative(address)) return Promise.resolve(nativeToken)
    const key = address.toLowerCase()
    let found = metadata.get(key)
    if (!found) {
      const read = <F extends 'symbol' | 'name' | 'decimals'>(functionName: F) =>
        client.readContract({ address, abi: erc20Abi, functionName })
      found = Promise.all([read('symbol'), read('name'), read('decimals')]).then(
        ([symbol, name, decimals]) => ({
          address: getAddress(address),
          symbol,
          name,
          decimals,
          logoUri: null,
        }),
      )
      found.catch(() => metadata.delete(key))
      metadata.set(key, found)
    }
    return found
  }
}
