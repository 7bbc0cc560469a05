// Shared @web/test-runner setup: TypeScript through esbuild, the system Chromium through
// Playwright, one browser, and the `process.env` shim nanostores 1.x reads.
import { esbuildPlugin } from '@web/dev-server-esbuild'
import { playwrightLauncher } from '@web/test-runner-playwright'
import { CHROMIUM_ARGS, chromiumPath } from './chromium.mjs'

/**
 * @param {{ files: string | string[], plugins?: unknown[], tsconfig?: string, timeout?: number }} options
 */
export function wtrConfig({ files, plugins = [], tsconfig, timeout = 10000 }) {
  return {
    files,
    nodeResolve: { exportConditions: ['@openmodal/source', 'browser', 'development'] },
    concurrency: 1,
    concurrentBrowsers: 1,
    browserStartTimeout: 60000,
    testsStartTimeout: 60000,
    testsFinishTimeout: 180000,
    testFramework: { config: { timeout } },
    plugins: [
      esbuildPlugin({
        ts: true,
        tsx: true,
        jsx: true,
        target: 'es2022',
        ...(tsconfig ? { tsconfig } : {}),
      }),
      ...plugins,
    ],
    browsers: [
      playwrightLauncher({
        product: 'chromium',
        launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true },
      }),
    ],
    testRunnerHtml: (testFramework) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><script>window.process = { env: { NODE_ENV: 'development' } }</script></head>
  <body><script type="module" src="${testFramework}"></script></body>
</html>`,
  }
}
