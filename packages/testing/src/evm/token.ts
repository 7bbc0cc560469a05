// The test ERC-20 on a local chain: deploy it and fund accounts (anvil account 0 pays).
import {
  type Address,
  createWalletClient,
  type Hex,
  http,
  numberToHex,
  parseUnits,
  publicActions,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from './accounts.js'
import { TEST_TOKEN_ABI, TEST_TOKEN_BYTECODE } from './test-token.js'

export interface DeployTestTokenOptions {
  name?: string
  symbol?: string
  decimals?: number
  /** Minted to the deployer (anvil account 0), in the token's smallest unit. */
  supply?: bigint
  /** Deployer key; default anvil account 0. */
  privateKey?: Hex
}

export interface TestToken {
  address: Address
  name: string
  symbol: string
  decimals: number
  abi: typeof TEST_TOKEN_ABI
}

const deployer = (rpcUrl: string, privateKey: Hex = ANVIL_PRIVATE_KEYS[0]) =>
  createWalletClient({
    account: privateKeyToAccount(privateKey),
    transport: http(rpcUrl),
  }).extend(publicActions)

/**
 * Deploys the test ERC-20 (`contracts/TestToken.sol`) and waits until it is mined.
 * Default: "Test USD" (TUSD), 6 decimals, 1,000,000 TUSD to anvil account 0.
 *
 * @example
 * const token = await deployTestToken(anvil.rpcUrl)
 * await fundAccount(anvil.rpcUrl, address, { token: token.address, amount: 5_000_000n })
 */
export async function deployTestToken(
  rpcUrl: string,
  options: DeployTestTokenOptions = {},
): Promise<TestToken> {
  const name = options.name ?? 'Test USD'
  const symbol = options.symbol ?? 'TUSD'
  const decimals = options.decimals ?? 6
  const supply = options.supply ?? parseUnits('1000000', decimals)
  const client = deployer(rpcUrl, options.privateKey)
  const hash = await client.deployContract({
    abi: TEST_TOKEN_ABI,
    bytecode: TEST_TOKEN_BYTECODE,
    args: [name, symbol, decimals, supply],
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`deployTestToken: deployment failed in ${hash}`)
  }
  return { address: receipt.contractAddress, name, symbol, decimals, abi: TEST_TOKEN_ABI }
}

export interface FundAccountOptions {
  /** Sets the native balance to this many wei (anvil_setBalance). */
  value?: bigint
  /** A test token to mint `amount` of to the account. */
  token?: Address
  amount?: bigint
}

/**
 * Funds `address` on a local anvil chain: sets its native balance and/or mints test tokens.
 *
 * @example await fundAccount(rpcUrl, address, { value: parseEther('5') })
 */
export async function fundAccount(
  rpcUrl: string,
  address: Address,
  options: FundAccountOptions,
): Promise<void> {
  const client = deployer(rpcUrl)
  if (options.value !== undefined) {
    await client.request({
      method: 'anvil_setBalance',
      params: [address, numberToHex(options.value)],
    } as never)
  }
  if (options.token !== undefined) {
    const hash = await client.writeContract({
      address: options.token,
      abi: TEST_TOKEN_ABI,
      functionName: 'mint',
      args: [address, options.amount ?? 0n],
      chain: null,
    })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`fundAccount: mint failed in ${hash}`)
  }
}
