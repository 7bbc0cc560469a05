// @openmodal/bitcoin public API: what a host passes to createModal, the networks and the
// address checks. The exports test snapshots this list.
export {
  type BitcoinAccount,
  type BitcoinAdapter,
  type BitcoinAdapterOptions,
  bitcoinAdapter,
} from '../adapter/bitcoin-adapter.js'
export type { SatsConnectProvider } from '../adapter/sats-connect.js'
export type {
  BitcoinAddressPurpose,
  MessageProtocol,
  SignPsbtParameters,
} from '../adapter/wallet.js'
export {
  BITCOIN_REGTEST_ID,
  type BitcoinNetworkName,
  bitcoin,
  bitcoinNetworkName,
  bitcoinRegtest,
  bitcoinTestnet,
} from '../networks/networks.js'
export { isBitcoinAddress, isTaprootAddress } from '../utils/address.js'
