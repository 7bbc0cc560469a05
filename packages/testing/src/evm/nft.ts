// The test ERC-721 and ERC-1155 on a local chain: deploy them (anvil account 0 pays).
import { type Address, createWalletClient, type Hex, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from './accounts.js'
import { TEST_MULTI_TOKEN_ABI, TEST_MULTI_TOKEN_BYTECODE } from './test-multi-token.js'
import { TEST_NFT_ABI, TEST_NFT_BYTECODE } from './test-nft.js'

export interface DeployTestNftOptions {
  name?: string
  symbol?: string
  /** tokenURI(id) is this followed by the decimal id. */
  baseURI?: string
  /** Deployer key; default anvil account 0. */
  privateKey?: Hex
}

export interface TestNft {
  address: Address
  name: string
  symbol: string
  baseURI: string
  abi: typeof TEST_NFT_ABI
}

export interface DeployTestMultiTokenOptions {
  name?: string
  /** What uri(id) answers for every id. */
  uri?: string
  /** Deployer key; default anvil account 0. */
  privateKey?: Hex
}

export interface TestMultiToken {
  address: Address
  name: string
  uri: string
  abi: typeof TEST_MULTI_TOKEN_ABI
}

async function deploy(
  rpcUrl: string,
  privateKey: Hex,
  abi: typeof TEST_NFT_ABI | typeof TEST_MULTI_TOKEN_ABI,
  bytecode: Hex,
  args: readonly string[],
  what: string,
): Promise<Address> {
  const client = createWalletClient({
    account: privateKeyToAccount(privateKey),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const hash = await client.deployContract({ abi, bytecode, args, chain: null } as never)
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`${what}: deployment failed in ${hash}`)
  }
  return receipt.contractAddress
}

/**
 * Deploys the test ERC-721 (`contracts/TestNft.sol`: anyone may `mint(to, id)`) and waits
 * until it is mined. Default: "Test Punks" (TPUNK), tokenURI `https://nft.example/punks/<id>`.
 *
 * @example
 * const nft = await deployTestNft(anvil.rpcUrl)
 * await wallet.writeContract({ address: nft.address, abi: nft.abi, functionName: 'mint', args: [to, 1n] })
 */
export async function deployTestNft(
  rpcUrl: string,
  options: DeployTestNftOptions = {},
): Promise<TestNft> {
  const name = options.name ?? 'Test Punks'
  const symbol = options.symbol ?? 'TPUNK'
  const baseURI = options.baseURI ?? 'https://nft.example/punks/'
  const address = await deploy(
    rpcUrl,
    options.privateKey ?? ANVIL_PRIVATE_KEYS[0],
    TEST_NFT_ABI,
    TEST_NFT_BYTECODE,
    [name, symbol, baseURI],
    'deployTestNft',
  )
  return { address, name, symbol, baseURI, abi: TEST_NFT_ABI }
}

/**
 * Deploys the test ERC-1155 (`contracts/TestMultiToken.sol`: anyone may `mint(to, id,
 * amount)`) and waits until it is mined. Default: "Test Items", uri
 * `https://nft.example/items/{id}.json`.
 *
 * @example
 * const items = await deployTestMultiToken(anvil.rpcUrl)
 */
export async function deployTestMultiToken(
  rpcUrl: string,
  options: DeployTestMultiTokenOptions = {},
): Promise<TestMultiToken> {
  const name = options.name ?? 'Test Items'
  const uri = options.uri ?? 'https://nft.example/items/{id}.json'
  const address = await deploy(
    rpcUrl,
    options.privateKey ?? ANVIL_PRIVATE_KEYS[0],
    TEST_MULTI_TOKEN_ABI,
    TEST_MULTI_TOKEN_BYTECODE,
    [name, uri],
    'deployTestMultiToken',
  )
  return { address, name, uri, abi: TEST_MULTI_TOKEN_ABI }
}
