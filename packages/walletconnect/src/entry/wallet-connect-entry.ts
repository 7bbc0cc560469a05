// The host's `walletConnect` option: a few hundred bytes in the initial bundle. The client
// (this package's connector, then sign-client) loads with `import()` only when a visitor picks
// WalletConnect, or when core restores a stored WalletConnect connection.
import {
  $adapters,
  $options,
  getNetworks,
  lazyCode,
  type WalletConnectEntry,
} from '@openmodal/core/internal'
import type { WalletConnectClientOptions } from '../client/create-client.js'
import {
  WALLETCONNECT_BITCOIN_ID,
  WALLETCONNECT_CONNECTOR_ID,
  WALLETCONNECT_ICON,
  WALLETCONNECT_SOLANA_ID,
} from '../connector/identity.js'

/** Namespaces a WalletConnect proposal can ask for (spec §7). */
const PROPOSED: ReadonlySet<string> = new Set(['eip155', 'solana', 'bip122'])

/** What `walletConnect()` takes: the client's options; the rest comes from the modal's. */
export interface WalletConnectOptions
  extends Partial<Omit<WalletConnectClientOptions, 'networks' | 'siwx'>> {
  /** The row's name (default "WalletConnect"). */
  name?: string
  /**
   * One-click auth: with `siwx` (or `siweConfig`) set and only eip155 networks, pairing and
   * sign-in are one step for wallets that support it (CAIP-222). Default true.
   */
  oneClickAuth?: boolean
  /**
   * Where the provider is announced (EIP-6963) for the EVM adapter to find; default `window`.
   * Give the same target as `evmAdapter({ target })`.
   */
  target?: EventTarget
}

/**
 * The WalletConnect entry for `createModal({ walletConnect })`. `projectId`, `metadata` and the
 * networks default to the modal's own: the proposal asks for the configured networks of every
 * namespace a registered adapter serves (eip155, solana, bip122).
 *
 * @example
 * import { walletConnect } from '@openmodal/walletconnect/connector'
 * createModal({
 *   projectId, networks, adapters: [evmAdapter()],
 *   walletConnect: walletConnect({ relayUrl: 'ws://127.0.0.1:8788' }),
 * })
 */
export function walletConnect(options: WalletConnectOptions = {}): WalletConnectEntry {
  // A failed load (offline chunk) is retried on the next pick.
  const load = lazyCode((): ReturnType<WalletConnectEntry['load']> => {
    // The modal's state is read here, in the entry: the lazy module imports no core store,
    // which keeps bundlers from splitting core into extra initial chunks.
    const modal = $options.get()
    const served = new Set($adapters.get().map((a) => a.namespace))
    const context = {
      options: modal,
      networks: getNetworks().filter(
        (n) => served.has(n.chainNamespace) && PROPOSED.has(n.chainNamespace),
      ),
    }
    return import('./load.js').then((module) => module.loadWalletConnect(options, context))
  })
  return {
    id: WALLETCONNECT_CONNECTOR_ID,
    name: options.name ?? 'WalletConnect',
    imageUrl: WALLETCONNECT_ICON,
    // The EVM adapter drives the session's EIP-1193 provider (EIP-6963 id `com.walletconnect`),
    // the Solana and Bitcoin adapters its wallet-standard wallets (id = name, "WalletConnect").
    namespaces: ['eip155', 'solana', 'bip122'],
    connectorIds: {
      eip155: WALLETCONNECT_CONNECTOR_ID,
      solana: WALLETCONNECT_SOLANA_ID,
      bip122: WALLETCONNECT_BITCOIN_ID,
    },
    load,
  }
}
