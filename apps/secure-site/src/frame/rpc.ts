// RPC requests inside the frame: safe ones answered from what the frame knows, unsafe ones
// only after the user approved them in the frame's own UI, signed with the rebuilt keys.

import { ed25519 } from '@noble/curves/ed25519'
import { forwardsToNode, methodKind, unsupportedMessage } from '@openmodal/embedded/protocol'
import { base58 } from '@scure/base'
import { type Hex, isAddress, isHex, numberToHex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ApprovalItem, ApprovalView } from './approval-view.js'
import type { AssetChain } from './assets.js'
import type { Lookups } from './lookups.js'
import { RpcError } from './rpc-error.js'
import type { PaymasterContext, SmartAccountChain } from './smart-account.js'
import type { WalletSession } from './wallet-session.js'

export { RpcError }

export interface RpcContext {
  session: WalletSession
  /** The dapp origin verified in the handshake. */
  dappOrigin: string
  chainId: () => string | number
  setChainId: (chainId: string | number) => void
  /** Tells the host to show / hide the frame around the approval UI. */
  setVisible: (visible: boolean) => void
  /** Runs right after the user's approval click (a user gesture in the frame). */
  afterApproval?: () => Promise<void>
  /** The JSON-RPC URL of the current EVM chain, when the project configured one. */
  rpcUrl: () => string | undefined
  /** Names and prices the approval shows beside addresses and values (the project's server). */
  lookups?: Lookups
  /** The JSON-RPC URL of a Solana cluster (`solana:<ref>`; default the project's only one). */
  solanaRpcUrl: (chain?: string) => string | undefined
  /**
   * The smart account on the current EVM chain while the visitor's preferred account type is
   * `smartAccount` there (spec §1, §6); undefined for the EOA.
   */
  smartAccount?: () => ActiveSmartAccount | undefined
  /** The project's EVM chains for ERC-7811 `wallet_getAssets`: node, native currency, tokens. */
  assetChains?: () => readonly AssetChain[]
}

export interface ActiveSmartAccount extends SmartAccountChain {
  address: Hex
}

/** The bundles `wallet_sendCalls` sent through a smart account: userOperation hash → chain. */
const bundles = new Map<string, SmartAccountChain>()
/** How long `eth_sendTransaction` through the smart account waits for its userOperation. */
const USER_OPERATION_WAIT_MS = 60_000

export interface TransactionRequest {
  from?: string
  to?: `0x${string}`
  value?: Hex
  data?: Hex
  gas?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  nonce?: Hex
  chainId?: Hex
}

/** A node read, sent to the chain's RPC URL as it is. */
async function forward(context: RpcContext, method: string, params: unknown[]): Promise<unknown> {
  const url = context.rpcUrl()
  if (!url) throw new RpcError(4200, `${method} is not answered by the embedded wallet`)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  if (!response.ok) throw new RpcError(-32603, `HTTP status code: ${response.status}`)
  const body = (await response.json()) as {
    result?: unknown
    error?: { code?: number; message?: string }
  }
  if (body.error)
    throw new RpcError(body.error.code ?? -32603, String(body.error.message ?? 'RPC error'))
  return body.result
}

const rejected = () => new RpcError(4001, 'User rejected the request.')
const unauthorized = () => new RpcError(4100, 'Not connected to email or social')

function evmChainHex(chainId: string | number): Hex {
  const id = typeof chainId === 'number' ? chainId : Number(String(chainId).split(':').at(-1))
  if (!Number.isSafeInteger(id)) throw new RpcError(4901, 'Not on an EVM chain')
  return numberToHex(id)
}

function sameAddress(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase()
}

/** Whether `address` is the visitor's EOA or their active smart account. */
function ownsAddress(context: RpcContext, address: unknown): boolean {
  const owned = [context.session.commitment?.eip155, context.smartAccount?.()?.address]
  return owned.some((account) => account !== undefined && sameAddress(address, account))
}

