// Connectors that EIP-6963 does not announce (a Safe app's parent, the Coinbase Wallet SDK):
// the host hands them to `evmAdapter({ connectors })` and discovery lists them beside the
// announced wallets. Each module keeps its SDK behind `import()`.
import type { Connector } from '@openmodal/core/internal'
import type { Discovery } from '../discovery/discovery.js'
import type { Eip1193Provider } from '../provider/types.js'

export interface ConnectorEntry {
  connector: Connector
  provider: Eip1193Provider
  /** Hidden while an EIP-6963 wallet with this rdns is announced (that wallet wins). */
  replacedBy?: string
  /** The type of the accounts it gives (default `eoa`; a Safe is a `smartAccount`). */
  accountType?: 'eoa' | 'smartAccount'
}

export interface ConnectorSource {
  /** Reports this source's connectors now and on every change; returns a stop function. */
  watch(listener: (entries: readonly ConnectorEntry[]) => void): () => void
  /**
   * The connector id to connect without asking, when the page runs where that is the only
   * sensible wallet (a Safe app inside the Safe interface); `undefined` otherwise.
   */
  autoConnect?(): Promise<string | undefined>
  /**
   * Lists the sources' connectors beside `inner`'s announced wallets (`withSources` of
   * sources-discovery.ts). A member of the source, not an import of the adapter, so an app
   * without connector sources bundles none of it.
   */
  discover?(inner: Discovery, sources: readonly ConnectorSource[]): Discovery
}
