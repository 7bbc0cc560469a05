// The namespaces a session proposal asks for, built from the host's networks.
import type { CaipNetwork, ChainNamespace } from '@openmodal/core/internal'
import {
  BIP122_EVENTS,
  BIP122_METHODS,
  EIP155_EVENTS,
  EIP155_METHODS,
  SOLANA_EVENTS,
  SOLANA_METHODS,
} from './constants.js'

export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap?: Record<string, string>
}

const PER_NAMESPACE: Partial<
  Record<ChainNamespace, { methods: readonly string[]; events: readonly string[] }>
> = {
  eip155: { methods: EIP155_METHODS, events: EIP155_EVENTS },
  solana: { methods: SOLANA_METHODS, events: SOLANA_EVENTS },
  bip122: { methods: BIP122_METHODS, events: BIP122_EVENTS },
}

/**
 * The `optionalNamespaces` of a proposal: one entry per namespace the networks use (eip155,
 * solana, bip122), with their CAIP-2 chains in the given order. Other namespaces are skipped.
 *
 * @example
 * buildNamespaces([mainnet, optimism]).eip155?.chains // ['eip155:1', 'eip155:10']
 */
export function buildNamespaces(
  networks: readonly CaipNetwork[],
): Record<string, ProposalNamespace> {
  const namespaces: Record<string, ProposalNamespace> = {}
  for (const network of networks) {
    const spec = PER_NAMESPACE[network.chainNamespace]
    if (!spec) continue
    const entry = namespaces[network.chainNamespace] ?? {
      chains: [],
      methods: [...spec.methods],
      events: [...spec.events],
    }
    namespaces[network.chainNamespace] = entry
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId)
    const rpcUrl = network.rpcUrls.default.http[0]
    if (rpcUrl) entry.rpcMap = { ...entry.rpcMap, [String(network.id)]: rpcUrl }
  }
  return namespaces
}
