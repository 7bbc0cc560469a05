// Writes dist/dev-wallet.iife.js (after `tsc -b`, from the package's build script).
import { statSync } from 'node:fs'
import { bundleDevWallet } from './dev-wallet-bundle.mjs'

await bundleDevWallet({ write: true })
const { size } = statSync(new URL('../dist/dev-wallet.iife.js', import.meta.url))
console.log(`dist/dev-wallet.iife.js: ${(size / 1024).toFixed(1)} KiB`)
