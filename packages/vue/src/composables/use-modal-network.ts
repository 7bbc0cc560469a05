import {
  $activeNetwork,
  $networks,
  type CaipNetwork,
  type CaipNetworkId,
  switchNetwork,
  type UnsupportedNetwork,
} from '@openmodal/core/internal'
import { type ComputedRef, computed } from 'vue'
import { useStoreValue } from './use-store-value.js'

export interface UseModalNetworkReturnType {
  /** The active network, the unsupported placeholder when the wallet moved elsewhere, or none. */
  network: ComputedRef<CaipNetwork | UnsupportedNetwork | undefined>
  /** Shortcut for `network.value?.caipNetworkId`. */
  caipNetworkId: ComputedRef<CaipNetworkId | undefined>
  /** The networks the host configured. */
  networks: ComputedRef<readonly CaipNetwork[]>
  /** Makes a configured network active, asking a connected wallet to switch first. */
  switchNetwork: (network: CaipNetwork | CaipNetworkId) => Promise<void>
}

/**
 * The active network, the configured ones, and a way to switch.
 *
 * @example
 * const { network, networks, switchNetwork } = useModalNetwork()
 * await switchNetwork('eip155:10')
 */
export function useModalNetwork(): UseModalNetworkReturnType {
  const network = useStoreValue($activeNetwork)
  return {
    network,
    caipNetworkId: computed(() => network.value?.caipNetworkId),
    networks: useStoreValue($networks),
    switchNetwork,
  }
}
