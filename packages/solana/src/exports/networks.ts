// @openmodal/solana/networks: the Solana clusters as `CaipNetwork` objects, and a local cluster
// read from its RPC. Loads neither @solana/web3.js nor the wallet standard. The networks test
// snapshots this list.
//
//   import { solana, solanaDevnet } from '@openmodal/solana/networks'
//   createModal({ networks: [solana, solanaDevnet], adapters: [solanaAdapter()] })
export {
  fetchSolanaLocalnet,
  type SolanaLocalnetParameters,
  solana,
  solanaDevnet,
  solanaLocalnet,
  solanaTestnet,
} from '../networks/networks.js'
