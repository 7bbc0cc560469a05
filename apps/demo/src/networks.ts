// The demo's networks: the two local anvil chains (testnets, the first is the default) and
// Ethereum mainnet (the preset). Nothing here is fetched at load: RPC URLs are used once a
// wallet connects. The anvil chains are built here: `pnpm demo` may start them on other ports
// than the `anvil` preset's 8545.
import type { CaipNetwork } from '@openmodal/core'
import { mainnet } from '@openmodal/evm/networks'
import { DEFAULT_CHAINS, type LocalChain } from './local.js'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** An anvil chain as a configured network ("Anvil", "Anvil 2", …), marked as a testnet. */
export function anvilNetwork(chain: LocalChain, index: number): CaipNetwork {
  return {
    id: chain.chainId,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${chain.chainId}`,
    name: index === 0 ? 'Anvil' : `Anvil ${index + 1}`,
    network: `anvil-${chain.chainId}`,
    nativeCurrency: ether,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    testnet: true,
  }
}

/** The local chains first (the first is the default), then Ethereum. */
export function demoNetworks(
  chains: readonly LocalChain[] = DEFAULT_CHAINS,
): [CaipNetwork, ...CaipNetwork[]] {
  const [first, ...rest] = chains.map(anvilNetwork)
  return first ? [first, ...rest, mainnet] : [mainnet]
}
