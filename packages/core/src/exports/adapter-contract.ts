// @openmodal/core/adapter-contract: the shared adapter test suite and the in-repo test adapter.
export {
  adapterContract,
  type ContractCase,
  type ContractContext,
  ContractViolation,
} from '../testing/adapter-contract.js'
export { mainnet, optimism, polygon, sepolia, solana } from '../testing/fixtures.js'
export {
  createTestAdapter,
  type TestAdapter,
  type TestAdapterOptions,
  type TestWallet,
} from '../testing/test-adapter.js'
