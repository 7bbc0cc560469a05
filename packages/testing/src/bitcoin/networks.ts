// The Bitcoin networks of the dev wallet and the regtest ledger: address prefixes for
// @scure/btc-signer and the genesis hashes whose first 32 characters are the CAIP-2 ids.
import { NETWORK, TEST_NETWORK } from '@scure/btc-signer'

export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'regtest'

type BtcNetwork = typeof NETWORK

/** Address encodings per network (regtest: `bcrt1…` bech32, testnet prefixes otherwise). */
export const BTC_NETWORKS: Readonly<Record<BitcoinNetworkName, BtcNetwork>> = {
  mainnet: NETWORK,
  testnet: TEST_NETWORK,
  regtest: { ...TEST_NETWORK, bech32: 'bcrt' },
}

/** Genesis block hashes; `bip122:<first 32 hex characters>` names each network (CAIP-2). */
export const BITCOIN_GENESIS_HASHES: Readonly<Record<BitcoinNetworkName, string>> = {
  mainnet: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
  testnet: '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
  regtest: '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
}

/** The CAIP-2 id of a Bitcoin network, e.g. `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
export function bitcoinCaipId(network: BitcoinNetworkName): `bip122:${string}` {
  return `bip122:${BITCOIN_GENESIS_HASHES[network].slice(0, 32)}`
}

/** The sats-connect name of a network (`BitcoinNetworkType`). */
export const SATS_CONNECT_NETWORK_NAMES: Readonly<Record<BitcoinNetworkName, string>> = {
  mainnet: 'Mainnet',
  testnet: 'Testnet',
  regtest: 'Regtest',
}
