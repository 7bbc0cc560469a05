// Chromium tests of @openmodal/vue: the shared WTR setup, with Vue's compile-time feature flags
// defined as its bundler integrations do (else Vue's esm-bundler build warns on every page).
import { wtrConfig } from '../../tools/wtr-config.mjs'

const config = wtrConfig({ files: 'src/**/*.browser.test.ts', tsconfig: 'tsconfig.test.json' })
const FLAGS =
  'window.__VUE_OPTIONS_API__ = true; window.__VUE_PROD_DEVTOOLS__ = false; ' +
  'window.__VUE_PROD_HYDRATION_MISMATCH_DETAILS__ = false;'

export default {
  ...config,
  testRunnerHtml: (framework) =>
    config.testRunnerHtml(framework).replace('<script>', `<script>${FLAGS} `),
}
