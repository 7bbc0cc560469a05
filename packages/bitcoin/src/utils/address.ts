// Bitcoin address shapes per network (shape only, as core's address checks: no checksum). A
// full decode needs a Bitcoin library; the wallet and the node check the rest.
import type { BitcoinNetworkName } from '../networks/networks.js'

const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
const BECH32 = '[02-9ac-hj-np-z]'

const SHAPES: Readonly<Record<BitcoinNetworkName, RegExp>> = {
  mainnet: new RegExp(`^(?:[13]${BASE58}{25,34}|bc1${BECH32}{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})$`),
  testnet: new RegExp(`^(?:[mn2]${BASE58}{25,34}|tb1${BECH32}{11,71}|TB1[02-9AC-HJ-NP-Z]{11,71})$`),
  regtest: new RegExp(
    `^(?:[mn2]${BASE58}{25,34}|bcrt1${BECH32}{11,71}|BCRT1[02-9AC-HJ-NP-Z]{11,71})$`,
  ),
}

/**
 * Whether `address` looks like a Bitcoin address of `network` (any network when absent):
 * base58 (p2pkh, p2sh) or bech32/bech32m (segwit, taproot) with the network's prefix.
 *
 * @example
 * isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'mainnet') // true
 * isBitcoinAddress('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'regtest') // false
 */
export function isBitcoinAddress(address: unknown, network?: BitcoinNetworkName): boolean {
  if (typeof address !== 'string') return false
  if (network) return SHAPES[network].test(address)
  return Object.values(SHAPES).some((shape) => shape.test(address))
}

/** Whether `address` is a taproot (bech32m, witness v1) address: `bc1p…`, `tb1p…`, `bcrt1p…`. */
export function isTaprootAddress(address: string): boolean {
  return /^(bc|tb|bcrt)1p/i.test(address)
}
