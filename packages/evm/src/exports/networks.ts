// @openmodal/evm/networks: network presets as plain `CaipNetwork` objects, no viem at run time.
// The networks test snapshots this list.
//
//   import { mainnet, optimism } from '@openmodal/evm/networks'
//   createModal({ networks: [mainnet, optimism], adapters: [evmAdapter()] })
export {
  anvil,
  arbitrum,
  aurora,
  avalanche,
  base,
  bsc,
  celo,
  gnosis,
  holesky,
  hoodi,
  mainnet,
  optimism,
  polygon,
  sepolia,
  zksync,
  zora,
} from '../networks/networks.js'
