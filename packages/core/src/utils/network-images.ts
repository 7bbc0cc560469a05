// Network images from the host's server (spec §3: a network's `assets.imageId`, resolved to an
// image of the project's server): `imageId` names an icon of the server's set
// (`GET /v1/assets/networks/<imageId>`); well-known networks get theirs without one. An
// `imageUrl` the host set always wins; without `apiUrl` (local mode) nothing is added, so no
// request goes to any server.
import type { CaipNetwork, CaipNetworkId } from '../types/network.js'

/** The icon set's names of well-known networks, for those the host gave no `imageId`. */
export const DEFAULT_NETWORK_IMAGE_IDS: Readonly<Partial<Record<CaipNetworkId, string>>> = {
  'eip155:1': 'ethereum',
  'eip155:10': 'optimism',
  'eip155:56': 'binance-smart-chain',
  'eip155:100': 'gnosis',
  'eip155:137': 'polygon',
  'eip155:250': 'fantom',
  'eip155:324': 'zksync',
  'eip155:5000': 'mantle',
  'eip155:8453': 'base',
  'eip155:42161': 'arbitrum-one',
  'eip155:42220': 'celo',
  'eip155:43114': 'avalanche',
  'eip155:59144': 'linea',
  'eip155:81457': 'blast',
  'eip155:534352': 'scroll',
  'eip155:7777777': 'zora',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana',
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin',
}

/**
 * `networks` with `assets.imageUrl` filled from `assets.imageId` (or the well-known default)
 * as an image of the server at `apiUrl`; the same array when there is nothing to add.
 *
 * @example
 * withNetworkImages([mainnet], 'https://api.example.com')
 * // [{ …mainnet, assets: { imageId: 'ethereum', imageUrl: 'https://api.example.com/v1/assets/networks/ethereum' } }]
 */
export function withNetworkImages<T extends readonly CaipNetwork[]>(
  networks: T,
  apiUrl: string | undefined,
): T {
  if (!apiUrl) return networks
  const base = apiUrl.replace(/\/+$/, '')
  let changed = false
  const next = networks.map((network) => {
    if (network.assets?.imageUrl) return network
    const imageId = network.assets?.imageId ?? DEFAULT_NETWORK_IMAGE_IDS[network.caipNetworkId]
    if (!imageId || !/^[A-Za-z0-9-]{1,64}$/.test(imageId)) return network
    changed = true
    return {
      ...network,
      assets: { ...network.assets, imageId, imageUrl: `${base}/v1/assets/networks/${imageId}` },
    }
  })
  return (changed ? next : networks) as T
}
