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
  /** The networks the host configured. */
  networks: readonly CaipNetwork[]
  /**
   * The active network's CAIP-2 id: one the host configured, or the one a wallet moved to
   * that it did not (then `$activeNetwork` is the unsupported placeholder, spec §4).
   */
  activeCaipNetworkId: CaipNetworkId | undefined
}

export const $chain = map<ChainState>({
  networks: [],
  activeCaipNetworkId: undefined,
})

export const $networks = computed($chain, (s) => s.networks)

/** The placeholder of a network the host did not configure. */
function unsupportedNetwork(caipNetworkId: CaipNetworkId): UnsupportedNetwork {
  const [namespace, reference = ''] = caipNetworkId.split(':') as [ChainNamespace, string]
  return {
    unsupported: true,
    chainNamespace: namespace,
    id: /^\d+$/.test(reference) ? Number(reference) : reference,
    caipNetworkId,
    name: 'Unsupported network',
  }
}

/**
 * The active network, or the unsupported placeholder when its id is none the host configured:
 * derived from the active id and the networks, never stored beside them.
 */
export const $activeNetwork = computed(
  $chain,
  ({ networks, activeCaipNetworkId: id }): CaipNetwork | UnsupportedNetwork | undefined =>
    id === undefined
      ? undefined
      : (networks.find((n) => n.caipNetworkId === id) ?? unsupportedNetwork(id)),
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
  $chain.set({ networks, activeCaipNetworkId: active ?? networks[0]?.caipNetworkId })
}

/**
 * Marks `caipNetworkId` active and remembers it for the next visit under the one storage key of
 * the active network, `lastUsedChain` (spec §3; deleted with the login data on disconnect).
 * An unknown id is active as the unsupported placeholder (`$activeNetwork`) and is not
 * remembered.
 *
 * @example setActiveNetwork('eip155:10')
 */
export function setActiveNetwork(caipNetworkId: CaipNetworkId): void {
  $chain.setKey('activeCaipNetworkId', caipNetworkId)
  if (findNetwork(caipNetworkId)) storage.set('lastUsedChain', caipNetworkId)
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
