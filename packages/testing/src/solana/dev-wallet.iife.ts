// Entry of `dist/solana-dev-wallet.iife.js`: the Solana dev wallet as one script a test injects
// into a page beside the EVM one (kept apart so the EVM bundle stays small). Given
// `window.__openmodalSolanaDevWalletConfig` before it runs (Playwright `addInitScript`), it
// registers the wallet with wallet-standard at once and exposes it as
// `window.__openmodalSolanaDevWallet`.
import {
  createSolanaDevWallet,
  type SolanaDevWallet,
  type SolanaDevWalletOptions,
} from './dev-wallet.js'

type Win = typeof globalThis & {
  __openmodalSolanaDevWallet?: SolanaDevWallet
  __openmodalSolanaDevWalletConfig?: SolanaDevWalletOptions
}
const win = globalThis as Win

const config = win.__openmodalSolanaDevWalletConfig
if (config) {
  const wallet = createSolanaDevWallet(config)
  wallet.register()
  win.__openmodalSolanaDevWallet = wallet
}
