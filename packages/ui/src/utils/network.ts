import { type CaipNetwork, isUnsupportedNetwork, type UnsupportedNetwork } from '@openmodal/core'

/** `network` when it is a configured network, `undefined` for the unsupported placeholder. */
export function supportedNetwork(
  network: Readonly<CaipNetwork> | Readonly<UnsupportedNetwork> | undefined,
): Readonly<CaipNetwork> | undefined {
  return network && !isUnsupportedNetwork(network) ? network : undefined
}
