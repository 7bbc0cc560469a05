import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Path of `dist/dev-wallet.iife.js` (built by this package's `build` script), for
 * Playwright's `page.addInitScript({ path })` or a `<script>` a test server serves.
 *
 * @example
 * await page.addInitScript(() => { window.__openmodalDevWalletConfig = { chains } })
 * await page.addInitScript({ path: devWalletScriptPath() })
 */
export function devWalletScriptPath(): string {
  const path = fileURLToPath(new URL('../../dist/dev-wallet.iife.js', import.meta.url))
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm --filter @openmodal/testing build\``)
  }
  return path
}

/**
 * Path of `dist/solana-dev-wallet.iife.js`, the Solana dev wallet (wallet-standard) as one
 * script; it registers itself when `window.__openmodalSolanaDevWalletConfig` is set first.
 *
 * @example
 * await page.addInitScript(() => { window.__openmodalSolanaDevWalletConfig = { rpcUrl } })
 * await page.addInitScript({ path: solanaDevWalletScriptPath() })
 */
export function solanaDevWalletScriptPath(): string {
  const path = fileURLToPath(new URL('../../dist/solana-dev-wallet.iife.js', import.meta.url))
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm --filter @openmodal/testing build\``)
  }
  return path
}
