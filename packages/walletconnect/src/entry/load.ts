// The part of `walletConnect()` that loads on demand: the connector over the modal's options,
// announced for the adapters, and the pairing side the QR view shows.
import {
  type CaipNetwork,
  type ChainNamespace,
  getSiwxConfig,
  kitError,
  type WalletConnectLoaded,
} from '@openmodal/core/internal'
import type { WalletConnectClientOptions } from '../client/create-client.js'
import { walletConnectConnector } from '../connector/walletconnect-connector.js'
import type { WalletConnectOptions } from './wallet-connect-entry.js'

/** What the entry reads from the modal when it loads this module. */
export interface ModalContext {
  projectId: string | undefined
  metadata: WalletConnectClientOptions['metadata'] | undefined
  /** The configured networks of the registered adapters' namespaces. */
  networks: readonly CaipNetwork[]
}

/**
 * Creates the connector from `options` and the modal's (projectId, metadata, the networks of
 * the registered adapters' namespaces), announces it and creates its client.
 *
 * @example const { onUri } = await loadWalletConnect({ relayUrl })
 */
export async function loadWalletConnect(
  options: WalletConnectOptions,
  modal: ModalContext,
): Promise<WalletConnectLoaded> {
  const projectId = options.projectId ?? modal.projectId
  if (!projectId)
    throw kitError('FAILED_TO_CONNECT', { details: 'WalletConnect needs a projectId' })
  const { name: _name, target, oneClickAuth, ...clientOptions } = options
  const connector = walletConnectConnector({
    ...clientOptions,
    // The modal's SIWX flow, when the host set one, signs in during pairing.
    ...(oneClickAuth === false ? {} : { siwx: getSiwxConfig }),
    projectId,
    networks: modal.networks,
    metadata: options.metadata ??
      modal.metadata ?? {
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
    get namespaces() {
      const session = client.session
      return session ? (Object.keys(session.namespaces) as ChainNamespace[]) : undefined
    },
    cancelPairing: () => {
      connector.provider.cancelPairing()
      connector.solana?.cancelPairing()
      connector.bitcoin?.cancelPairing()
    },
  }
}
