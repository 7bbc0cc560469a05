// The part of `walletConnect()` that loads on demand: the connector over the modal's options,
// announced for the adapters, and the pairing side the QR view shows.
import {
  $adapters,
  $options,
  getNetworks,
  kitError,
  type WalletConnectLoaded,
} from '@openmodal/core'
import type { WalletConnectClientOptions } from '../client/create-client.js'
import { walletConnectConnector } from '../connector/walletconnect-connector.js'
import type { WalletConnectOptions } from './wallet-connect-entry.js'

/** Namespaces a WalletConnect proposal can ask for (spec §7). */
const PROPOSED = new Set(['eip155', 'solana', 'bip122'])

/**
 * Creates the connector from `options` and the modal's (projectId, metadata, the networks of
 * the registered adapters' namespaces), announces it and creates its client.
 *
 * @example const { onUri } = await loadWalletConnect({ relayUrl })
 */
export async function loadWalletConnect(
  options: WalletConnectOptions,
): Promise<WalletConnectLoaded> {
  const modal = $options.get()
  const projectId = options.projectId ?? modal?.projectId
  if (!projectId)
    throw kitError('FAILED_TO_CONNECT', { details: 'WalletConnect needs a projectId' })
  const served = new Set($adapters.get().map((a) => a.namespace))
  const networks = getNetworks().filter(
    (n) => served.has(n.chainNamespace) && PROPOSED.has(n.chainNamespace),
  )
  const { name: _name, target, ...clientOptions } = options
  const connector = walletConnectConnector({
    ...clientOptions,
    projectId,
    networks,
    metadata: options.metadata ??
      (modal?.metadata as WalletConnectClientOptions['metadata'] | undefined) ?? {
        name: document.title || location.host,
        description: '',
        url: location.origin,
        icons: [],
      },
  })
  const client = await connector.client()
  connector.announce(target)
  return {
    get pairing() {
      return client.pairing
    },
    onUri: (listener) => client.on('uri', listener),
    cancelPairing: () => connector.provider.cancelPairing(),
  }
}
