// @openmodal/bitcoin public API. The exports test snapshots this list.
export {
  BITCOIN_METHODS,
  type BitcoinAccount,
  type BitcoinAdapter,
  type BitcoinAdapterOptions,
  bitcoinAdapter,
} from '../adapter/bitcoin-adapter.js'
export { NON_PAYMENT_ACCOUNT_MESSAGE, SATS_CONNECT_CODES } from '../adapter/errors.js'
export { addressBalance } from '../adapter/esplora.js'
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
