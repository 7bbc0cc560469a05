// esbuild options of the one-file dev wallet (dist/dev-wallet.iife.js); shared by the build
// script and the test that runs the bundle.
import { build } from 'esbuild'

/** @param {{ write?: boolean }} [options] */
export async function bundleDevWallet({ write = false } = {}) {
  const result = await build({
    entryPoints: [new URL('../src/evm/dev-wallet.iife.ts', import.meta.url).pathname],
    outfile: new URL('../dist/dev-wallet.iife.js', import.meta.url).pathname,
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    legalComments: 'none',
    write,
    logLevel: 'warning',
  })
  return write ? undefined : result.outputFiles[0].text
}
