import {
  $activeNetwork,
  $networks,
  type CaipNetwork,
  type CaipNetworkId,
  switchNetwork,
  type UnsupportedNetwork,
} from '@openmodal/core/internal'
import { useMemo } from 'react'
import { useStore } from './use-store.js'

export interface UseModalNetworkReturnType {
  /** The active network, the unsupported placeholder when the wallet moved elsewhere, or none. */
  network: CaipNetwork | UnsupportedNetwork | undefined
  /** Shortcut for `network?.caipNetworkId`. */
  caipNetworkId: CaipNetworkId | undefined
  /** The networks the host configured. */
  networks: readonly CaipNetwork[]
  /** Makes a configured network active, asking a connected wallet to switch first. */
  switchNetwork: (network: CaipNetwork | CaipNetworkId) => Promise<void>
}

const NO_NETWORKS: readonly CaipNetwork[] = Object.freeze([])

/**
 * The active network, the configured ones, and a way to switch.
 *
 * @example
 * const { network, networks, switchNetwork } = useModalNetwork()
 * await switchNetwork('eip155:10')
 */
export function useModalNetwork(): UseModalNetworkReturnType {
  // Network options come from createModal, which runs in the browser: servers start empty.
  const network = useStore($activeNetwork, { serverSnapshot: undefined })
  const networks = useStore($networks, { serverSnapshot: NO_NETWORKS })
  return useMemo(
    () => ({ network, caipNetworkId: network?.caipNetworkId, networks, switchNetwork }),
    [network, networks],
  )
}
