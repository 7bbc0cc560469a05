// The NFTs the connected account holds on the connected chain, from our server's blockchain API.
// Lazy: nothing is fetched until an element subscribes to `$nfts`.
import { map, onMount } from 'nanostores'
import type { Nft, NftsResponse } from '../api/types.js'
import type { ChainNamespace } from '../types/network.js'
import { createFetcher } from '../utils/fetcher.js'
import { activeTarget, followActiveTarget } from './active-target.js'
import { $api, hasApi } from './api.js'

/** Namespaces whose NFTs our server indexes. */
export const NFT_NAMESPACES: readonly ChainNamespace[] = ['eip155']

export interface NftsState {
  /** Spam is left out. */
  nfts: readonly Nft[]
  loading: boolean
  /** The last fetch failed. */
  error: boolean
  /** `caipNetworkId:address` the list belongs to. */
  key: string | undefined
}

const INITIAL: NftsState = { nfts: [], loading: false, error: false, key: undefined }

export const $nfts = map<NftsState>({ ...INITIAL })

const fetcher = createFetcher<readonly Nft[]>()

/**
 * Fetches the NFTs of the active account on the active network from
 * `GET /v1/account/:address/nfts` into `$nfts`; spam and other chains' items are left out.
 * A failure sets `error` (the NFTs tab offers a retry). Never throws.
 *
 * @example
 * await fetchNfts()
 * $nfts.get().nfts // [{ name: 'Kitty #1', imageUrl: 'https://…', … }]
 */
export async function fetchNfts(): Promise<void> {
  const target = activeTarget()
  if (!target || !NFT_NAMESPACES.includes(target.namespace) || !hasApi()) {
    fetcher.reset()
    $nfts.set({ ...INITIAL, ...(target ? { key: target.key } : {}) })
    return
  }
  const previous = $nfts.get()
  $nfts.set({
    ...INITIAL,
    ...(previous.key === target.key ? { nfts: previous.nfts } : {}),
    key: target.key,
    loading: true,
  })
  const result = await fetcher.fetch(target.key, async () => {
    const response = await $api
      .get()
      .get<NftsResponse>(`/v1/account/${encodeURIComponent(target.address)}/nfts`, {
        query: { chainId: target.caipNetworkId },
      })
    return (Array.isArray(response?.data) ? response.data : []).filter(
      (nft) => !nft.isSpam && nft.chainId === target.caipNetworkId,
    )
  })
  if (result.status === 'success') {
    $nfts.set({ nfts: result.data, loading: false, error: false, key: target.key })
  } else if (result.status === 'error') {
    $nfts.set({ ...$nfts.get(), loading: false, error: true })
  }
}

onMount($nfts, () => followActiveTarget(() => void fetchNfts()))
