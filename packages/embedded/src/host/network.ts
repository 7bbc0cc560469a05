// Spec §4: "Network switch within a namespace switches the adapter; across namespaces the
// embedded wallet is reconnected, falling back to plain switch on failure." This is the
// embedded wallet's part of it: the frame's active network, and the account of the new
// namespace when the switch crosses namespaces.

import type { SecureFrame } from './frame.js'
import type { EmbeddedEip1193Provider } from './provider.js'

export interface SwitchEmbeddedNetworkParameters {
  /** The active network before the switch (CAIP-2, `eip155:1`). */
  from: string
  /** The network to switch to (CAIP-2, `eip155:10`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
  to: string
  /** The EIP-1193 provider over `frame`: within EVM it emits `chainChanged`. */
  provider?: EmbeddedEip1193Provider
}

export type SwitchEmbeddedNetworkReturnType =
  /** Within a namespace: the frame now answers for `to`. */
  | { outcome: 'switched'; caipNetworkId: string }
  /** Across namespaces: the embedded wallet reconnected; `address` is its account there. */
  | { outcome: 'reconnected'; caipNetworkId: string; address: string }
  /**
   * Across namespaces the reconnect failed (`error`): switch the host's network plainly, as
   * the spec says; the embedded wallet keeps answering for `from`'s namespace.
   */
  | { outcome: 'fallback'; caipNetworkId: string; error: unknown }

const namespaceOf = (caipNetworkId: string) => caipNetworkId.split(':')[0] ?? ''

function evmChainId(caipNetworkId: string): number {
  const id = Number(caipNetworkId.split(':')[1])
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`Invalid EVM network ${caipNetworkId}`)
  return id
}

/**
 * Switches the embedded wallet's network. Within a namespace the frame switches (errors reach
 * the caller); across namespaces the wallet is reconnected for the new namespace, and a failure
 * answers `fallback` instead of throwing.
 *
 * @example
 * const result = await switchEmbeddedNetwork(frame, { from: 'eip155:1', to: solanaMainnet })
 * if (result.outcome === 'reconnected') setAccount(result.address)
 */
export async function switchEmbeddedNetwork(
  frame: SecureFrame,
  { from, to, provider }: SwitchEmbeddedNetworkParameters,
): Promise<SwitchEmbeddedNetworkReturnType> {
  const namespace = namespaceOf(to)
  if (namespace === namespaceOf(from)) {
    if (namespace === 'eip155') {
      const chainId = evmChainId(to)
      if (provider) {
        const hex = `0x${chainId.toString(16)}`
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] })
      } else {
        await frame.request('SWITCH_NETWORK', { chainId })
      }
    } else {
      await frame.request('SWITCH_NETWORK', { chainId: to })
    }
    return { outcome: 'switched', caipNetworkId: to }
  }
  try {
    const chainId = namespace === 'eip155' ? evmChainId(to) : to
    await frame.request('SWITCH_NETWORK', { chainId })
    const user = await frame.request('GET_USER', { chainId })
    const address = user.accounts?.find((account) => account.namespace === namespace)?.address
    if (!address) throw new Error(`The embedded wallet has no ${namespace} account`)
    return { outcome: 'reconnected', caipNetworkId: to, address }
  } catch (error) {
    return { outcome: 'fallback', caipNetworkId: to, error }
  }
}