async function approve(context: RpcContext, method: string, view: ApprovalView) {
  // The dialog is loaded with the first approval, like the describers: not on first load.
  const { askApproval } = await import('./om-approve.js')
  context.setVisible(true)
  try {
    const approved = await askApproval({ origin: context.dappOrigin, method, view })
    if (!approved) throw rejected()
    // Still inside the click's user activation: the Storage Access API may prompt now.
    await context.afterApproval?.()
  } finally {
    context.setVisible(false)
  }
}

/** The EVM describers (viem's ABI decoder): loaded with the first EVM approval. */
const evm = () => import('./describe-evm.js')

/** An `eth_call` for the describers (token symbol and decimals); undefined when it fails. */
function caller(context: RpcContext) {
  return async (to: Hex, data: Hex): Promise<Hex | undefined> => {
    try {
      const result = await Promise.race([
        forward(context, 'eth_call', [{ to, data }, 'latest']),
        new Promise((resolve) => setTimeout(resolve, 3000, undefined)),
      ])
      return typeof result === 'string' && isHex(result) ? result : undefined
    } catch {
      return undefined
    }
  }
}

/**
 * Answers one RPC request of the host.
 *
 * @example
 * await handleRpc(context, { method: 'eth_chainId' }) // '0x1'
 */
export async function handleRpc(
  context: RpcContext,
  request: { method: string; params?: unknown },
): Promise<unknown> {
  const { method } = request
  const params = Array.isArray(request.params)
    ? request.params
    : request.params === undefined
      ? []
      : [request.params]
  const { session } = context
  const kind = methodKind(method)
  if (kind === 'unknown') throw new RpcError(4200, 'Requested RPC call is not allowed')
  if (kind === 'unsupported') throw new RpcError(4200, unsupportedMessage(method))

  if (kind === 'safe') {
    switch (method) {
      case 'eth_chainId':
        return evmChainHex(context.chainId())
      case 'eth_accounts':
        return session.commitment
          ? [context.smartAccount?.()?.address ?? session.commitment.eip155]
          : []
      case 'eth_requestAccounts':
        if (!session.commitment) throw unauthorized()
        return [context.smartAccount?.()?.address ?? session.commitment.eip155]
      case 'solana_getAccounts':
      case 'solana_requestAccounts':
        return session.commitment ? [session.commitment.solana] : []
      case 'wallet_switchEthereumChain': {
        const [{ chainId } = { chainId: undefined }] = params as [{ chainId?: unknown }?]
        if (typeof chainId !== 'string' || !isHex(chainId))
          throw new RpcError(-32602, 'Invalid chain id')
        context.setChainId(Number(chainId))
        return null
      }
      case 'wallet_getCapabilities':
        return capabilities(context, params)
      case 'wallet_getCallsStatus': {
        const [id] = params
        const chain = typeof id === 'string' ? bundles.get(id) : undefined
        // EIP-5792: an id this wallet never returned is 5730.
        if (!chain) throw new RpcError(5730, 'Unknown bundle id')
        const { userOperationStatus } = await import('./smart-account.js')
        return userOperationStatus(chain, id as Hex)
      }
      case 'wallet_getAssets': {
        const chains = context.assetChains?.() ?? []
        if (chains.length === 0) {
          throw new RpcError(4200, 'wallet_getAssets: the project has no EVM network')
        }
        const { assetsAccount, getAssets } = await import('./assets.js')
        if (!ownsAddress(context, assetsAccount(params))) throw unauthorized()
        return getAssets(params, chains)
      }
      case 'wallet_addEthereumChain':
        throw new RpcError(
          4200,
          "wallet_addEthereumChain is not supported: the embedded wallet uses the project's networks",
        )
      default:
        // Spec §7: only node reads reach the chain node; a wallet_* method never does.
        if (!forwardsToNode(method)) throw new RpcError(4200, `${method} is not supported`)
        return forward(context, method, params)
    }
  }

  const commitment = session.commitment
  if (!commitment) throw unauthorized()
  // Before asking the user: a stale login cannot sign, whatever they answer.
  await session.prepareSigning()
  switch (method) {
    case 'personal_sign': {
      const [message, address] = params
      const signer = messageSigner(context, address)
      if (typeof message !== 'string' || (!signer && !sameAddress(address, commitment.eip155))) {
        throw new RpcError(-32602, 'Invalid params')
      }
      await approve(context, method, (await evm()).describePersonalSign(message))
      const payload = isHex(message) ? { raw: message } : message
      return session.withKeys(async ({ evmPrivateKey }) =>
        signer
          ? (await import('./smart-account.js')).signAsSmartAccount(evmPrivateKey, signer, {
              message: payload,
            })
          : privateKeyToAccount(evmPrivateKey).signMessage({ message: payload }),
      )
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params
      const signer = messageSigner(context, address)
      if ((!signer && !sameAddress(address, commitment.eip155)) || typeof data !== 'string') {
        throw new RpcError(-32602, 'Invalid params')
      }
      const { describeTypedData, parseTypedData } = await evm()
      const typed = parseTypedData(data)
      const chainId = Number(evmChainHex(context.chainId()))
      await approve(context, method, describeTypedData(typed, chainId))
      return session.withKeys(async ({ evmPrivateKey }) => {
        const { EIP712Domain: _domain, ...types } = typed.types ?? {}
        const typedData = { ...typed, types }
        return signer
          ? (await import('./smart-account.js')).signAsSmartAccount(evmPrivateKey, signer, {
              typedData: typedData as TypedDataDefinition,
            })
          : privateKeyToAccount(evmPrivateKey).signTypedData(typedData)
      })
    }
    case 'solana_signMessage': {
      const [{ message } = { message: undefined }] = params as [{ message?: unknown }?]
      if (typeof message !== 'string') throw new RpcError(-32602, 'Invalid params')
      let bytes: Uint8Array
      try {
        bytes = base58.decode(message)
      } catch {
        throw new RpcError(-32602, 'Invalid params: message must be base58')
      }
      // Refused when the bytes are a transaction message: its signature would send it.
      const solana = await import('./solana.js')
      await approve(context, method, solana.describeMessage(bytes))
      return session.withKeys(async ({ solanaSecretKey }) => ({
        signature: base58.encode(ed25519.sign(bytes, solanaSecretKey.slice(0, 32))),
      }))
    }
    case 'wallet_sendCalls':
      return sendCalls(context, params)
    case 'eth_sendTransaction': {
      const [tx] = params as [TransactionRequest?]
      const smart = context.smartAccount?.()
      if (
        !tx ||
        !sameAddress(tx.from, smart?.address ?? commitment.eip155) ||
        (tx.to !== undefined && !isAddress(tx.to))
      ) {
        throw new RpcError(-32602, 'Invalid params')
      }
      if (smart) {
        if (!tx.to) throw new RpcError(-32602, 'Invalid params: a smart account call needs "to"')
        const view = await describeCalls(context, [tx], smart.chainId)
        await approve(context, method, view)
        const hash = await sendThroughSmartAccount(context, smart, [tx])
        return transactionHashOf(smart, hash)
      }
      const url = context.rpcUrl()
      if (!url) throw new RpcError(4200, 'No RPC URL for this chain')
      const chainId = Number(evmChainHex(context.chainId()))
      const { lookups } = context
      const caip = `eip155:${chainId}`
      const view = await (await evm()).describeTransaction(tx, {
        chainId,
        call: caller(context),
        ...(lookups && {
          nameOf: (address: Hex) => lookups.nameOf(address, caip),
          nativePrice: () => lookups.nativePrice(commitment.eip155, caip),
        }),
      })
      await approve(context, method, view)
      // viem's wallet client is most of the frame's code: loaded only to send.
      const { sendTransaction } = await import('./send-transaction.js')
      return session.withKeys(({ evmPrivateKey }) =>
        sendTransaction(evmPrivateKey, chainId, url, tx),
      )
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const [{ transaction, chain, sendOptions } = {}] = params as [SolanaTransactionParams?]
      if (typeof transaction !== 'string') throw new RpcError(-32602, 'Invalid params')
      const url = method === 'solana_signAndSendTransaction' ? solanaUrl(context, chain) : ''
      // The Solana codecs are loaded with the first Solana transaction only.
      const solana = await import('./solana.js')
      solana.assertSigner(transaction, commitment.solana)
      await approve(
        context,
        method,
        solana.describeTransactions([transaction], method === 'solana_signAndSendTransaction'),
      )
      const signed = await session.withKeys(async ({ solanaSecretKey }) =>
        solana.signTransaction(transaction, commitment.solana, solanaSecretKey),
      )
      if (method === 'solana_signTransaction') return signed
      const options =
        typeof sendOptions === 'object' && sendOptions
          ? (sendOptions as Record<string, unknown>)
          : {}
      return { signature: await solana.sendTransaction(url, signed.transaction, options) }
    }
    case 'solana_signAllTransactions': {
      const [{ transactions } = {}] = params as [{ transactions?: unknown }?]
      if (
        !Array.isArray(transactions) ||
        transactions.length === 0 ||
        !transactions.every((t): t is string => typeof t === 'string')
      ) {
        throw new RpcError(-32602, 'Invalid params: transactions must be base64 strings')
      }
      const solana = await import('./solana.js')
      for (const t of transactions) solana.assertSigner(t, commitment.solana)
      await approve(context, method, solana.describeTransactions(transactions))
      return session.withKeys(async ({ solanaSecretKey }) => ({
        transactions: transactions.map(
          (t) => solana.signTransaction(t, commitment.solana, solanaSecretKey).transaction,
        ),
      }))
    }
    default:
      throw new RpcError(4200, `${method} is not supported by the embedded wallet yet`)
  }
}

