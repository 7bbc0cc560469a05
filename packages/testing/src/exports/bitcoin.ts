// @openmodal/testing/bitcoin: the sats-connect Bitcoin dev wallet and its keys and message
// signatures, usable in the browser and in Node. A subpath of its own so pages without Bitcoin
// never load @scure/btc-signer.
export {
  BITCOIN_DEV_WALLET_METHODS,
  type BitcoinDevWallet,
  type BitcoinDevWalletCall,
  type BitcoinDevWalletMethod,
  type BitcoinDevWalletOptions,
  createBitcoinDevWallet,
  SATS_CONNECT_ERROR_CODES,
  type SatsConnectAddress,
  type SatsConnectEvent,
  type SatsConnectProvider,
  type SatsConnectProviderInfo,
  type SatsConnectResponse,
} from '../bitcoin/dev-wallet.js'
export {
  BITCOIN_GENESIS_HASHES,
  type BitcoinNetworkName,
  bitcoinCaipId,
} from '../bitcoin/networks.js'
export {
  type AddressPurpose,
  type BitcoinDevKey,
  bip322MessageHash,
  bitcoinDevKeys,
  legacyMessageHash,
  signBip322,
  signEcdsaMessage,
} from '../bitcoin/signing.js'
export { bitcoinStandardWallet } from '../bitcoin/standard-wallet.js'
