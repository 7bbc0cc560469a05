// The demo's networks, defined inline so the page needs no chain package. Nothing here is
// fetched at load: RPC URLs are used only once a wallet connects.
import type { CaipNetwork } from '@openmodal/core'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }

export const mainnet: CaipNetwork = {
  id: 1,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  network: 'mainnet',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://cloudflare-eth.com'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
}

export const sepolia: CaipNetwork = {
  id: 11155111,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:11155111',
  name: 'Sepolia',
  network: 'sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://rpc.sepolia.org'] } },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
  testnet: true,
}

export const optimism: CaipNetwork = {
  id: 10,
  chainNamespace: 'eip155',
  caipNetworkId: 'eip155:10',
  name: 'OP Mainnet',
  network: 'optimism',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: {
    default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  },
}

export const networks = [mainnet, sepolia, optimism] as const
