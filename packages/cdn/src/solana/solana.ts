// The Solana part of the CDN build, its own lazy chunk (see `loadSolana`).
export { type SolanaAdapterOptions, solanaAdapter } from '@openmodal/solana'
export { solana, solanaDevnet, solanaLocalnet, solanaTestnet } from '@openmodal/solana/networks'
