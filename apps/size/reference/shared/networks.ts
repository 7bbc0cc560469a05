// The reference apps' networks, inline so no chain package weighs on the measurement. RPC URLs
// are used only once a wallet connects (never in a size build or a benchmark run).
import type { CaipNetwork } from '@openmodal/core'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const mainnet: CaipNetwork = {
  id: 1,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://cloudflare-eth.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
}

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

export const evmNetworks = [mainnet, optimism]
