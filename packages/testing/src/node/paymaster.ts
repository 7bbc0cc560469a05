// A sponsoring paymaster on a local chain: the VerifyingPaymaster of the published artifacts of
// `@account-abstraction/contracts@0.7.0` (EntryPoint v0.7), deployed and funded on the chain, and
// an ERC-7677 paymaster web service on loopback (`pm_getPaymasterStubData`,
// `pm_getPaymasterData`) that signs what it sponsors with the paymaster's verifying key, the
// way a hosted paymaster service does. The artifacts package is a devDependency: read by tests
// and the demo only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Abi,
  type Address,
  concat,
  createWalletClient,
  encodeAbiParameters,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  publicActions,
} from 'viem'
import {
  entryPoint07Abi,
  formatUserOperation,
  type RpcUserOperation,
  toPackedUserOperation,
} from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { artifact, ENTRY_POINT_V07 } from './erc4337.js'

/** What the paymaster's validation and postOp may use when the bundler gives no estimate. */
const VERIFICATION_GAS = 100_000n
const POST_OP_GAS = 1n
/** How long a signed sponsorship is good for. */
const VALID_FOR_SECONDS = 600

export interface DeployPaymasterOptions {
  /** The verifying signer's key; default anvil account 8 (apart from the bundler's 9). */
  signerPrivateKey?: Hex
  /** What the paymaster deposits on the EntryPoint; default 10 ETH (anvil account 0 pays). */
  deposit?: bigint
}

export interface VerifyingPaymaster {
  address: Address
  signerPrivateKey: Hex
}

/**
 * Deploys VerifyingPaymaster v0.7 for EntryPoint v0.7 (run `deployErc4337` first) and funds its
 * deposit on the EntryPoint, from which the userOperations it sponsors are paid.
 *
 * @example
 * const paymaster = await deployVerifyingPaymaster(anvil.rpcUrl)
 */
