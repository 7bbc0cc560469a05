import { wtrConfig } from '../../tools/wtr-config.mjs'
import { blockchainApiMiddleware } from './src/test/blockchain-api-server.mjs'

export default {
  ...wtrConfig({ files: 'src/**/*.test.ts' }),
  // The blockchain API contract of apps/server, for the Account tabs and name registration.
  middleware: [blockchainApiMiddleware],
}
