// createConfig: wagmi's createConfig with the modal's EVM networks as its chains, an http
// transport per chain on the network's first RPC URL, and the OpenModal connector first.
import type { CaipNetwork, ModalInstance } from '@openmodal/core'
import { type CreateConfigParameters, createConfig as createWagmiConfig } from '@wagmi/core'
import { type Chain, http, type Transport } from 'viem'
import { openModal } from './connector.js'

export type OpenModalConfigParameters = Omit<
  CreateConfigParameters,
  'chains' | 'transports' | 'client'
> & {
  /** The instance `createModal` returned. */
  modal: ModalInstance
  /** The networks given to `createModal`: its EVM ones become wagmi's chains. */
  networks: readonly CaipNetwork[]
  /** Transports by chain id; default: `http()` on each network's first RPC URL. */
  transports?: Record<number, Transport>
}

/**
 * A wagmi config whose chains are the modal's EVM networks and whose first connector is the
 * modal. wagmi's own EIP-6963 discovery is off by default: the modal lists the wallets.
 *
 * @example
 * const modal = createModal({ projectId, networks, adapters: [evmAdapter()] })
 * export const config = createConfig({ modal, networks })
 */
export function createConfig({
  modal,
  networks,
  transports,
  connectors = [],
  multiInjectedProviderDiscovery = false,
  ...rest
}: OpenModalConfigParameters) {
  const chains = networks.filter((n) => n.chainNamespace === 'eip155').map(toChain)
  const [first, ...others] = chains
  if (!first) throw new Error('createConfig needs at least one EVM network (eip155)')
  const chosen: Record<number, Transport> = {}
  for (const chain of chains) {
    chosen[chain.id] = transports?.[chain.id] ?? http(chain.rpcUrls.default.http[0])
  }
  return createWagmiConfig({
    ...rest,
    chains: [first, ...others],
    transports: chosen,
    connectors: [openModal({ modal }), ...connectors],
    multiInjectedProviderDiscovery,
  } as CreateConfigParameters)
}

/**
 * The viem chain of an EVM network (the kit's network objects already have viem's shape).
 *
 * @example toChain(anvil).id // 31337
 */
export function toChain(network: CaipNetwork): Chain {
  if (network.chainNamespace !== 'eip155') {
    throw new Error(`${network.caipNetworkId} is not an EVM network`)
  }
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    ...(network.blockExplorers ? { blockExplorers: network.blockExplorers } : {}),
    ...(network.testnet ? { testnet: true } : {}),
  }
}
