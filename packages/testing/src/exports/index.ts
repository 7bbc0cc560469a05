// @openmodal/testing: dev wallets usable in the browser and in Node.
export { ANVIL_ADDRESSES, ANVIL_MNEMONIC, ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
export {
  createDevWallet,
  type DevWallet,
  type DevWalletChain,
  type DevWalletOptions,
  type DevWalletProvider,
  type FaultOptions,
  type RequestArguments,
} from '../evm/dev-wallet.js'
export {
  announceProvider,
  DEV_WALLET_ICON,
  type Eip6963ProviderInfo,
  uuidV4,
} from '../evm/eip6963.js'
export {
  type DeployTestMultiTokenOptions,
  type DeployTestNftOptions,
  deployTestMultiToken,
  deployTestNft,
  type TestMultiToken,
  type TestNft,
} from '../evm/nft.js'
export { ProviderRpcError, RPC_ERROR_CODES } from '../evm/provider-error.js'
export { TEST_MULTI_TOKEN_ABI, TEST_MULTI_TOKEN_BYTECODE } from '../evm/test-multi-token.js'
export { TEST_NFT_ABI, TEST_NFT_BYTECODE } from '../evm/test-nft.js'
export {
  TEST_SMART_WALLET_ABI,
  TEST_SMART_WALLET_BYTECODE,
} from '../evm/test-smart-wallet.js'
export {
  TEST_SMART_WALLET_FACTORY_ABI,
  TEST_SMART_WALLET_FACTORY_BYTECODE,
} from '../evm/test-smart-wallet-factory.js'
export { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from '../evm/test-token.js'
export {
  type DeployTestTokenOptions,
  deployTestToken,
  type FundAccountOptions,
  fundAccount,
  type TestToken,
} from '../evm/token.js'