/**
 * Who signs a message for `address`: the Safe smart account when it is the active one (it
 * answers ERC-1271; counterfactual, its signature is ERC-6492-wrapped), else undefined (the
 * EOA's key signs, or the caller finds the address is not the visitor's). A Simple v0.7
 * account has no ERC-1271 `isValidSignature`, so no verifier (SIWX included) could accept a
 * signature for it, deployed or not: said plainly, before any approval, instead of a signature
 * nobody can check. In EIP-7702 mode the account is the EOA: its key's signature verifies by
 * ecrecover, and Simple7702Account answers ERC-1271 for it once delegated.
 */
function messageSigner(context: RpcContext, address: unknown): ActiveSmartAccount | undefined {
  const smart = context.smartAccount?.()
  if (!smart || smart.mode === 'eip7702' || !sameAddress(address, smart.address)) return undefined
  if (smart.mode === 'safe') return smart
  throw new RpcError(
    4200,
    'The smart account cannot sign messages (a Simple v0.7 account has no ERC-1271): switch to the EOA to sign',
  )
}

/** Each call of a batch decoded as a transaction is, one heading per call. */
async function describeCalls(
  context: RpcContext,
  calls: readonly TransactionRequest[],
  chainId: number,
): Promise<ApprovalView> {
  const { describeTransaction } = await evm()
  const { lookups } = context
  const caip = `eip155:${chainId}`
  const owner = context.session.commitment?.eip155 ?? ''
  const views = await Promise.all(
    calls.map((call) =>
      describeTransaction(call, {
        chainId,
        call: caller(context),
        ...(lookups && {
          nameOf: (address: Hex) => lookups.nameOf(address, caip),
          nativePrice: () => lookups.nativePrice(owner, caip),
        }),
      }),
    ),
  )
  if (views.length === 1 && views[0]) return views[0]
  const items: ApprovalItem[] = [
    { kind: 'warning', text: `${views.length} calls, sent together: all land or none does.` },
  ]
  views.forEach((view, index) => {
    items.push({ kind: 'heading', text: `Call ${index + 1} of ${views.length}` }, ...view.items)
  })
  return { title: 'Send calls', items }
}

