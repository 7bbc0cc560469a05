// Contract wallets on a local chain for signature tests: a deployed ERC-1271 wallet and an
// ERC-6492 counterfactual one (a CREATE2 factory whose `deploy` call wraps the signature).
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  publicActions,
  serializeErc6492Signature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from './accounts.js'
import { TEST_SMART_WALLET_ABI, TEST_SMART_WALLET_BYTECODE } from './test-smart-wallet.js'
import {
  TEST_SMART_WALLET_FACTORY_ABI,
  TEST_SMART_WALLET_FACTORY_BYTECODE,
} from './test-smart-wallet-factory.js'

export interface TestSmartWalletOptions {
  /** The key that owns the wallet; default anvil account 1. */
  ownerKey?: Hex
  /** Deployer key; default anvil account 0. */
  privateKey?: Hex
}

export interface TestSmartWallet {
  /** The contract wallet's address (deployed, or counterfactual until deployed). */
  address: Address
  owner: Address
  /**
   * The wallet's signature of a 32-byte hash: the owner's ECDSA signature, wrapped in ERC-6492
   * (factory + deploy call) while the wallet is not deployed.
   */
  signHash(hash: Hex): Promise<Hex>
}

function client(rpcUrl: string, privateKey: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    transport: http(rpcUrl),
  }).extend(publicActions)
}

async function deploy(
  rpcUrl: string,
  privateKey: Hex,
  abi: unknown,
  bytecode: Hex,
  args: unknown[],
) {
  const wallet = client(rpcUrl, privateKey)
  const hash = await wallet.deployContract({ abi, bytecode, args, chain: null } as never)
  const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`deployment failed in ${hash}`)
  }
  return getAddress(receipt.contractAddress)
}

/**
 * Deploys the test ERC-1271 wallet (`contracts/TestSmartWallet.sol`) owned by `ownerKey`.
 *
 * @example
 * const wallet = await deployTestSmartWallet(anvil.rpcUrl)
 * const signature = await wallet.signHash(hashMessage(message))
 */
export async function deployTestSmartWallet(
  rpcUrl: string,
  options: TestSmartWalletOptions = {},
): Promise<TestSmartWallet> {
  const owner = privateKeyToAccount(options.ownerKey ?? ANVIL_PRIVATE_KEYS[1])
  const address = await deploy(
    rpcUrl,
    options.privateKey ?? ANVIL_PRIVATE_KEYS[0],
    TEST_SMART_WALLET_ABI,
    TEST_SMART_WALLET_BYTECODE,
    [owner.address],
  )
  return { address, owner: owner.address, signHash: (hash) => owner.sign({ hash }) }
}

/**
 * An ERC-6492 counterfactual wallet: deploys the factory (`contracts/TestSmartWalletFactory.sol`)
 * but not the wallet; `address` is its CREATE2 address and `signHash` wraps the owner's
 * signature with the factory's `deploy(owner, salt)` call. `deployWallet()` deploys it.
 *
 * @example
 * const wallet = await createCounterfactualWallet(anvil.rpcUrl)
 * await getCode(client, { address: wallet.address }) // undefined: not deployed
 */
export async function createCounterfactualWallet(
  rpcUrl: string,
  options: TestSmartWalletOptions & { salt?: Hex } = {},
): Promise<TestSmartWallet & { factory: Address; deployWallet(): Promise<void> }> {
  const deployerKey = options.privateKey ?? ANVIL_PRIVATE_KEYS[0]
  const owner = privateKeyToAccount(options.ownerKey ?? ANVIL_PRIVATE_KEYS[1])
  const salt = options.salt ?? `0x${'00'.repeat(31)}01`
  const factory = await deploy(
    rpcUrl,
    deployerKey,
    TEST_SMART_WALLET_FACTORY_ABI,
    TEST_SMART_WALLET_FACTORY_BYTECODE,
    [],
  )
  const wallet = client(rpcUrl, deployerKey)
  const address = await wallet.readContract({
    address: factory,
    abi: TEST_SMART_WALLET_FACTORY_ABI,
    functionName: 'walletAddress',
    args: [owner.address, salt],
  })
  const factoryData = encodeFunctionData({
    abi: TEST_SMART_WALLET_FACTORY_ABI,
    functionName: 'deploy',
    args: [owner.address, salt],
  })
  return {
    address,
    owner: owner.address,
    factory,
    async signHash(hash) {
      const signature = await owner.sign({ hash })
      const code = await wallet.getCode({ address })
      if (code && code !== '0x') return signature
      return serializeErc6492Signature({ address: factory, data: factoryData, signature })
    },
    async deployWallet() {
      const tx = await wallet.sendTransaction({ to: factory, data: factoryData, chain: null })
      await wallet.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
    },
  }
}
