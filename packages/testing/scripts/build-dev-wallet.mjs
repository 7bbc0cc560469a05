// Writes dist/dev-wallet.iife.js and dist/solana-dev-wallet.iife.js (after `tsc -b`, from the
// package's build script).
import { statSync } from 'node:fs'
import { bundleDevWallet } from './dev-wallet-bundle.mjs'

const bundles = [
  { entry: 'src/evm/dev-wallet.iife.ts', outfile: 'dist/dev-wallet.iife.js' },
  { entry: 'src/solana/dev-wallet.iife.ts', outfile: 'dist/solana-dev-wallet.iife.js' },
]
for (const bundle of bundles) {
  await bundleDevWallet({ write: true, ...bundle })
  const { size } = statSync(new URL(`../${bundle.outfile}`, import.meta.url))
  console.log(`${bundle.outfile}: ${(size / 1024).toFixed(1)} KiB`)
}
