// A stand-in for the Safe{Wallet} interface: a page on its own loopback origin that frames a
// Safe app and answers the Safe apps protocol (@safe-global/safe-apps-sdk 9.x messages) with a
// real Safe on a local chain. Transactions run as Safe transactions (signed by the owner keys,
// executed with `execTransaction`); messages are signed as EIP-1271 Safe messages, off chain
// (the owners' signatures) or on chain (a Safe transaction delegatecalling SignMessageLib, as
// Safe{Wallet} does when off-chain signing is off: the SDK answers a safeTxHash, and the
// message's signature is then empty, `0x`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  hashMessage,
  http,
  isHex,
  publicActions,
  zeroAddress,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type DeployedSafe, SAFE_ABI, SIGN_MESSAGE_LIB_ABI } from './deploy.js'

/** The SDK version the stand-in reports in every answer (the SDK checks its major). */
export const SAFE_STAND_IN_VERSION = '9.1.0'

export interface StartSafeStandInOptions {
  rpcUrl: string
  safe: DeployedSafe
  /** The Safe app to frame; a page may also name one with `?app=<url>`. */
  appUrl?: string
  /** Default: a free loopback port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
  /**
   * How `signMessage` signs: `off-chain` (default) answers the owners' signatures;
   * `on-chain` executes SignMessageLib's `signMessage` through the Safe and answers its
   * safeTxHash.
   */
  messageSigning?: 'off-chain' | 'on-chain'
}

export interface SafeStandIn {
  /** The parent page's origin, e.g. `http://127.0.0.1:41234`. */
  origin: string
  /** The parent page framing `appUrl` (or `app`). */
  url(app?: string): string
  /** The Safe transactions executed so far, by safeTxHash. */
  executed: ReadonlyMap<Hex, Hex>
  stop(): Promise<void>
}

interface SafeTx {
  to: Address
  value: string
  data: Hex
  /** 0 call (default), 1 delegatecall. */
  operation?: 0 | 1
}