async function sendThroughSmartAccount(
  context: RpcContext,
  smart: ActiveSmartAccount,
  calls: readonly TransactionRequest[],
  paymasterContext?: PaymasterContext,
): Promise<Hex> {
  const { sendUserOperation } = await import('./smart-account.js')
  const hash = await context.session.withKeys(({ evmPrivateKey }) =>
    sendUserOperation(
      evmPrivateKey,
      smart,
      calls.map((call) => ({
        to: call.to as Hex,
        ...(call.value ? { value: BigInt(call.value) } : {}),
        ...(call.data ? { data: call.data } : {}),
      })),
      paymasterContext,
    ),
  )
  bundles.set(hash, {
    chainId: smart.chainId,
    rpcUrl: smart.rpcUrl,
    bundlerUrl: smart.bundlerUrl,
    mode: smart.mode,
  })
  return hash
}

/** Waits for userOperation `hash` and answers its transaction hash (`eth_sendTransaction`). */
async function transactionHashOf(smart: ActiveSmartAccount, hash: Hex): Promise<Hex> {
  const { userOperationStatus } = await import('./smart-account.js')
  const deadline = Date.now() + USER_OPERATION_WAIT_MS
  for (;;) {
    const status = await userOperationStatus(smart, hash)
    const [receipt] = 'receipts' in status ? status.receipts : []
    if (status.status === 200 && receipt) return receipt.transactionHash
    if (status.status === 500) throw new RpcError(-32603, 'The transaction reverted')
    if (Date.now() > deadline) {
      throw new RpcError(-32603, `No receipt for userOperation ${hash} within 60 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/**
 * EIP-5792 `wallet_sendCalls`: spec §5's checks (`to` starts with 0x; `data` starts with 0x
 * when given), then every call decoded in one approval, then one atomic userOperation of the
 * smart account. The EOA answers "This request method is not supported" (4200), on which
 * viem's `sendCalls` falls back to one transaction per call.
 */
async function sendCalls(context: RpcContext, params: unknown[]): Promise<{ id: string }> {
  const [request] = params as [Record<string, unknown>?]
  if (typeof request !== 'object' || request === null) {
    throw new RpcError(-32602, 'Invalid params')
  }
  const calls = request.calls
  if (!Array.isArray(calls) || calls.length === 0) {
    throw new RpcError(-32602, 'Invalid params: calls must be a non-empty array')
  }
  for (const call of calls as Record<string, unknown>[]) {
    if (typeof call?.to !== 'string' || !call.to.startsWith('0x') || !isAddress(call.to)) {
      throw new RpcError(-32602, 'Invalid params: each call needs a "to" starting with 0x')
    }
    if (call.data !== undefined && (typeof call.data !== 'string' || !call.data.startsWith('0x'))) {
      throw new RpcError(-32602, 'Invalid params: "data" must start with 0x')
    }
    if (call.value !== undefined && (typeof call.value !== 'string' || !isHex(call.value))) {
      throw new RpcError(-32602, 'Invalid params: "value" must be hex')
    }
  }
  const smart = context.smartAccount?.()
  if (!smart) throw new RpcError(4200, 'This request method is not supported')
  if (request.from !== undefined && !sameAddress(request.from, smart.address)) {
    throw unauthorized()
  }
  if (
    request.chainId !== undefined &&
    (typeof request.chainId !== 'string' ||
      !isHex(request.chainId) ||
      Number(request.chainId) !== smart.chainId)
  ) {
    throw new RpcError(5710, 'Unsupported chain id')
  }
  const paymasterContext = paymasterCapability(request.capabilities, smart)
  const txs = (calls as Record<string, unknown>[]).map(
    (call): TransactionRequest => ({
      from: smart.address,
      to: call.to as Hex,
      ...(typeof call.value === 'string' ? { value: call.value as Hex } : {}),
      ...(typeof call.data === 'string' ? { data: call.data as Hex } : {}),
    }),
  )
  const view = await describeCalls(context, txs, smart.chainId)
  await approve(context, 'wallet_sendCalls', view)
  return { id: await sendThroughSmartAccount(context, smart, txs, paymasterContext) }
}

/** Two URLs the same once parsed (`https://pm.example` is `https://pm.example/`). */
function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return false
  }
}

/**
 * ERC-7677's `paymasterService` capability of `wallet_sendCalls`: honoured only when its URL is
 * the paymaster service the project configured for the chain (the wallet calls no server the
 * project did not name); its `context` then goes to that service. Another URL is refused with
 * EIP-5792's 5700, or left aside when the dapp marked the capability optional (the project's
 * own paymaster, if any, still sponsors).
 */
function paymasterCapability(
  capabilities: unknown,
  smart: ActiveSmartAccount,
): PaymasterContext | undefined {
  if (capabilities === undefined) return undefined
  if (typeof capabilities !== 'object' || capabilities === null) {
    throw new RpcError(-32602, 'Invalid params: capabilities must be an object')
  }
  const service = (capabilities as Record<string, unknown>).paymasterService
  if (service === undefined) return undefined
  if (typeof service !== 'object' || service === null) {
    throw new RpcError(-32602, 'Invalid params: paymasterService must be an object')
  }
  const { url, context, optional } = service as Record<string, unknown>
  if (typeof url !== 'string') {
    throw new RpcError(-32602, 'Invalid params: paymasterService needs a "url"')
  }
  if (!smart.paymasterUrl || !sameUrl(url, smart.paymasterUrl)) {
    if (optional === true) return undefined
    throw new RpcError(
      5700,
      'Unsupported non-optional capability: paymasterService (not a paymaster this project configured)',
    )
  }
  if (context === undefined) return undefined
  if (typeof context !== 'object' || context === null || Array.isArray(context)) {
    throw new RpcError(-32602, 'Invalid params: paymasterService "context" must be an object')
  }
  return context as PaymasterContext
}

/**
 * EIP-5792 `wallet_getCapabilities`: per chain (hex), what the wallet does. The smart account
 * batches atomically; the EOA cannot, and viem's `sendCalls` then falls back to one transaction
 * per call. `paymasterService` (ERC-7677) where the project configured a paymaster for the
 * smart account's chain. `assetDiscovery` (ERC-7811) on every chain `wallet_getAssets` answers for.
 */
function capabilities(context: RpcContext, params: unknown[]): Record<Hex, unknown> {
  const [address, chainIds] = params
  const account = context.session.commitment?.eip155
  if (!account) throw unauthorized()
  if (address !== undefined && !ownsAddress(context, address)) throw unauthorized()
  const chains =
    Array.isArray(chainIds) && chainIds.length > 0
      ? chainIds.map((id) => {
          if (typeof id !== 'string' || !isHex(id)) throw new RpcError(-32602, 'Invalid chain id')
          return numberToHex(BigInt(id))
        })
      : [evmChainHex(context.chainId())]
  const smart = context.smartAccount?.()
  const onSmart = (id: Hex) => smart !== undefined && Number(id) === smart.chainId
  const atomic = (id: Hex) => (onSmart(id) ? 'supported' : ('unsupported' as const))
  // ERC-7811: the wallet answers wallet_getAssets on the project's EVM chains.
  const discovered = new Set(context.assetChains?.().map(({ chainId }) => chainId))
  return Object.fromEntries(
    chains.map((id) => [
      id,
      {
        atomic: { status: atomic(id) },
        // ERC-7677: the smart account's userOperations are sponsored by the project's paymaster.
        ...(onSmart(id) && smart?.paymasterUrl ? { paymasterService: { supported: true } } : {}),
        ...(discovered.has(Number(id)) ? { assetDiscovery: { supported: true } } : {}),
      },
    ]),
  )
}

interface SolanaTransactionParams {
  /** The serialized transaction, base64 (legacy or v0). */
  transaction?: unknown
  /** The cluster, `solana:<genesis hash prefix>`; default the project's only one. */
  chain?: unknown
  /** `sendTransaction` options (skipPreflight, preflightCommitment, maxRetries…). */
  sendOptions?: unknown
}

function solanaUrl(context: RpcContext, chain: unknown): string {
  const url = context.solanaRpcUrl(typeof chain === 'string' ? chain : undefined)
  if (!url) throw new RpcError(4200, 'No RPC URL for this Solana cluster')
  return url
}
