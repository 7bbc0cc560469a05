// WalletConnect as an EVM wallet: the session's EIP-1193 provider, announced with EIP-6963 so
// the EVM adapter discovers and drives it with its own, unchanged logic (connect, reconnect,
// switch with the 4902 path, signing, transfers, events). Nothing loads sign-client before the
// first request.
import {
  createWalletConnectClient,
  type WalletConnectClient,
  type WalletConnectClientOptions,
} from '../client/create-client.js'
import {
  createEip1193Provider,
  type WalletConnectEip1193Provider,
} from '../provider/eip1193-provider.js'

/** The id the EVM adapter gives the connector (its EIP-6963 rdns). */
export const WALLETCONNECT_CONNECTOR_ID = 'com.walletconnect'

// WalletConnect's logo mark, as a data URI (connectors may only carry data: or https: icons).
const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#3396ff"/><path fill="#fff" d="M30 36c10-10 26-10 36 0l1 1a1 1 0 0 1 0 2l-4 4a1 1 0 0 1-1 0l-2-1c-7-7-18-7-25 0l-2 1a1 1 0 0 1-1 0l-4-4a1 1 0 0 1 0-2zm44 8 4 4a1 1 0 0 1 0 2L60 67a1 1 0 0 1-2 0L47 56a0 0 0 0 0-1 0L35 67a1 1 0 0 1-2 0L18 50a1 1 0 0 1 0-2l4-4a1 1 0 0 1 2 0l11 11h1l11-11a1 1 0 0 1 2 0l11 11h1l11-11a1 1 0 0 1 2 0z"/></svg>',
)}`

export interface WalletConnectConnector {
  /** EIP-6963 provider info (`rdns` is the connector id). */
  readonly info: { uuid: string; name: string; icon: string; rdns: string }
  readonly provider: WalletConnectEip1193Provider
  /** The client (created on first use): pairing URIs come through its `uri` event. */
  client(): Promise<WalletConnectClient>
  /** Announces the provider with EIP-6963 on `target` (default `window`); returns a stop function. */
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
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: 'WalletConnect',
    icon: ICON,
    rdns: WALLETCONNECT_CONNECTOR_ID,
  })
  return {
    info,
    provider,
    client,
    announce(target = globalThis as unknown as EventTarget) {
      const detail = Object.freeze({ info, provider })
      const announce = () =>
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      target.addEventListener('eip6963:requestProvider', announce)
      announce()
      return () => target.removeEventListener('eip6963:requestProvider', announce)
    },
  }
}
