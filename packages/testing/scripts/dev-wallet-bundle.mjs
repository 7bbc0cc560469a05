// esbuild options of the one-file dev wallet (dist/dev-wallet.iife.js); shared by the build
// script and the test that runs the bundle.
import { build } from 'esbuild'

/** @param {{ write?: boolean, entry?: string, outfile?: string }} [options] */
export async function bundleDevWallet({
  write = false,
  entry = 'src/evm/dev-wallet.iife.ts',
  outfile = 'dist/dev-wallet.iife.js',
} = {}) {
  const result = await build({
    entryPoints: [new URL(`../${entry}`, import.meta.url).pathname],
    outfile: new URL(`../${outfile}`, import.meta.url).pathname,
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
