// @openmodal/bitcoin/networks: the Bitcoin networks as `CaipNetwork` objects (mainnet, testnet
// and a regtest one on a given Esplora URL). Loads no wallet code. The exports test snapshots
// this list.
//
//   import { bitcoin } from '@openmodal/bitcoin/networks'
//   createModal({ networks: [bitcoin], adapters: [bitcoinAdapter()] })
export {
  BITCOIN_REGTEST_ID,
  type BitcoinNetworkName,
  bitcoin,
  bitcoinNetworkName,
  bitcoinRegtest,
  bitcoinTestnet,
} from '../networks/networks.js'
