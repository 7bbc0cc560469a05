// Chromium tests of the secure site's browser parts (IndexedDB, WebCrypto).
import { wtrConfig } from '../../tools/wtr-config.mjs'

export default wtrConfig({
  files: 'src/**/*.browser.test.ts',
  tsconfig: 'tsconfig.json',
  timeout: 20000,
})
