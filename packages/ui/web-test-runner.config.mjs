// Chromium tests of @openmodal/ui. The AllWallets tests also get the real server (apps/server
// on PGlite, 2,000 wallets), started on first use by the plugin below.
import { wtrConfig } from '../../tools/wtr-config.mjs'
import { blockchainApiMiddleware } from './src/test/blockchain-api-server.mjs'
import { onrampApiMiddleware } from './src/test/onramp-api-server.mjs'
import { registryServer } from './wtr-registry-server.mjs'

export default {
  ...wtrConfig({ files: 'src/**/*.test.ts', plugins: [registryServer()] }),
  // The blockchain API contract of apps/server, for the Account tabs and name registration.
  // The on-ramp API contract, for the OnRamp views.
  middleware: [onrampApiMiddleware, blockchainApiMiddleware],
}
