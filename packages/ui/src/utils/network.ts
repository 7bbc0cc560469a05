import {
  type CaipNetwork,
  isUnsupportedNetwork,
  type UnsupportedNetwork,
} from '@openmodal/core/internal'
import { safeLinkUrl } from './safe-url.js'

/** `network` when it is a configured network, `undefined` for the unsupported placeholder. */
export function supportedNetwork(
  network: Readonly<CaipNetwork> | Readonly<UnsupportedNetwork> | undefined,
): Readonly<CaipNetwork> | undefined {
  return network && !isUnsupportedNetwork(network) ? network : undefined
}

/**
 * The block explorer page of `address` on `network` (`<explorer>/address/<address>`), or
 * `undefined` when the network has no explorer or its URL is not `http:`/`https:`.
 *
 * @example
 * explorerAddressUrl(mainnet, '0xab…') // 'https://etherscan.io/address/0xab…'
 */
export function explorerAddressUrl(
  network: Readonly<CaipNetwork> | undefined,
  address: string,
): string | undefined {
  const base = safeLinkUrl(network?.blockExplorers?.default.url)
  if (!base) return undefined
  return `${base.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`
}

/**
 * The block explorer page of transaction `id` on `network` (`<explorer>/tx/<id>`), or
 * `undefined` when the network has no explorer or its URL is not `http:`/`https:`.
 *
 * @example
 * explorerTransactionUrl(mainnet, '0x5c…') // 'https://etherscan.io/tx/0x5c…'
 */
export function explorerTransactionUrl(
  network: Readonly<CaipNetwork> | undefined,
  id: string,
): string | undefined {
  const base = safeLinkUrl(network?.blockExplorers?.default.url)
  if (!base) return undefined
  return `${base.replace(/\/+$/, '')}/tx/${encodeURIComponent(id)}`
}
