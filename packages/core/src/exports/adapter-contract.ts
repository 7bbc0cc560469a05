// @openmodal/core/adapter-contract: the shared adapter test suite, the in-repo test adapter, and
// the page the framework bindings' browser tests share.
export {
  adapterContract,
  type ContractCase,
  type ContractContext,
  ContractViolation,
} from '../testing/adapter-contract.js'
export {
  type BindingPage,
  listenerCounts,
  localOptimism,
  localTestnet,
  setUpBindingPage,
  TEST_ADDRESS,
} from '../testing/binding-page.js'
export { mainnet, optimism, polygon, sepolia, solana } from '../testing/fixtures.js'
export {
  createTestAdapter,
  type TestAdapter,
  type TestAdapterOptions,
  type TestWallet,
} from '../testing/test-adapter.js'
