// What the blockchain-API stores (balances, NFTs) fetch for: the connected account on the active
// network, and a reaction that fetches again when either changes.
import type { ChainNamespace } from '../types/network.js'
import { accountKey } from '../utils/account-key.js'
import { $activeAccount } from './account.js'
import { $activeNetwork, isUnsupportedNetwork } from './chain.js'

export interface ActiveTarget {
  /** `accountKey(caipNetworkId, address)`: one cache entry per account and network. */
  key: string
  address: string
  caipNetworkId: string
  namespace: ChainNamespace
}

/** The connected account on a configured network, or undefined. */
export function activeTarget(): ActiveTarget | undefined {
  const account = $activeAccount.get()
  const network = $activeNetwork.get()
  if (account.status !== 'connected' || !account.address || !network) return undefined
  if (isUnsupportedNetwork(network)) return undefined
  return {
    key: accountKey(network.caipNetworkId, account.address),
    address: account.address,
    caipNetworkId: network.caipNetworkId,
    namespace: network.chainNamespace,
  }
}

/**
 * Calls `fetch` now and whenever the active account or network changes to another target;
 * returns the stop function (for a store's `onMount`).
 *
 * @example onMount($nfts, () => followActiveTarget(() => void fetchNfts()))
 */
export function followActiveTarget(fetch: () => void): () => void {
  fetch()
  let key = activeTarget()?.key
  const follow = () => {
    const next = activeTarget()?.key
    if (next === key) return
    key = next
    fetch()
  }
  const stops = [$activeAccount.listen(follow), $activeNetwork.listen(follow)]
  return () => {
    for (const stop of stops) stop()
  }
}
