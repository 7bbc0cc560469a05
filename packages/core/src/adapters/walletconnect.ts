// WalletConnect's place in core. WalletConnect is not a chain adapter: one remote session spans
// namespaces and is driven, per namespace, by that namespace's adapter (the EVM adapter drives
// the session's EIP-1193 provider, announced through EIP-6963). What core keeps is a small entry
// the host passes as the `walletConnect` option: the connector the Connect view lists first
// (type WALLET_CONNECT, spec §2) and a `load()` that `import()`s the real client only when the
// visitor picks WalletConnect or a stored WalletConnect connection is to be restored.

import type { ChainNamespace } from '../types/network.js'
import type { Connector } from './types.js'

/** A pairing URI and when it stops being shown (spec §4). */
export interface WalletConnectPairingUri {
  uri: string
  /** Epoch ms. */
  expiresAt: number
}

/** What `WalletConnectEntry.load()` resolves with: the pairing side the QR view shows. */
export interface WalletConnectLoaded {
  /** The URI being shown, if a proposal is under way. */
  readonly pairing: WalletConnectPairingUri | undefined
  /** Every new URI: the first one of a proposal and each renewal before expiry. */
  onUri(listener: (pairing: WalletConnectPairingUri) => void): () => void
  /** Stops the proposal under way (the visitor left the QR view); its URI is dropped. */
  cancelPairing(): void
  /**
   * The namespaces of the current session (the wallet may approve fewer than proposed);
   * `undefined` without a session.
   */
  readonly namespaces?: readonly ChainNamespace[]
}

/**
 * The host's `walletConnect` option: tiny and synchronous to create, so it costs nothing in
 * the initial bundle. `@openmodal/walletconnect/connector`'s `walletConnect({ … })` makes one.
 */
export interface WalletConnectEntry {
  /** The connector id the namespace adapters know the session by (e.g. `com.walletconnect`). */
  readonly id: string
  readonly name: string
  /** `data:image/…` or `https:`. */
  readonly imageUrl?: string
  /** Namespaces the loaded client serves through an adapter. */
  readonly namespaces: readonly ChainNamespace[]
  /** The id each namespace's adapter knows the session by, when not `id`. */
  readonly connectorIds?: Partial<Record<ChainNamespace, string>>
  /**
   * Loads the real client (an `import()`), makes it discoverable by the adapters and resolves
   * with its pairing side. Called again, it resolves with the same object.
   */
  load(): Promise<WalletConnectLoaded>
}

/**
 * The connector the Connect view lists for `entry` (type WALLET_CONNECT, first group).
 *
 * @example walletConnectConnector(options.walletConnect).type // 'WALLET_CONNECT'
 */
export function walletConnectConnectorOf(entry: WalletConnectEntry): Connector {
  return {
    id: entry.id,
    type: 'WALLET_CONNECT',
    name: entry.name,
    namespaces: entry.namespaces,
    ...(entry.connectorIds ? { connectorIds: entry.connectorIds } : {}),
    ...(entry.imageUrl ? { imageUrl: entry.imageUrl } : {}),
  }
}

/** Whether `id` names the WalletConnect session in some namespace. */
export const isWalletConnectId = (entry: WalletConnectEntry, id: string): boolean =>
  id === entry.id || Object.values(entry.connectorIds ?? {}).includes(id)

/** Whether `value` looks like a `WalletConnectEntry` (options validation). */
export function isWalletConnectEntry(value: unknown): value is WalletConnectEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Partial<WalletConnectEntry>
  return (
    typeof entry.id === 'string' &&
    entry.id !== '' &&
    typeof entry.name === 'string' &&
    Array.isArray(entry.namespaces) &&
    typeof entry.load === 'function'
  )
}
