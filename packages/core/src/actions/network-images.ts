// Network icons from the host's server (spec §3: a network's `assets.imageId`, resolved by the
// project's server). Loaded with the project config (actions/load-remote-config.ts, a lazy
// chunk), so no page pays for it before the config arrives, and none in local mode.
//
// Each icon is fetched from `GET /v1/assets/networks/<imageId or CAIP-2 id>` and kept as a
// `data:image/svg+xml` URL in the network's `assets.imageUrl`:
// - the views show `imageUrl` only when it is https or inline (ui's safeImageUrl), and a
//   self-hosted server often runs on plain http; an inline image needs no exception there;
// - only an icon that arrived replaces the generic network icon: a name the server lacks (404),
//   an unreachable server or an answer that is no SVG leave the fallback, never a broken image.
// The browser's HTTP cache keeps the answers (the server sends max-age 86400).
import type { ApiClient } from '../api/client.js'
import type { $chain } from '../stores/chain.js'
import type { CaipNetwork } from '../types/network.js'

/** The largest icon kept inline; the set's SVGs are 1-10 kB. */
export const NETWORK_IMAGE_MAX_BYTES = 64_000

/** An `imageId` the server can be asked for: an icon name of letters, digits and dashes. */
const IMAGE_ID = /^[A-Za-z0-9-]{1,64}$/

/**
 * The network's icon from the server as a `data:` URL, or undefined when there is none.
 *
 * @example await networkImage(api, mainnet) // 'data:image/svg+xml,%3Csvg…'
 */
export async function networkImage(
  api: ApiClient,
  network: CaipNetwork,
): Promise<string | undefined> {
  const imageId = network.assets?.imageId
  // A host imageId that is no icon name never reaches a URL; the CAIP-2 id then asks for the
  // well-known network's icon.
  const name = imageId && IMAGE_ID.test(imageId) ? imageId : network.caipNetworkId
  try {
    const blob = await api.getBlob(`/v1/assets/networks/${encodeURIComponent(name)}`, {
      headers: { accept: 'image/svg+xml' },
    })
    if (!/^image\/svg\+xml(;|$)/.test(blob.type) || blob.size > NETWORK_IMAGE_MAX_BYTES) {
      return undefined
    }
    return `data:image/svg+xml,${encodeURIComponent(await blob.text())}`
  } catch {
    return undefined
  }
}

/**
 * Fills `assets.imageUrl` of every configured network in `chain` (the `$chain` store, handed
 * over by createModal: see create-modal.ts) that has none with its icon from the
 * server (`networkImage`); a network the host gave an `imageUrl` is not asked for. Networks
 * set anew meanwhile (another createModal) are left alone.
 *
 * @example await loadNetworkImages($api.get(), $chain)
 */
export async function loadNetworkImages(api: ApiClient, chain: typeof $chain): Promise<void> {
  const { networks } = chain.get()
  const missing = networks.filter((network) => !network.assets?.imageUrl)
  if (missing.length === 0) return
  const images = await Promise.all(missing.map((network) => networkImage(api, network)))
  const found = new Map<string, string>()
  missing.forEach((network, i) => {
    const image = images[i]
    if (image) found.set(network.caipNetworkId, image)
  })
  if (found.size === 0 || chain.get().networks !== networks) return
  chain.setKey(
    'networks',
    networks.map((network) => {
      const imageUrl = found.get(network.caipNetworkId)
      return imageUrl ? { ...network, assets: { ...network.assets, imageUrl } } : network
    }),
  )
}
