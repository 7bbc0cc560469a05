/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_RPC_URL?: string
  readonly VITE_RPC_URL_2?: string
  readonly VITE_TOKEN_ADDRESS?: string
}
