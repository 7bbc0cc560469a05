// The embedded wallet's smart account (spec §1), sent through the project's bundler for the
// chain, in one of two modes the project sets per chain:
// - `erc4337`: a Simple v0.7 ERC-4337 account owned by the wallet's EOA key (permissionless'
//   `toSimpleSmartAccount`); its first userOperation deploys it.
// - `eip7702`: the EOA itself, delegated to Simple7702Account (EntryPoint v0.8, viem's
//   `toSimple7702SmartAccount`); its first userOperation carries the EIP-7702 authorization the
//   EOA's key signs here, and the address stays the EOA's.
// - `safe`: a Safe 1.4.1 with the Safe4337Module (EntryPoint v0.7) owned by the wallet's EOA
//   key (permissionless' `toSafeSmartAccount`, canonical addresses); its first userOperation
//   deploys it. It answers ERC-1271, so it signs messages (SIWX): counterfactual, the signature
//   is ERC-6492-wrapped with its deployment (viem's smart-account `signMessage`).
// Loaded with the first smart-account request only.
import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  type Address,
  concat,
  createPublicClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type TypedDataDefinition,
} from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  entryPoint07Address,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import { type LocalAccount, privateKeyToAccount, toAccount } from 'viem/accounts'
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

/** Simple7702Account v0.8 at its canonical address (viem's `toSimple7702SmartAccount` default). */
export const SIMPLE_7702_ACCOUNT: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/**
 * Safe4337Module 0.3.0 and SafeProxyFactory 1.4.1 at the canonical addresses permissionless'
 * `toSafeSmartAccount` uses (EntryPoint v0.7): without them the chain cannot give a Safe.
 */
const SAFE_4337_MODULE: Address = '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226'
const SAFE_PROXY_FACTORY: Address = '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67'

/**
 * Spec §9: the verification gas of the userOperation that carries the EIP-7702 delegation when
 * the bundler cannot estimate it.
 */
export const DELEGATION_GAS_FALLBACK = 100_000n

export type SmartAccountMode = 'erc4337' | 'eip7702' | 'safe'

export interface SmartAccountChain {
  chainId: number
  rpcUrl: string
  bundlerUrl: string
  /** Default `erc4337`. */
  mode?: SmartAccountMode | undefined
  /**
   * The project's ERC-7677 paymaster service for the chain: every userOperation of the smart
   * account is sponsored through it (`pm_getPaymasterStubData`, `pm_getPaymasterData`).
   */
  paymasterUrl?: string | undefined
}

/** ERC-7677's `context`, passed to the paymaster service as the dapp gave it. */
export type PaymasterContext = Record<string, unknown>

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
  // EIP-7702: the EOA is the account; "deployed" once its code is the delegation designator.
  // A chain without the implementation cannot give it (the switch falls back to the EOA).
  if (chain.mode === 'eip7702') {
    const [implementation, code] = await Promise.all([
      client.getCode({ address: SIMPLE_7702_ACCOUNT }),
      client.getCode({ address: owner }),
    ])
    if (!implementation || implementation === '0x') {
      throw new RpcError(-32603, `No Simple7702Account at ${SIMPLE_7702_ACCOUNT} on this chain`)
    }
    return { address: owner, deployed: isDelegated(code) }
  }
  if (chain.mode === 'safe') {
    const codes = await Promise.all(
      [SAFE_4337_MODULE, SAFE_PROXY_FACTORY].map((address) => client.getCode({ address })),
    )
    if (codes.some((code) => !code || code === '0x')) {
      throw new RpcError(-32603, 'No Safe4337Module or SafeProxyFactory on this chain')
    }
    // Only the owner's address is known here: an account that cannot sign gives the address.
    const account = await safeAccount(client, addressOnly(owner))
    const address = await account.getAddress()
    return { address, deployed: await account.isDeployed() }
  }
  const address = await client.readContract({
    address: FACTORY,
    abi: FACTORY_ABI,
    functionName: 'getAddress',
    args: [owner, 0n],
  })
  const code = await client.getCode({ address })
  return { address, deployed: code !== undefined && code !== '0x' }
}

/**
 * The Safe 4337 account of `owner` (Safe 1.4.1, EntryPoint v0.7, canonical addresses); its code
 * (~12 kB gzip) is loaded on a Safe chain only.
 */
async function safeAccount(client: PublicClient, owner: LocalAccount) {
  const { SafeSmartAccount } = await import('permissionless/accounts/safe')
  return SafeSmartAccount.toSafeSmartAccount({
    client,
    owners: [owner],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
  })
}

/** An owner known by its address only: enough to compute the account's address. */
function addressOnly(address: Address): LocalAccount {
  const refuse = async (): Promise<never> => {
    throw new RpcError(-32603, 'No key to sign with')
  }
  return toAccount({
    address,
    signMessage: refuse,
    signTransaction: refuse,
    signTypedData: refuse,
  })
}

