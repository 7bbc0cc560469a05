// @openmodal/testing/node: local chains and helpers that need Node (child processes, files).

export { deployTestToken, fundAccount } from '../evm/token.js'
export {
  type AnvilChains,
  type AnvilInstance,
  anvilBinaryPath,
  freePort,
  type StartAnvilOptions,
  type StartChainsOptions,
  startAnvil,
  startChains,
} from '../node/anvil.js'
export { devWalletScriptPath } from '../node/dev-wallet-script.js'
