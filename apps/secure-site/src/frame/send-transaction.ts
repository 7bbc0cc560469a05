// eth_sendTransaction in the frame: viem fills nonce, gas and fees over the chain's RPC URL,
// signs with the rebuilt key and sends. A chunk of its own: most of viem is only here.
import { createWalletClient, defineChain, type Hex, hexToBigInt, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { TransactionRequest } from './rpc.js'

/**
 * Signs and sends `tx` from the account of `privateKey`; resolves with the hash.
 *
 * @example
 * const hash = await sendTransaction(key, 1, rpcUrl, { from, to, value: '0x1' })
 */
export function sendTransaction(
  privateKey: Hex,
  chainId: number,
  url: string,
  tx: TransactionRequest,
): Promise<Hex> {
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
  const wallet = createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain,
    transport: http(url),
  })
  // The fee caps and nonce the approval showed are the ones signed; absent ones are filled.
  const fees = {
    ...(tx.maxFeePerGas ? { maxFeePerGas: hexToBigInt(tx.maxFeePerGas) } : {}),
    ...(tx.maxPriorityFeePerGas
      ? { maxPriorityFeePerGas: hexToBigInt(tx.maxPriorityFeePerGas) }
      : {}),
    ...(tx.gasPrice ? { gasPrice: hexToBigInt(tx.gasPrice) } : {}),
  }
  return wallet.sendTransaction({
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.value ? { value: hexToBigInt(tx.value) } : {}),
    ...(tx.data ? { data: tx.data } : {}),
    ...(tx.gas ? { gas: hexToBigInt(tx.gas) } : {}),
    ...(tx.nonce ? { nonce: Number(hexToBigInt(tx.nonce)) } : {}),
    ...fees,
  } as Parameters<typeof wallet.sendTransaction>[0])
}
