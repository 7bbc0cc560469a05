// Farcaster's IdRegistry on a local chain: the stand-in contract (`contracts/TestIdRegistry.sol`)
// answers `idOf(custody)` and `custodyOf(fid)` like the real one on Optimism, so a Sign In With
// Farcaster signature can be checked against a custody address on anvil.
import { type Address, createWalletClient, type Hex, http, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from './accounts.js'
import { TEST_ID_REGISTRY_ABI, TEST_ID_REGISTRY_BYTECODE } from './test-id-registry.js'

export interface TestIdRegistry {
  address: Address
  abi: typeof TEST_ID_REGISTRY_ABI
  /** Registers `custody` as the custody address of a new fid and returns that fid. */
  register(custody: Address): Promise<bigint>
}

/** Optimism's IdRegistry, where `@farcaster/auth-client`'s viem connector reads `idOf`. */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

export interface DeployTestIdRegistryOptions {
  /** Deployer key; default anvil account 0. */
  privateKey?: Hex
  /**
   * Also install the registry's code at this address (anvil_setCode; its storage starts empty)
   * and answer from there, e.g. `FARCASTER_ID_REGISTRY` for clients that read the real address.
   */
  at?: Address
}

/**
 * Deploys the IdRegistry stand-in on the anvil chain at `rpcUrl`.
 *
 * @example
 * const registry = await deployTestIdRegistry(anvil.rpcUrl, { at: FARCASTER_ID_REGISTRY })
 * const fid = await registry.register(custody.address)
 */
export async function deployTestIdRegistry(
  rpcUrl: string,
  options: DeployTestIdRegistryOptions = {},
): Promise<TestIdRegistry> {
  const privateKey = options.privateKey ?? (ANVIL_PRIVATE_KEYS[0] as Hex)
  const client = createWalletClient({
    account: privateKeyToAccount(privateKey),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const hash = await client.deployContract({
    abi: TEST_ID_REGISTRY_ABI,
    bytecode: TEST_ID_REGISTRY_BYTECODE,
    chain: null,
  })
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`TestIdRegistry: deployment failed in ${hash}`)
  }
  let address: Address = receipt.contractAddress
  if (options.at) {
    const code = await client.getCode({ address })
    if (!code) throw new Error('TestIdRegistry: no code after deployment')
    await client.request({ method: 'anvil_setCode', params: [options.at, code] } as never)
    address = options.at
  }
  return {
    address,
    abi: TEST_ID_REGISTRY_ABI,
    async register(custody) {
      const tx = await client.writeContract({
        address,
        abi: TEST_ID_REGISTRY_ABI,
        functionName: 'register',
        args: [custody],
        chain: null,
      })
      const mined = await client.waitForTransactionReceipt({ hash: tx, pollingInterval: 50 })
      if (mined.status !== 'success') throw new Error(`TestIdRegistry: register failed in ${tx}`)
      return client.readContract({
        address,
        abi: TEST_ID_REGISTRY_ABI,
        functionName: 'idOf',
        args: [custody],
      })
    },
  }
}
