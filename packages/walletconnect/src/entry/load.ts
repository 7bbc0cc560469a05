// The part of `walletConnect()` that loads on demand: the connector over the modal's options,
// announced for the adapters, and the pairing side the QR view shows.
import {
  type CaipNetwork,
  type ChainNamespace,
  kitError,
  type ResolvedOptions,
  type SiwxConfigLike,
  type WalletConnectLoaded,
} from '@openmodal/core/internal'
import type { OneClickSiwx } from '../client/authenticate.js'
import type { WalletConnectClientOptions } from '../client/create-client.js'
import type { SIWEConfig } from '../client/siwx.js'
import { walletConnectConnector } from '../connector/walletconnect-connector.js'
import type { WalletConnectOptions } from './wallet-connect-entry.js'

/** What the entry reads from the modal when it loads this module. */
export interface ModalContext {
  /** The modal's options (projectId, metadata, siwx / siweConfig). */
  options: ResolvedOptions | null | undefined
  /** The configured networks of the registered adapters' namespaces. */
  networks: readonly CaipNetwork[]
}

/**
 * Creates the connector from `options` and the modal's (projectId, metadata, the networks of
 * the registered adapters' namespaces, the SIWX config for one-click auth), announces it and
 * creates its client.
 *
 * @example const { onUri } = await loadWalletConnect({ relayUrl })
 */
export async function loadWalletConnect(
  options: WalletConnectOptions,
  modal: ModalContext,
): Promise<WalletConnectLoaded> {
  const projectId = options.projectId ?? modal.options?.projectId
  if (!projectId)
    throw kitError('FAILED_TO_CONNECT', { details: 'WalletConnect needs a projectId' })
  const { name: _name, target, oneClickAuth, ...clientOptions } = options
  let siwx: Promise<OneClickSiwx | undefined> | undefined
  const connector = walletConnectConnector({
    ...clientOptions,
    ...(oneClickAuth === false ? {} : { siwx: () => (siwx ??= oneClickConfig(modal.options)) }),
    projectId,
    networks: modal.networks,
    metadata: options.metadata ??
      (modal.options?.metadata as WalletConnectClientOptions['metadata'] | undefined) ?? {
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

/**
 * The SIWX config one-click auth signs in with: the host's `siwx` (the object the modal's flow
 * runs), or its older `siweConfig` through `fromSiweConfig` (the host keeps that session, so the
 * flow finds it through its own adapter of the same config).
 */
async function oneClickConfig(
  options: ResolvedOptions | null | undefined,
): Promise<OneClickSiwx | undefined> {
  if (options?.siwx) return options.siwx as SiwxConfigLike
  if (!options?.siweConfig) return undefined
  const { fromSiweConfig } = await import('../client/siwx.js')
  return fromSiweConfig(options.siweConfig as SIWEConfig) as unknown as OneClickSiwx
}
