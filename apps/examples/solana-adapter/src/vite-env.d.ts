/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_RPC_URL?: string
  readonly VITE_SOLANA_RPC_URL?: string
  readonly VITE_SOLANA_GENESIS_HASH?: string
}