export async function deployVerifyingPaymaster(
  rpcUrl: string,
  options: DeployPaymasterOptions = {},
): Promise<VerifyingPaymaster> {
  const signerPrivateKey = options.signerPrivateKey ?? ANVIL_PRIVATE_KEYS[8]
  const { abi, bytecode } = artifact('VerifyingPaymaster') as { abi: Abi; bytecode: Hex }
  const client = createWalletClient({
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const hash = await client.deployContract({
    abi,
    bytecode,
    args: [ENTRY_POINT_V07, privateKeyToAccount(signerPrivateKey).address],
    chain: null,
  })
  const { contractAddress } = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
  if (!contractAddress) throw new Error('deployVerifyingPaymaster: no contract deployed')
  const funded = await client.writeContract({
    address: ENTRY_POINT_V07,
    abi: entryPoint07Abi,
    functionName: 'depositTo',
    args: [contractAddress],
    value: options.deposit ?? 10n ** 19n,
    chain: null,
  })
  await client.waitForTransactionReceipt({ hash: funded, pollingInterval: 50 })
  return { address: contractAddress, signerPrivateKey }
}

/**
 * The paymaster's deposit on EntryPoint v0.7, from which sponsored userOperations are paid.
 *
 * @example await paymasterDeposit(anvil.rpcUrl, paymaster.address)
 */
export async function paymasterDeposit(rpcUrl: string, paymaster: Address): Promise<bigint> {
  const client = createWalletClient({ transport: http(rpcUrl) }).extend(publicActions)
  return client.readContract({
    address: ENTRY_POINT_V07,
    abi: entryPoint07Abi,
    functionName: 'balanceOf',
    args: [paymaster],
  })
}

export interface StartPaymasterServiceOptions {
  rpcUrl: string
  chainId: number
  paymaster: VerifyingPaymaster
  /** Default: a free loopback port. */
  port?: number
}

export interface PaymasterService {
  /** The ERC-7677 service URL to configure (`paymasterUrl`). */
  url: string
  /** Methods asked, oldest first (a test checks who called it). */
  methods: readonly string[]
  stop(): Promise<void>
}

class ServiceError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Starts an ERC-7677 paymaster service for `paymaster`: it sponsors every userOperation for
 * EntryPoint v0.7 on `chainId` (a stub for the estimate, then the signed `paymasterData`) and
 * refuses other EntryPoints and chains.
 *
 * @example
 * const service = await startPaymasterService({ rpcUrl, chainId: 31337, paymaster })
 * await service.stop()
 */
export async function startPaymasterService(
  options: StartPaymasterServiceOptions,
): Promise<PaymasterService> {
  const { abi } = artifact('VerifyingPaymaster') as { abi: Abi }
  const signer = privateKeyToAccount(options.paymaster.signerPrivateKey)
  const client = createWalletClient({ transport: http(options.rpcUrl) }).extend(publicActions)
  const methods: string[] = []

  const sponsor = async (params: unknown, final: boolean) => {
    const [userOperation, entryPoint, chainId] = Array.isArray(params) ? params : []
    if (typeof entryPoint !== 'string' || !isHex(entryPoint)) {
      throw new ServiceError(-32602, 'Invalid params: entryPoint')
    }
    if (!isAddressEqual(entryPoint, ENTRY_POINT_V07)) {
      throw new ServiceError(-32602, `EntryPoint ${entryPoint} is not sponsored`)
    }
    if (typeof chainId !== 'string' || !isHex(chainId) || Number(chainId) !== options.chainId) {
      throw new ServiceError(-32602, `Chain ${String(chainId)} is not sponsored`)
    }
    if (typeof userOperation !== 'object' || userOperation === null) {
      throw new ServiceError(-32602, 'Invalid params: userOperation')
    }
    const request = userOperation as RpcUserOperation<'0.7'>
    const gas = {
      paymasterVerificationGasLimit: request.paymasterVerificationGasLimit ?? VERIFICATION_GAS,
      paymasterPostOpGasLimit: request.paymasterPostOpGasLimit ?? POST_OP_GAS,
    }
    const validUntil = Math.floor(Date.now() / 1000) + VALID_FOR_SECONDS
    const validity = encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, 0])
    let signature: Hex
    if (final) {
      // The paymaster's own hash of the userOperation (what validatePaymasterUserOp checks).
      const unpacked = formatUserOperation({
        ...request,
        paymaster: options.paymaster.address,
        paymasterVerificationGasLimit: numberToHex(BigInt(gas.paymasterVerificationGasLimit)),
        paymasterPostOpGasLimit: numberToHex(BigInt(gas.paymasterPostOpGasLimit)),
        paymasterData: '0x',
      } as RpcUserOperation<'0.7'>)
      const hash = (await client.readContract({
        address: options.paymaster.address,
        abi,
        functionName: 'getHash',
        args: [toPackedUserOperation(unpacked), validUntil, 0],
      })) as Hex
      signature = await signer.signMessage({ message: { raw: hash } })
    } else {
      // Any well-formed signature: the estimate only needs its length.
      signature = await signer.signMessage({ message: 'stub' })
    }
    return {
      paymaster: options.paymaster.address,
      paymasterData: concat([validity, signature]),
      ...(final
        ? {}
        : {
            paymasterVerificationGasLimit: numberToHex(BigInt(gas.paymasterVerificationGasLimit)),
            paymasterPostOpGasLimit: numberToHex(BigInt(gas.paymasterPostOpGasLimit)),
            isFinal: false,
          }),
    }
  }

  const answer = async (method: unknown, params: unknown) => {
    if (method === 'pm_getPaymasterStubData') return sponsor(params, false)
    if (method === 'pm_getPaymasterData') return sponsor(params, true)
    throw new ServiceError(-32601, `${String(method)} is not a paymaster method`)
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', 'content-type')
    if (request.method === 'OPTIONS') {
      response.end()
      return
    }
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', async () => {
      let id: unknown = null
      let reply: unknown
      try {
        const message = JSON.parse(body) as { id?: unknown; method?: unknown; params?: unknown }
        id = message.id ?? null
        methods.push(String(message.method))
        reply = { jsonrpc: '2.0', id, result: await answer(message.method, message.params) }
      } catch (error) {
        const code = error instanceof ServiceError ? error.code : -32603
        reply = { jsonrpc: '2.0', id, error: { code, message: (error as Error).message } }
      }
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    methods,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
