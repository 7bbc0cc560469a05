// The dapp the Chromium connector tests load (bundled by esbuild, served on its own origin):
// the EVM adapter with the Safe connector, set up from the page's query string.
import { createModalClient } from '@openmodal/core'
import { $connectors } from '@openmodal/core/internal'
import { type CoinbasePreference, coinbaseConnector } from '../src/exports/coinbase.js'
import { evmAdapter } from '../src/exports/index.js'
import { anvil } from '../src/exports/networks.js'
import { safeConnector } from '../src/exports/safe.js'

const query = new URL(window.location.href).searchParams
const rpcUrl = query.get('rpc') ?? ''
const allowedOrigins = query.getAll('safe-origin')
const keysUrl = query.get('coinbase-keys')
const adapter = evmAdapter({
  connectors: [
    safeConnector(allowedOrigins.length > 0 ? { allowedOrigins } : {}),
    ...(keysUrl
      ? [
          coinbaseConnector({
            keysUrl,
            coinbasePreference: (query.get('coinbase-preference') ?? 'all') as CoinbasePreference,
          }),
        ]
      : []),
  ],
})
const modal = createModalClient({
  projectId: 'e2e',
  networks: [{ ...anvil, rpcUrls: { default: { http: [rpcUrl] } } }],
  adapters: [adapter],
})
// Keeps discovery running, as an open modal would.
$connectors.listen(() => {})

Object.assign(window, {
  dapp: {
    modal,
    adapter,
    connectorIds: () => $connectors.get().map((c) => c.id),
  },
})
