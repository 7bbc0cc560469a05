// @openmodal/solana public API. The exports test snapshots this list.

export {
  base58Decode,
  base58Encode,
  cleanName,
  isSafeIcon,
  NAME_MAX_LENGTH,
} from '@openmodal/core/internal'
export { formatSol } from '../adapter/errors.js'
export { SOLANA_METHODS } from '../adapter/request.js'
export {
  SOLANA_COMMITMENTS,
  type SolanaAdapterOptions,
  type SolanaCommitment,
  solanaAdapter,
  walletCommitment,
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
