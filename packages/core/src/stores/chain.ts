// ChainController of the spec: configured networks and the active one.
import { computed, map } from 'nanostores'
import { storage } from '../storage/storage.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types/network.js'

export interface UnsupportedNetwork {
  unsupported: true
  chainNamespace: ChainNamespace
  id: number | string
  caipNetworkId: CaipNetworkId
  name: string
}

export interface ChainState {
  networks: readonly CaipNetwork[]
  activeCaipNetworkId: CaipNetworkId | undefined
  /** Set when the wallet moved to a network the host did not configure (spec §4). */
  unsupported: UnsupportedNetwork | null
}

export const $chain = map<ChainState>({
  networks: [],
  activeCaipNetworkId: undefined,
  unsupported: null,
})

export const $networks = computed($chain, (s) => s.networks)

/** The active network, or the unsupported placeholder. */
export const $activeNetwork = computed(
  $chain,
  (s): CaipNetwork | UnsupportedNetwork | undefined =>
    s.unsupported ?? s.networks.find((n) => n.caipNetworkId === s.activeCaipNetworkId),
)

export const $activeNamespace = computed(
  $activeNetwork,
  (network): ChainNamespace | undefined => network?.chainNamespace,
)

/** Narrows the active network (also the readonly values stores hand out) to the placeholder. */
export function isUnsupportedNetwork<
  T extends CaipNetwork | UnsupportedNetwork | Readonly<CaipNetwork>,
>(
  network: T | Readonly<UnsupportedNetwork> | undefined,
): network is Extract<T | Readonly<UnsupportedNetwork>, { unsupported: true }> {
  return Boolean(network && 'unsupported' in network && network.unsupported)
}

export function findNetwork(caipNetworkId: string): CaipNetwork | undefined {
  return $chain.get().networks.find((n) => n.caipNetworkId === caipNetworkId)
}

export function setNetworks(networks: readonly CaipNetwork[], active?: CaipNetworkId): void {
  $chain.set({
    networks,
    activeCaipNetworkId: active ?? networks[0]?.caipNetworkId,
    unsupported: null,
  })
}

/**
 * Marks `caipNetworkId` active and remembers it for the next visit under the one storage key of
 * the active network, `lastUsedChain` (spec §3; deleted with the login data on disconnect).
 * An unknown id becomes the unsupported placeholder and is not remembered.
 *
 * @example setActiveNetwork('eip155:10')
 */
export function setActiveNetwork(caipNetworkId: CaipNetworkId): void {
  if (findNetwork(caipNetworkId)) {
    $chain.set({ ...$chain.get(), activeCaipNetworkId: caipNetworkId, unsupported: null })
    storage.set('lastUsedChain', caipNetworkId)
    return
  }
  const [namespace, reference = ''] = caipNetworkId.split(':') as [ChainNamespace, string]
  $chain.setKey('unsupported', {
    unsupported: true,
    chainNamespace: namespace,
    id: /^\d+$/.test(reference) ? Number(reference) : reference,
    caipNetworkId,
    name: 'Unsupported network',
  })
}

/**
 * The network remembered from an earlier visit. Earlier versions also wrote the active network
 * under `activeCaipNetworkId` and preferred it: read once, it moves to `lastUsedChain` and is
 * removed.
 *
 * @example setNetworks(networks, rememberedNetwork())
 */
export function rememberedNetwork(): CaipNetworkId | undefined {
  const legacy = storage.get('activeCaipNetworkId')
  if (legacy !== undefined) {
    storage.remove('activeCaipNetworkId')
    storage.set('lastUsedChain', legacy)
  }
  return storage.get('lastUsedChain')
}
