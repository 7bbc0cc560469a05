// @openmodal/testing/node: local chains and helpers that need Node (child processes, files).

export {
  BIP122_WALLET_EVENTS,
  BIP122_WALLET_METHODS,
  bitcoinNamespaceWallet,
} from '../bitcoin/bip122-namespace.js'
export {
  type BitcoinRegtest,
  esploraTx,
  type StartBitcoinRegtestOptions,
  startBitcoinRegtest,
} from '../bitcoin/esplora-server.js'
export {
  type BitcoinLedger,
  type BitcoinLedgerOptions,
  BLOCK_SUBSIDY,
  createBitcoinLedger,
  LedgerError,
} from '../bitcoin/ledger.js'
export {
  type CoinbaseHandshake,
  type CoinbaseStandIn,
  type StartCoinbaseStandInOptions,
  startCoinbaseStandIn,
} from '../coinbase/stand-in.js'
export {
  type DeployTestIdRegistryOptions,
  deployTestIdRegistry,
  FARCASTER_ID_REGISTRY,
  type TestIdRegistry,
} from '../evm/id-registry.js'
export { deployTestMultiToken, deployTestNft } from '../evm/nft.js'
export {
  createCounterfactualWallet,
  deployTestSmartWallet,
  type TestSmartWallet,
  type TestSmartWalletOptions,
} from '../evm/smart-wallet.js'
export { deployTestToken, fundAccount } from '../evm/token.js'
export {
  type DeployUniswapV2Options,
  deployUniswapV2,
  type UniswapPoolSeed,
  type UniswapV2Deployment,
} from '../evm/uniswap.js'
export {
  type AdapterFixture,
  type AdapterFixtureOptions,
  adapterFixture,
  type FixtureAdapter,
} from '../node/adapter-fixture.js'
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
export { devWalletScriptPath, solanaDevWalletScriptPath } from '../node/dev-wallet-script.js'
export {
  type Bundler,
  DETERMINISTIC_DEPLOYER,
  deployEip7702,
  deployErc4337,
  type Eip7702Contracts,
  ENTRY_POINT_V07,
  ENTRY_POINT_V08,
  type Erc4337Contracts,
  SIMPLE_7702_ACCOUNT,
  SIMPLE_ACCOUNT_FACTORY_V07,
  type StartBundlerOptions,
  startBundler,
} from '../node/erc4337.js'
export {
  installMulticall3,
  MULTICALL3_ADDRESS,
  multicall3RuntimeCode,
} from '../node/multicall3.js'
export {
  type DeployPaymasterOptions,
  deployVerifyingPaymaster,
  type PaymasterService,
  paymasterDeposit,
  type StartPaymasterServiceOptions,
  startPaymasterService,
  type VerifyingPaymaster,
} from '../node/paymaster.js'
export {
  deploySafe4337,
  SAFE_4337_ADDRESSES,
  SAFE_SINGLETON_FACTORY,
} from '../node/safe4337.js'
export {
  addVirtualAuthenticator,
  type VirtualAuthenticator,
  type VirtualCredential,
} from '../node/virtual-authenticator.js'
export {
  type DeployedSafe,
  type DeploySafeOptions,
  deploySafe,
  SAFE_ABI,
} from '../safe/deploy.js'
export {
  SAFE_STAND_IN_VERSION,
  type SafeStandIn,
  type StartSafeStandInOptions,
  startSafeStandIn,
} from '../safe/stand-in.js'
export {
  LOCALNET_GENESIS_HASH,
  SOLANA_COMMITMENTS,
  type SolanaRpc,
  type StartSolanaRpcOptions,
  startSolanaRpc,
} from '../solana/rpc-server.js'
export {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  associatedTokenAddress,
  type CreateMintOptions,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../solana/spl.js'
export { MemoryStorage } from '../walletconnect/memory-storage.js'
export {
  SOLANA_WALLET_EVENTS,
  SOLANA_WALLET_METHODS,
  type SolanaNamespaceOptions,
  solanaNamespaceWallet,
} from '../walletconnect/solana-namespace.js'
export { createTestDapp, type TestDapp } from '../walletconnect/test-dapp.js'
export {
  createWalletHarness,
  EIP155_WALLET_EVENTS,
  EIP155_WALLET_METHODS,
  type HarnessAuthRequest,
  type HarnessRequest,
  type NamespaceRequest,
  type NamespaceWallet,
  type ProposalMode,
  type WalletHarness,
  type WalletHarnessOptions,
} from '../walletconnect/wallet-harness.js'
// The relay and its raw client: the `./relay` entry, whole.
export * from './relay.js'