const SAFE_TX_TYPES = {
  SafeTx: [
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'data', type: 'bytes' },
    { name: 'operation', type: 'uint8' },
    { name: 'safeTxGas', type: 'uint256' },
    { name: 'baseGas', type: 'uint256' },
    { name: 'gasPrice', type: 'uint256' },
    { name: 'gasToken', type: 'address' },
    { name: 'refundReceiver', type: 'address' },
    { name: 'nonce', type: 'uint256' },
  ],
} as const
const SAFE_MESSAGE_TYPES = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const
const MULTI_SEND_NOT_SUPPORTED = 'The stand-in executes one transaction per request'

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (app: string, safeAddress: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Safe stand-in</title>
<style>body{margin:0;font:14px system-ui}header{padding:8px 12px;background:#121312;color:#12ff80}
iframe{border:0;width:100%;height:calc(100vh - 36px)}</style></head>
<body><header>Safe stand-in · Safe <span id="safe"></span></header>
<iframe id="app" title="Safe app" src="${escapeAttribute(app)}"></iframe>
<script type="module">
const frame = document.getElementById('app')
const appOrigin = new URL(frame.src).origin
window.addEventListener('message', async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== appOrigin) return
  const { id, method, params } = event.data ?? {}
  if (typeof id !== 'string' || typeof method !== 'string') return
  const response = await fetch('/__safe/call', { method: 'POST', body: JSON.stringify({ method, params }) })
  const answer = await response.json()
  const message = 'error' in answer
    ? { id, success: false, version: '${SAFE_STAND_IN_VERSION}', error: answer.error }
    : { id, success: true, version: '${SAFE_STAND_IN_VERSION}', data: answer.data }
  frame.contentWindow.postMessage(message, appOrigin)
})
document.getElementById('safe').textContent = ${JSON.stringify(safeAddress)}
</script></body></html>`

/**
 * Starts the stand-in on a loopback port. Its page frames the app and relays the app's
 * `postMessage` requests to this server, which answers them with the real Safe.
 *
 * @example
 * const safe = await deploySafe(anvil.rpcUrl)
 * const standIn = await startSafeStandIn({ rpcUrl: anvil.rpcUrl, safe, appUrl: 'http://localhost:5173' })
 * console.log(standIn.url())
 */
export async function startSafeStandIn(options: StartSafeStandInOptions): Promise<SafeStandIn> {
  const { rpcUrl, safe } = options
  const host = options.host ?? '127.0.0.1'
  const executor = createWalletClient({
    account: privateKeyToAccount(safe.ownerKeys[0] as Hex),
    transport: http(rpcUrl),
  }).extend(publicActions)
  const owners = safe.ownerKeys.map((key) => privateKeyToAccount(key))
  const executed = new Map<Hex, Hex>()
  const domain = { chainId: safe.chainId, verifyingContract: safe.address }

  const rpc = async (method: string, params: unknown): Promise<unknown> => {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result
  }

  /** Owner signatures sorted by owner address, as `checkSignatures` wants them. */
  const signAll = async (sign: (owner: (typeof owners)[number]) => Promise<Hex>): Promise<Hex> => {
    const sorted = [...owners]
      .sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1))
      .slice(0, safe.threshold)
    const signatures = await Promise.all(sorted.map(sign))
    return `0x${signatures.map((s) => s.slice(2)).join('')}`
  }

  const execute = async (tx: SafeTx): Promise<{ safeTxHash: Hex }> => {
    const nonce = (await executor.readContract({
      address: safe.address,
      abi: SAFE_ABI,
      functionName: 'nonce',
    })) as bigint
    const message = {
      to: tx.to,
      value: BigInt(tx.value || 0),
      data: tx.data || '0x',
      operation: tx.operation ?? 0,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce,
    } as const
    const safeTxHash = (await executor.readContract({
      address: safe.address,
      abi: SAFE_ABI,
      functionName: 'getTransactionHash',
      args: [
        message.to,
        message.value,
        message.data,
        message.operation,
        0n,
        0n,
        0n,
        zeroAddress,
        zeroAddress,
        nonce,
      ],
    })) as Hex
    const signatures = await signAll((owner) =>
      owner.signTypedData({ domain, types: SAFE_TX_TYPES, primaryType: 'SafeTx', message }),
    )
    const hash = await executor.sendTransaction({
      to: safe.address,
      chain: null,
      data: encodeFunctionData({
        abi: SAFE_ABI,
        functionName: 'execTransaction',
        args: [
          message.to,
          message.value,
          message.data,
          message.operation,
          0n,
          0n,
          0n,
          zeroAddress,
          zeroAddress,
          signatures,
        ],
      }),
    })
    const receipt = await executor.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error('The Safe transaction reverted')
    executed.set(safeTxHash, hash)
    return { safeTxHash }
  }

  const handlers: Record<string, (params: unknown) => Promise<unknown>> = {
    async getSafeInfo() {
      return {
        safeAddress: safe.address,
        chainId: safe.chainId,
        threshold: safe.threshold,
        owners: safe.owners,
        isReadOnly: false,
        nonce: Number(
          await executor.readContract({
            address: safe.address,
            abi: SAFE_ABI,
            functionName: 'nonce',
          }),
        ),
        implementation: safe.singleton,
        modules: null,
        fallbackHandler: safe.fallbackHandler,
        guard: null,
        version: '1.4.1',
      }
    },
    async getChainInfo() {
      return {
        chainName: 'Anvil',
        chainId: String(safe.chainId),
        shortName: 'anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
        blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
      }
    },
    async getEnvironmentInfo() {
      return { origin: standIn.origin }
    },
    async wallet_getPermissions() {
      return []
    },
    async rpcCall(params) {
      const { call, params: args } = params as { call: string; params: unknown }
      return rpc(call, args)
    },
    async sendTransactions(params) {
      const { txs } = params as { txs: SafeTx[] }
      if (!Array.isArray(txs) || txs.length !== 1) throw new Error(MULTI_SEND_NOT_SUPPORTED)
      // The SDK's transactions are calls: an app never gets to delegatecall from the Safe.
      const { to, value, data } = txs[0] as SafeTx
      return execute({ to, value, data })
    },
    async getTxBySafeTxHash(params) {
      const { safeTxHash } = params as { safeTxHash: Hex }
      const txHash = executed.get(safeTxHash)
      if (!txHash) throw new Error('Unknown safeTxHash')
      return { safeAddress: safe.address, txId: safeTxHash, txStatus: 'SUCCESS', txHash }
    },
    async signMessage(params) {
      const { message } = params as { message: string }
      // personal_sign hands over the message hex-encoded: hash its bytes, like the signer would.
      const hash = hashMessage(isHex(message) ? { raw: message } : message)
      if (options.messageSigning === 'on-chain') {
        // The fallback handler's isValidSignature(hash, '0x') then finds it in signedMessages.
        return execute({
          to: safe.signMessageLib,
          value: '0',
          data: encodeFunctionData({
            abi: SIGN_MESSAGE_LIB_ABI,
            functionName: 'signMessage',
            args: [hash],
          }),
          operation: 1,
        })
      }
      const signature = await signAll((owner) =>
        owner.signTypedData({
          domain,
          types: SAFE_MESSAGE_TYPES,
          primaryType: 'SafeMessage',
          message: { message: hash },
        }),
      )
      return { signature }
    },
  }

  const readBody = async (request: IncomingMessage): Promise<string> => {
    let body = ''
    for await (const chunk of request) {
      body += chunk
      if (body.length > 1_000_000) throw new Error('Request too large')
    }
    return body
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', standIn.origin)
    if (request.method === 'POST' && url.pathname === '/__safe/call') {
      let answer: { data: unknown } | { error: string }
      try {
        const { method, params } = JSON.parse(await readBody(request)) as {
          method: string
          params: unknown
        }
        const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
        answer = handler
          ? { data: (await handler(params)) ?? null }
          : { error: `Method not supported: ${method}` }
      } catch (error) {
        answer = { error: error instanceof Error ? error.message : String(error) }
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer))
      return
    }
    if (request.method === 'GET' && url.pathname === '/') {
      const app = url.searchParams.get('app') ?? options.appUrl
      if (!app || !/^https?:\/\//.test(app)) {
        response.writeHead(400, { 'content-type': 'text/plain' })
        response.end('Name the Safe app to frame: ?app=http://…')
        return
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(page(app, safe.address))
      return
    }
    response.writeHead(404)
    response.end()
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500)
      response.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve))
  const { port } = server.address() as AddressInfo
  const standIn: SafeStandIn = {
    origin: `http://${host}:${port}`,
    url(app) {
      const base = `http://${host}:${port}/`
      return app ? `${base}?app=${encodeURIComponent(app)}` : base
    },
    executed,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
