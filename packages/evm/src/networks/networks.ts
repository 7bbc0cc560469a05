// EVM network presets: the chains of spec §9's frame networks list, plus a local anvil chain,
// as plain `CaipNetwork` literals. The data (names, currencies, public RPC URLs, explorers) is
// the one viem's `viem/chains` defines (viem 2.57), copied rather than imported so that this
// entry loads nothing at run time: one export per network, and a bundler keeps only the ones
// an app names. Public RPC URLs are rate-limited; pass your own provider's URL in production.
import type { CaipNetwork, NativeCurrency } from '@openmodal/core'

const ether: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** Ethereum mainnet (chain 1). */
export const mainnet: CaipNetwork = {
  id: 1,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://ethereum.reth.rs/rpc'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
}

/** Sepolia, Ethereum's application testnet (chain 11155111). */
export const sepolia: CaipNetwork = {
  id: 11_155_111,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:11155111',
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://11155111.rpc.thirdweb.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  testnet: true,
}

/** Holesky, Ethereum's former staking testnet (chain 17000). */
export const holesky: CaipNetwork = {
  id: 17_000,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:17000',
  name: 'Holesky',
  nativeCurrency: { name: 'Holesky Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://ethereum-holesky-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://holesky.etherscan.io' } },
  testnet: true,
}

/** Hoodi, Ethereum's staking testnet after Holesky (chain 560048). */
export const hoodi: CaipNetwork = {
  id: 560_048,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:560048',
  name: 'Hoodi',
  nativeCurrency: { name: 'Hoodi Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.hoodi.ethpandaops.io'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://hoodi.etherscan.io' } },
  testnet: true,
}

/** OP Mainnet (chain 10). */
export const optimism: CaipNetwork = {
  id: 10,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:10',
  name: 'OP Mainnet',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: {
    default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  },
}

/** Arbitrum One (chain 42161). */
export const arbitrum: CaipNetwork = {
  id: 42_161,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:42161',
  name: 'Arbitrum One',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
}

/** Polygon PoS (chain 137). */
export const polygon: CaipNetwork = {
  id: 137,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:137',
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon.drpc.org'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
}

/** Celo (chain 42220). */
export const celo: CaipNetwork = {
  id: 42_220,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:42220',
  name: 'Celo',
  nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  rpcUrls: { default: { http: ['https://forno.celo.org'] } },
  blockExplorers: { default: { name: 'Celo Explorer', url: 'https://celoscan.io' } },
}

/** Aurora, the EVM on NEAR (chain 1313161554). */
export const aurora: CaipNetwork = {
  id: 1_313_161_554,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1313161554',
  name: 'Aurora',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.aurora.dev'] } },
  blockExplorers: { default: { name: 'Aurorascan', url: 'https://aurorascan.dev' } },
}

/** BNB Smart Chain (chain 56). */
export const bsc: CaipNetwork = {
  id: 56,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:56',
  name: 'BNB Smart Chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  rpcUrls: { default: { http: ['https://56.rpc.thirdweb.com'] } },
  blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
}

/** Avalanche C-Chain (chain 43114). */
export const avalanche: CaipNetwork = {
  id: 43_114,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:43114',
  name: 'Avalanche',
  nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
  blockExplorers: { default: { name: 'SnowTrace', url: 'https://snowtrace.io' } },
}

/** ZKsync Era (chain 324). */
export const zksync: CaipNetwork = {
  id: 324,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:324',
  name: 'ZKsync Era',
  network: 'zksync-era',
  nativeCurrency: ether,
  rpcUrls: {
    default: {
      http: ['https://mainnet.era.zksync.io'],
      webSocket: ['wss://mainnet.era.zksync.io/ws'],
    },
  },
  blockExplorers: { default: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' } },
}

/** Gnosis Chain (chain 100). */
export const gnosis: CaipNetwork = {
  id: 100,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:100',
  name: 'Gnosis',
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  rpcUrls: {
    default: {
      http: ['https://rpc.gnosischain.com'],
      webSocket: ['wss://rpc.gnosischain.com/wss'],
    },
  },
  blockExplorers: { default: { name: 'Gnosisscan', url: 'https://gnosisscan.io' } },
}

/** Base (chain 8453). */
export const base: CaipNetwork = {
  id: 8453,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:8453',
  name: 'Base',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
}

/** Zora (chain 7777777). */
export const zora: CaipNetwork = {
  id: 7_777_777,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:7777777',
  name: 'Zora',
  nativeCurrency: ether,
  rpcUrls: {
    default: { http: ['https://rpc.zora.energy'], webSocket: ['wss://rpc.zora.energy'] },
  },
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.zora.energy' } },
}

/**
 * A local anvil (or Hardhat) node on its default port (chain 31337), marked as a testnet.
 *
 * @example
 * createModal({ networks: [anvil], adapters: [evmAdapter()] }) // after `anvil` in a terminal
 */
export const anvil: CaipNetwork = {
  id: 31_337,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'], webSocket: ['ws://127.0.0.1:8545'] } },
  testnet: true,
}
