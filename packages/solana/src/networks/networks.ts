// Solana clusters as CAIP-2 networks: the reference is the first 32 characters of the
// cluster's genesis hash (CAIP-30). wallet-standard wallets name clusters differently
// (`solana:mainnet`, …): `walletChain` maps one to the other.
import { adapterError, type CaipNetwork } from '@openmodal/core/internal'
import { rpcCall } from '../adapter/rpc.js'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const

/** Solana mainnet-beta. */
export const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  network: 'mainnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
}

/** Solana devnet. */
export const solanaDevnet: CaipNetwork = {
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  network: 'devnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=devnet' } },
  testnet: true,
}

/** Solana testnet. */
export const solanaTestnet: CaipNetwork = {
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  network: 'testnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/?cluster=testnet' } },
  testnet: true,
}

const WALLET_CHAINS: Readonly<Record<string, string>> = {
  [solana.id]: 'solana:mainnet',
  [solanaDevnet.id]: 'solana:devnet',
  [solanaTestnet.id]: 'solana:testnet',
}

/**
 * The wallet-standard chain of a network: mainnet, devnet and testnet by genesis hash, and
 * `solana:localnet` for any other (a local or private cluster).
 *
 * @example walletChain(solanaDevnet) // 'solana:devnet'
 */
export function walletChain(network: CaipNetwork): `solana:${string}` {
  return (WALLET_CHAINS[String(network.id)] ?? 'solana:localnet') as `solana:${string}`
}

const GENESIS_HASH = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export interface SolanaLocalnetParameters {
  rpcUrl: string
  /** The cluster's genesis hash (`getGenesisHash`); its first 32 characters are the CAIP id. */
  genesisHash: string
  /** The subscription WebSocket; default the RPC port + 1, as @solana/web3.js assumes. */
  wsUrl?: string
  name?: string
}

/**
 * A local (or private) cluster as a network.
 *
 * @example
 * solanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899', genesisHash })
 * // { caipNetworkId: 'solana:HsAA1Wqa25WNXuVomYzh8y8n7FTobxNj', … }
 */
export function solanaLocalnet({
  rpcUrl,
  genesisHash,
  wsUrl,
  name = 'Solana Localnet',
}: SolanaLocalnetParameters): CaipNetwork {
  if (!GENESIS_HASH.test(genesisHash)) {
    throw adapterError('INVALID_GENESIS_HASH', { details: genesisHash })
  }
  const reference = genesisHash.slice(0, 32)
  return {
    id: reference,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${reference}`,
    name,
    network: 'localnet',
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [rpcUrl], ...(wsUrl ? { webSocket: [wsUrl] } : {}) } },
    testnet: true,
  }
}

/** Where `solana-test-validator` listens by default. */
const LOCALNET_RPC_URL = 'http://127.0.0.1:8899'

/**
 * Asks a cluster's RPC (by default a local `solana-test-validator`, `http://127.0.0.1:8899`)
 * for its genesis hash and returns it as a network. A local cluster's genesis hash changes with
 * its ledger, so there is no fixed localnet preset: ask the running one.
 *
 * @example const localnet = await fetchSolanaLocalnet() // http://127.0.0.1:8899
 */
export async function fetchSolanaLocalnet(
  rpcUrl: string = LOCALNET_RPC_URL,
  options: Omit<SolanaLocalnetParameters, 'rpcUrl' | 'genesisHash'> = {},
): Promise<CaipNetwork> {
  const genesisHash = await rpcCall<string>(rpcUrl, 'getGenesisHash', [])
  return solanaLocalnet({ ...options, rpcUrl, genesisHash: String(genesisHash) })
}
