// A real Safe (v1.4.1, the @safe-global/safe-contracts artifacts) on a local chain: the
// singleton, the proxy factory, the fallback handler that answers EIP-1271 and SignMessageLib
// (messages signed on chain), then one proxy.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEventLogs,
  publicActions,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'

interface Artifact {
  abi: Abi
  bytecode: Hex
}

const require = createRequire(import.meta.url)
/** The artifacts used, by their path under the package's `build/artifacts/contracts/`. */
const ARTIFACT_FILES: Record<string, string> = {
  'Safe.sol/Safe.json': require.resolve(
    '@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json',
  ),
  'proxies/SafeProxyFactory.sol/SafeProxyFactory.json': require.resolve(
    '@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  ),
  'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json': require.resolve(
    '@safe-global/safe-contracts/build/artifacts/contracts/handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  ),
  'libraries/SignMessageLib.sol/SignMessageLib.json': require.resolve(
    '@safe-global/safe-contracts/build/artifacts/contracts/libraries/SignMessageLib.sol/SignMessageLib.json',
  ),
}
const artifact = (path: string): Artifact =>
  JSON.parse(readFileSync(ARTIFACT_FILES[path] as string, 'utf8')) as Artifact

/** The Safe singleton's ABI (what a proxy answers to). */
export const SAFE_ABI = artifact('Safe.sol/Safe.json').abi
/** SignMessageLib's ABI: `signMessage(bytes)`, run by the Safe with a delegatecall. */
export const SIGN_MESSAGE_LIB_ABI = artifact('libraries/SignMessageLib.sol/SignMessageLib.json').abi

export interface DeploySafeOptions {
  /** Owner keys; default anvil account 0. */
  ownerKeys?: readonly Hex[]
  /** Signatures needed; default 1. */
  threshold?: number
  /** Who pays the deployment; default the first owner. */
  deployerKey?: Hex
}

export interface DeployedSafe {
  address: Address
  chainId: number
  owners: readonly Address[]
  ownerKeys: readonly Hex[]
  threshold: number
  singleton: Address
  fallbackHandler: Address
  /** SignMessageLib: the Safe delegatecalls it to mark a message signed on chain. */
  signMessageLib: Address
}

/**
 * Deploys the Safe v1.4.1 singleton, SafeProxyFactory, CompatibilityFallbackHandler and
 * SignMessageLib, then a
 * Safe proxy set up with `owners` and `threshold` (and that handler, so `isValidSignature`
 * works). Waits for every transaction.
 *
 * @example
 * const safe = await deploySafe(anvil.rpcUrl)
 * await fundAccount(anvil.rpcUrl, safe.address, { value: parseEther('1') })
 */
export async function deploySafe(
  rpcUrl: string,
  options: DeploySafeOptions = {},
): Promise<DeployedSafe> {
  const ownerKeys = options.ownerKeys ?? [ANVIL_PRIVATE_KEYS[0]]
  const threshold = options.threshold ?? 1
  const client = createWalletClient({
    account: privateKeyToAccount(options.deployerKey ?? (ownerKeys[0] as Hex)),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const deploy = async (path: string): Promise<Address> => {
    const { abi, bytecode } = artifact(path)
    const hash = await client.deployContract({ abi, bytecode, chain: null })
    const receipt = await client.waitForTransactionReceipt({ hash })
    if (!receipt.contractAddress) throw new Error(`${path} was not deployed`)
    return receipt.contractAddress
  }
  const singleton = await deploy('Safe.sol/Safe.json')
  const factory = await deploy('proxies/SafeProxyFactory.sol/SafeProxyFactory.json')
  const fallbackHandler = await deploy(
    'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  )
  const signMessageLib = await deploy('libraries/SignMessageLib.sol/SignMessageLib.json')
  const owners = ownerKeys.map((key) => privateKeyToAccount(key).address)
  const setup = encodeFunctionData({
    abi: SAFE_ABI,
    functionName: 'setup',
    args: [
      owners,
      BigInt(threshold),
      zeroAddress,
      '0x',
      fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  })
  const factoryAbi = artifact('proxies/SafeProxyFactory.sol/SafeProxyFactory.json').abi
  const hash = await client.writeContract({
    address: factory,
    abi: factoryAbi,
    functionName: 'createProxyWithNonce',
    args: [singleton, setup, 0n],
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const [created] = parseEventLogs({
    abi: factoryAbi,
    logs: receipt.logs,
    eventName: 'ProxyCreation',
  })
  const address = (created?.args as { proxy?: Address } | undefined)?.proxy
  if (!address) throw new Error('The Safe proxy was not created')
  return {
    address,
    chainId: await client.getChainId(),
    owners,
    ownerKeys,
    threshold,
    singleton,
    fallbackHandler,
    signMessageLib,
  }
}
