// ENS identity (spec §5 "name resolution by a name service"): loaded by `import()` on the first
// profile lookup only, so viem's ENS actions and name normalisation stay out of the initial
// bundle.
import type { CaipNetwork } from '@openmodal/core'
import { type Address, createPublicClient, http } from 'viem'
import { getEnsAvatar, getEnsName, normalize } from 'viem/ens'
import { ENS_UNIVERSAL_RESOLVER } from './ens-address.js'

/**
 * The primary ENS name of `address` and its avatar, read through the ENS Universal Resolver
 * on `network`'s first RPC URL (an Ethereum mainnet RPC). Throws on any failure; the adapter
 * turns failures into `{}`.
 *
 * @example await lookupEnsProfile({ address, network: mainnet }) // { name: 'vitalik.eth', avatar: 'https://…' }
 */
export async function lookupEnsProfile(params: {
  address: Address
  network: CaipNetwork
}): Promise<{ name?: string; avatar?: string }> {
  const client = createPublicClient({
    transport: http(params.network.rpcUrls.default.http[0], {
      timeout: 10_000,
      retryCount: 1,
      retryDelay: 150,
    }),
  })
  const universalResolverAddress = ENS_UNIVERSAL_RESOLVER
  const found = await getEnsName(client, { address: params.address, universalResolverAddress })
  if (!found) return {}
  // A name that does not normalise (ENSIP-15) is not shown.
  const name = normalize(found)
  const avatar = await getEnsAvatar(client, { name, universalResolverAddress }).catch(() => null)
  return avatar ? { name, avatar } : { name }
}
