/** Chain namespaces the kit knows (spec §3). */
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type ChainNamespace = (typeof NAMESPACES)[number]

/** `namespace:reference`, e.g. `eip155:1` (CAIP-2). */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** `namespace:reference:address` (CAIP-10). */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export type AccountType = 'eoa' | 'smartAccount' | 'payment'

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** A network as the host configures it (spec §3 "Network"). */
export interface CaipNetwork {
  id: number | string
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  name: string
  /** Short machine name, e.g. `mainnet`. */
  network?: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
  /** Milliseconds between blocks (as viem's chains state it): sets how often a sent
   * transaction is polled (spec §9, `pollingInterval` in actions/send.ts). */
  blockTime?: number
}

/** Default account type per namespace (spec §3). */
export const DEFAULT_ACCOUNT_TYPES = {
  bip122: 'payment',
  eip155: 'smartAccount',
  polkadot: 'eoa',
  solana: 'eoa',
  cosmos: 'eoa',
} as const satisfies Readonly<Record<ChainNamespace, AccountType>>

export const DEFAULT_CAIP_NETWORK_ID: CaipNetworkId = 'eip155:1'
