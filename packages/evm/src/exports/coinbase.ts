// @openmodal/evm/coinbase: the Coinbase Wallet SDK connector. The exports test snapshots this list.
export {
  COINBASE_CONNECTOR_ID,
  COINBASE_EXTENSION_RDNS,
  type CoinbaseConnectorOptions,
  type CoinbasePreference,
  coinbaseConnector,
} from '../connectors/coinbase.js'
export type { ConnectorEntry, ConnectorSource } from '../connectors/source.js'