/** The EOA's code is the EIP-7702 delegation designator to Simple7702Account. */
function isDelegated(code: Hex | undefined): boolean {
  return code?.toLowerCase() === concat(['0xef0100', SIMPLE_7702_ACCOUNT]).toLowerCase()
}

type Gas = { callGasLimit: bigint; preVerificationGas: bigint; verificationGasLimit: bigint }

/**
 * The gas of the userOperation that delegates the EOA: the bundler's estimate with the
 * authorization; when that estimate fails, the calls estimated as if the EOA were already
 * delegated (a state override of its code) and spec §9's `DELEGATION_GAS_FALLBACK` for the
 * verification that carries the delegation.
 *
 * @example await delegationGas(() => estimate(withAuth), () => estimate(asDelegated))
 */
export async function delegationGas(
  estimate: () => Promise<Gas>,
  estimateAsDelegated: () => Promise<Gas>,
): Promise<Gas> {
  try {
    return await estimate()
  } catch {
    const { callGasLimit, preVerificationGas } = await estimateAsDelegated()
    return { callGasLimit, preVerificationGas, verificationGasLimit: DELEGATION_GAS_FALLBACK }
  }
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
  paymasterContext?: PaymasterContext,
): Promise<Hex> {
  const client = publicClient(chain)
  try {
    if (chain.mode === 'eip7702') {
      return await sendAs7702(privateKey, chain, client, calls, paymasterContext)
    }
    const owner = privateKeyToAccount(privateKey)
    const account =
      chain.mode === 'safe'
        ? await safeAccount(client, owner)
        : await toSimpleSmartAccount({
            client,
            owner,
            entryPoint: { address: entryPoint07Address, version: '0.7' },
          })
    return await bundlerOf(chain, client, account, paymasterContext).sendUserOperation({
      calls: [...calls],
    })
  } catch (cause) {
    throw bundlerError(cause)
  }
}

/**
 * viem's bundler client for the chain; with the project's paymaster service as its
 * `paymaster` when the chain names one (ERC-7677: a stub for the estimate, then the sponsor's
 * signed data).
 */
const bundlerOf = (
  chain: SmartAccountChain,
  client: PublicClient,
  account: SmartAccount,
  paymasterContext?: PaymasterContext,
) =>
  createBundlerClient({
    account,
    client,
    transport: http(chain.bundlerUrl, { retryCount: 0, timeout: 15_000 }),
    // The node's fees: the bundler's own estimate asked far more than the node wants.
    userOperation: { estimateFeesPerGas: () => client.estimateFeesPerGas() },
    ...(chain.paymasterUrl && {
      paymaster: createPaymasterClient({
        transport: http(chain.paymasterUrl, { retryCount: 0, timeout: 15_000 }),
      }),
      ...(paymasterContext && { paymasterContext }),
    }),
  })

/**
 * EIP-7702 mode: the EOA's own userOperation. Not yet delegated: the EOA's key signs the
 * authorization to Simple7702Account (its next nonce) and the userOperation carries it.
 */
async function sendAs7702(
  privateKey: Hex,
  chain: SmartAccountChain,
  client: PublicClient,
  calls: readonly Call[],
  paymasterContext?: PaymasterContext,
): Promise<Hex> {
  const owner = privateKeyToAccount(privateKey)
  const account = await toSimple7702SmartAccount({ client, owner })
  const bundler: BundlerClient = bundlerOf(chain, client, account, paymasterContext)
  if (isDelegated(await client.getCode({ address: owner.address }))) {
    return bundler.sendUserOperation({ calls: [...calls] })
  }
  const authorization = await owner.signAuthorization({
    chainId: chain.chainId,
    contractAddress: SIMPLE_7702_ACCOUNT,
    nonce: await client.getTransactionCount({ address: owner.address }),
  })
  const gas = await delegationGas(
    () => bundler.estimateUserOperationGas({ account, calls: [...calls], authorization }),
    () =>
      bundler.estimateUserOperationGas({
        account,
        calls: [...calls],
        stateOverride: [
          { address: owner.address, code: concat(['0xef0100', SIMPLE_7702_ACCOUNT]) },
        ],
      }),
  )
  return bundler.sendUserOperation({ account, calls: [...calls], authorization, ...gas })
}

/**
 * A message signature of the Safe smart account (`personal_sign`, SIWX): ERC-1271 once
 * deployed, ERC-6492-wrapped with its deployment while counterfactual, so a verifier with
 * viem's universal validator accepts it either way.
 *
 * @example await signAsSmartAccount(key, chain, { message: 'Sign in' })
 */
export async function signAsSmartAccount(
  privateKey: Hex,
  chain: SmartAccountChain,
  request: { message: string | { raw: Hex } } | { typedData: TypedDataDefinition },
): Promise<Hex> {
  if (chain.mode !== 'safe') {
    throw new RpcError(4200, 'This smart account cannot sign messages')
  }
  const account = await safeAccount(publicClient(chain), privateKeyToAccount(privateKey))
  return 'typedData' in request
    ? account.signTypedData(request.typedData)
    : account.signMessage({ message: request.message })
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
