// The embedded wallet's smart account (spec §1): a Simple v0.7 ERC-4337 account owned by the
// wallet's EOA key (permissionless' `toSimpleSmartAccount`, viem's bundler client), sent
// through the project's bundler for the chain. Its first userOperation deploys it. Loaded
// with the first smart-account request only.
import { toSimpleSmartAccount } from 'permissionless/accounts'
import { type Address, createPublicClient, defineChain, type Hex, http } from 'viem'
import { createBundlerClient, entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { RpcError } from './rpc-error.js'

/** SimpleAccountFactory v0.7 at its canonical address (permissionless' default). */
const FACTORY: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'
const FACTORY_ABI = [
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'uint256' },
    ],
    outputs: [{ type: 'address' }],
  },
] as const

export interface SmartAccountChain {
  chainId: number
  rpcUrl: string
  bundlerUrl: string
}

export interface Call {
  to: Address
  value?: bigint
  data?: Hex
}

const publicClient = ({ chainId, rpcUrl }: SmartAccountChain) =>
  createPublicClient({
    chain: defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }),
    transport: http(rpcUrl, { retryCount: 0 }),
  })

/**
 * The smart account of `owner` (counterfactual until its first userOperation) and whether
 * it is deployed.
 *
 * @example await smartAccountOf('0x…', { chainId, rpcUrl, bundlerUrl })
 */
export async function smartAccountOf(
  owner: Address,
  chain: SmartAccountChain,
): Promise<{ address: Address; deployed: boolean }> {
  const client = publicClient(chain)
  const address = await client.readContract({
    address: FACTORY,
    abi: FACTORY_ABI,
    functionName: 'getAddress',
    args: [owner, 0n],
  })
  const code = await client.getCode({ address })
  return { address, deployed: code !== undefined && code !== '0x' }
}

/** A bundler that does not answer: the spec's clear error, the EOA still usable. */
function bundlerError(cause: unknown): RpcError {
  const message =
    cause instanceof Error
      ? ((cause as { shortMessage?: string }).shortMessage ?? cause.message)
      : String(cause)
  return new RpcError(-32603, `The smart account's bundler failed: ${message}`)
}

/**
 * Sends `calls` as one userOperation of the smart account of `privateKey` (atomic: one
 * reverting call reverts them all); resolves the userOperation hash.
 *
 * @example await sendUserOperation(key, chain, [{ to, data }])
 */
export async function sendUserOperation(
  privateKey: Hex,
  chain: SmartAccountChain,
  calls: readonly Call[],
): Promise<Hex> {
  const client = publicClient(chain)
  try {
    const account = await toSimpleSmartAccount({
      client,
      owner: privateKeyToAccount(privateKey),
      entryPoint: { address: entryPoint07Address, version: '0.7' },
    })
    const bundler = createBundlerClient({
      account,
      client,
      transport: http(chain.bundlerUrl, { retryCount: 0, timeout: 15_000 }),
      // The node's fees: the bundler's own estimate asked far more than the node wants.
      userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
    })
    return await bundler.sendUserOperation({ calls: [...calls] })
  } catch (cause) {
    throw bundlerError(cause)
  }
}

/**
 * EIP-5792 `wallet_getCallsStatus` of userOperation `hash`: 100 pending, 200 confirmed, 500
 * reverted (none of its calls landed), atomic.
 *
 * @example await userOperationStatus(chain, hash)
 */
export async function userOperationStatus(chain: SmartAccountChain, hash: Hex) {
  const bundler = createBundlerClient({
    client: publicClient(chain),
    transport: http(chain.bundlerUrl, { retryCount: 0, timeout: 15_000 }),
  })
  const receipt = await bundler.getUserOperationReceipt({ hash }).catch((cause: unknown) => {
    if ((cause as { name?: string }).name === 'UserOperationReceiptNotFoundError') return null
    throw bundlerError(cause)
  })
  const base = {
    version: '2.0.0',
    id: hash,
    chainId: `0x${chain.chainId.toString(16)}`,
    atomic: true,
  }
  if (!receipt) return { ...base, status: 100 }
  const { transactionHash, blockHash, blockNumber, gasUsed } = receipt.receipt
  return {
    ...base,
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: receipt.success ? '0x1' : '0x0',
        blockHash,
        blockNumber: `0x${blockNumber.toString(16)}`,
        gasUsed: `0x${gasUsed.toString(16)}`,
        transactionHash,
      },
    ],
  }
}
