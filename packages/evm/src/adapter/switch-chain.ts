// EIP-3326 switch, with the EIP-3085 add when the wallet does not know the chain (spec §4).
import { adapterError, type CaipNetwork } from '@openmodal/core/internal'
import { numberToHex } from 'viem/utils'
import { asError, isUnrecognizedChain, isUnsupportedMethod } from '../provider/errors.js'
import type { Eip1193Provider } from '../provider/types.js'

/**
 * The `wallet_addEthereumChain` parameter for a network.
 *
 * @example addChainParameter(optimism).chainId // '0xa'
 */
export function addChainParameter(network: CaipNetwork) {
  const explorer = network.blockExplorers?.default.url
  return {
    chainId: numberToHex(Number(network.id)),
    chainName: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: [...network.rpcUrls.default.http],
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  }
}

/**
 * Asks the wallet to switch to `network`; on 4902 adds the chain and switches again.
 * Errors: a failed add is "Chain is not supported", a wallet that cannot switch by request
 * (4200 / -32601) "connector does not support programmatic chain switching"; others (4001…)
 * pass through with their code.
 *
 * @example await switchChain(provider, optimism)
 */
export async function switchChain(provider: Eip1193Provider, network: CaipNetwork): Promise<void> {
  const id = Number(network.id)
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw adapterError('CHAIN_NOT_SUPPORTED', { details: `Invalid EVM chain id ${network.id}` })
  }
  const switchTo = () =>
    provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(id) }],
    })
  try {
    await switchTo()
    return
  } catch (thrown) {
    if (isUnsupportedMethod(thrown)) throw adapterError('NO_PROGRAMMATIC_SWITCH', { cause: thrown })
    if (!isUnrecognizedChain(thrown)) throw asError(thrown)
  }
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [addChainParameter(network)],
    })
  } catch (cause) {
    throw adapterError('CHAIN_NOT_SUPPORTED', { cause, details: network.caipNetworkId })
  }
  try {
    await switchTo()
  } catch (thrown) {
    if (isUnrecognizedChain(thrown)) {
      throw adapterError('CHAIN_NOT_SUPPORTED', { cause: thrown, details: network.caipNetworkId })
    }
    throw asError(thrown)
  }
}
