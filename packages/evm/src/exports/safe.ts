// @openmodal/evm/safe: the Safe app connector. The exports test snapshots this list.
export {
  parentOrigin,
  SAFE_CONNECTOR_ID,
  SAFE_ORIGINS,
  type SafeConnectorOptions,
  safeConnector,
} from '../connectors/safe.js'
export type { ConnectorEntry, ConnectorSource } from '../connectors/source.js'
