// WalletConnect as an EVM wallet: the session's EIP-1193 provider, announced with EIP-6963 so
// the EVM adapter discovers and drives it with its own, unchanged logic (connect, reconnect,
// switch with the 4902 path, signing, transfers, events). With Solana networks, the session's
// solana namespace is also a wallet-standard wallet the Solana adapter discovers the same way,
// and with Bitcoin networks its bip122 namespace one the Bitcoin adapter discovers.
// Nothing loads sign-client before the first request.

import { createBitcoinWallet, type WalletConnectBitcoinWallet } from '../bitcoin/standard-wallet.js'
import {
  createWalletConnectClient,
  type WalletConnectClient,
  type WalletConnectClientOptions,
} from '../client/create-client.js'
import {
  createEip1193Provider,
  type WalletConnectEip1193Provider,
} from '../provider/eip1193-provider.js'

import { createSolanaWallet, type WalletConnectSolanaWallet } from '../solana/standard-wallet.js'
import { WALLETCONNECT_ICON as ICON, WALLETCONNECT_CONNECTOR_ID } from './identity.js'

export { WALLETCONNECT_CONNECTOR_ID }

export interface WalletConnectConnector {
  /** EIP-6963 provider info (`rdns` is the connector id). */
  readonly info: { uuid: string; name: string; icon: string; rdns: string }
  readonly provider: WalletConnectEip1193Provider
  /**
   * The session's `solana` namespace as a wallet-standard wallet named "WalletConnect", for
   * the Solana adapter; present when the networks include a Solana one.
   */
  readonly solana: WalletConnectSolanaWallet | undefined
  /**
   * The session's `bip122` namespace as a wallet-standard wallet named "WalletConnect", for
   * the Bitcoin adapter; present when the networks include a Bitcoin one.
   */
  readonly bitcoin: WalletConnectBitcoinWallet | undefined
  /** The client (created on first use): pairing URIs come through its `uri` event. */
  client(): Promise<WalletConnectClient>
  /**
   * Announces the provider with EIP-6963 on `target` (default `window`) and registers the
   * Solana and Bitcoin wallets with the page's wallet-standard registry (`window`); returns a stop function.
   */
  announce(target?: EventTarget): () => void
}

/**
 * A WalletConnect connector for the EVM adapter. Show the pairing URI from
 * `(await connector.client()).on('uri', …)` (the modal's QR view does).
 *
 * @example
 * const wc = walletConnectConnector({ projectId, networks, metadata })
 * wc.announce()
 * createModalClient({ projectId, networks, adapters: [evmAdapter()] })
 */
export function walletConnectConnector(
  options: WalletConnectClientOptions,
): WalletConnectConnector {
  let created: Promise<WalletConnectClient> | undefined
  const client = () => {
    created ??= createWalletConnectClient(options)
    return created
  }
  const provider = createEip1193Provider({ client, networks: options.networks })
  const solana = options.networks.some((n) => n.chainNamespace === 'solana')
    ? createSolanaWallet({ client, networks: options.networks })
    : undefined
  const bitcoin = options.networks.some((n) => n.chainNamespace === 'bip122')
    ? createBitcoinWallet({ client, networks: options.networks })
    : undefined
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'WalletConnect',
    icon: ICON,
    rdns: WALLETCONNECT_CONNECTOR_ID,
  })
  return {
    info,
    provider,
    solana,
    bitcoin,
    client,
    announce(target = globalThis as unknown as EventTarget) {
      const detail = Object.freeze({ info, provider })
      const announce = () =>
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      target.addEventListener('eip6963:requestProvider', announce)
      announce()
      const unregisters = [solana?.register(), bitcoin?.register()]
      return () => {
        target.removeEventListener('eip6963:requestProvider', announce)
        for (const unregister of unregisters) unregister?.()
      }
    },
  }
}
