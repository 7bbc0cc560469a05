// @openmodal/testing/solana: the wallet-standard Solana dev wallet, usable in the browser and
// in Node. A subpath of its own so EVM-only pages never load Solana code.
export { SOLANA_DEV_ADDRESSES, SOLANA_DEV_SEEDS } from '../solana/accounts.js'
export {
  createSignInMessageText,
  createSolanaDevWallet,
  SOLANA_CHAINS,
  SOLANA_DEV_WALLET_FEATURES,
  type SolanaChain,
  type SolanaDevWallet,
  type SolanaDevWalletCall,
  type SolanaDevWalletFeature,
  type SolanaDevWalletOptions,
  type SolanaFaultOptions,
  type SolanaSignInInput,
} from '../solana/dev-wallet.js'
export { verifySolanaSignature } from '../solana/verify.js'
