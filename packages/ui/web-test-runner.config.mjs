// Chromium tests of @openmodal/ui. The AllWallets tests also get the real server (apps/server
// on PGlite, 2,000 wallets), started on first use by the plugin below.
import { wtrConfig } from '../../tools/wtr-config.mjs'
import { registryServer } from './wtr-registry-server.mjs'

export default wtrConfig({ files: 'src/**/*.test.ts', plugins: [registryServer()] })
