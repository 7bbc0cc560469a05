// Bitcoin networks as CAIP-2 networks: the reference is the first 32 hex characters of the
// network's genesis block hash (CAIP-4, `bip122:`). `rpcUrls.default.http[0]` is the network's
// Esplora API base URL, where the adapter reads balances (the adapter's `esploraUrls` option
// overrides it per network).
import { type CaipNetwork, InvalidOptionsError } from '@openmodal/core/internal'

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const

/** Bitcoin mainnet. */
export const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  network: 'mainnet',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
}

/** Bitcoin testnet (testnet3). */
export const bitcoinTestnet: CaipNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  network: 'testnet',
  nativeCurrency: { ...BTC, symbol: 'tBTC' },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space/testnet' } },
  testnet: true,
}

/** The CAIP-2 reference of every regtest network (its fixed genesis block). */
export const BITCOIN_REGTEST_ID = '0f9188f13cb7b2c71f2a335e3a4fc328'

/**
 * A regtest network read from the Esplora API at `esploraUrl` (a local node, or the
 * `@openmodal/testing` regtest ledger).
 *
 * @example
 * const regtest = bitcoinRegtest('http://127.0.0.1:3002')
 * createModal({ networks: [regtest], adapters: [bitcoinAdapter()] })
 */
export function bitcoinRegtest(esploraUrl: string): CaipNetwork {
  let url: URL
  try {
    url = new URL(esploraUrl)
  } catch {
    throw new InvalidOptionsError('esploraUrl', 'an http(s) URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidOptionsError('esploraUrl', 'an http(s) URL')
  }
  return {
    id: BITCOIN_REGTEST_ID,
    chainNamespace: 'bip122',
    caipNetworkId: `bip122:${BITCOIN_REGTEST_ID}`,
    name: 'Bitcoin Regtest',
    network: 'regtest',
    nativeCurrency: { ...BTC, symbol: 'rBTC' },
    rpcUrls: { default: { http: [esploraUrl.replace(/\/+$/, '')] } },
    testnet: true,
  }
}

export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest'

/** Which Bitcoin network a CAIP network is, by its genesis reference (`undefined`: another). */
export function bitcoinNetworkName(network: CaipNetwork): BitcoinNetworkName | undefined {
  if (network.chainNamespace !== 'bip122') return undefined
  switch (String(network.id)) {
    case bitcoin.id:
      return 'mainnet'
    case bitcoinTestnet.id:
      return 'testnet'
    case BITCOIN_REGTEST_ID:
      return 'regtest'
    default:
      return undefined
  }
}
