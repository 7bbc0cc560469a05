// RPC requests inside the frame: safe ones answered from what the frame knows, unsafe ones
// only after the user approved them in the frame's own UI, signed with the rebuilt keys.

import { ed25519 } from '@noble/curves/ed25519'
import { forwardsToNode, methodKind, unsupportedMessage } from '@openmodal/embedded/protocol'
import { base58 } from '@scure/base'
import { type Hex, isAddress, isHex, numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { ApprovalView } from './approval-view.js'
import type { Lookups } from './lookups.js'
import { RpcError } from './rpc-error.js'
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
}

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
        return session.commitment ? [session.commitment.eip155] : []
      case 'eth_requestAccounts':
        if (!session.commitment) throw unauthorized()
        return [session.commitment.eip155]
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
      case 'wallet_getCallsStatus':
        // EIP-5792: an id this wallet never returned is 5730.
        throw new RpcError(5730, 'Unknown bundle id')
      case 'wallet_getAssets':
        throw new RpcError(4200, 'wallet_getAssets is not supported by the embedded wallet yet')
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
      if (typeof message !== 'string' || !sameAddress(address, commitment.eip155)) {
        throw new RpcError(-32602, 'Invalid params')
      }
      await approve(context, method, (await evm()).describePersonalSign(message))
      return session.withKeys(async ({ evmPrivateKey }) =>
        privateKeyToAccount(evmPrivateKey).signMessage({
          message: isHex(message) ? { raw: message } : message,
        }),
      )
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = params
      if (!sameAddress(address, commitment.eip155) || typeof data !== 'string') {
        throw new RpcError(-32602, 'Invalid params')
      }
      const { describeTypedData, parseTypedData } = await evm()
      const typed = parseTypedData(data)
      const chainId = Number(evmChainHex(context.chainId()))
      await approve(context, method, describeTypedData(typed, chainId))
      return session.withKeys(async ({ evmPrivateKey }) => {
        const { EIP712Domain: _domain, ...types } = typed.types ?? {}
        return privateKeyToAccount(evmPrivateKey).signTypedData({ ...typed, types })
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
    case 'eth_sendTransaction': {
      const [tx] = params as [TransactionRequest?]
      if (
        !tx ||
        !sameAddress(tx.from, commitment.eip155) ||
        (tx.to !== undefined && !isAddress(tx.to))
      ) {
        throw new RpcError(-32602, 'Invalid params')
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
 * EIP-5792 `wallet_getCapabilities`: per chain (hex), what the wallet does. The EOA cannot batch
 * atomically; viem's `sendCalls` then falls back to one transaction per call.
 */
function capabilities(context: RpcContext, params: unknown[]): Record<Hex, unknown> {
  const [address, chainIds] = params
  const account = context.session.commitment?.eip155
  if (!account) throw unauthorized()
  if (address !== undefined && !sameAddress(address, account)) throw unauthorized()
  const chains =
    Array.isArray(chainIds) && chainIds.length > 0
      ? chainIds.map((id) => {
          if (typeof id !== 'string' || !isHex(id)) throw new RpcError(-32602, 'Invalid chain id')
          return numberToHex(BigInt(id))
        })
      : [evmChainHex(context.chainId())]
  return Object.fromEntries(chains.map((id) => [id, { atomic: { status: 'unsupported' } }]))
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
