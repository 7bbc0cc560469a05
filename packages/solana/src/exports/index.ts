// @openmodal/solana public API: what a host passes to createModal, and `parseWallet` (the
// discovery rules, which the embedded wallet's tests hold its Solana wallet to). The exports
// test snapshots this list.

export {
  SOLANA_COMMITMENTS,
  type SolanaAdapterOptions,
  type SolanaCommitment,
  solanaAdapter,
} from '../adapter/solana-adapter.js'
export { parseWallet, type SolanaWallet } from '../discovery/wallet.js'
export {
  fetchSolanaLocalnet,
  type SolanaLocalnetParameters,
  solana,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
  walletChain,
} from '../networks/networks.js'
