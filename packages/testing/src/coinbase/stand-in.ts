// A stand-in for Coinbase's keys page (keys.coinbase.com) on its own loopback origin: the
// Coinbase Wallet SDK opens it as its popup (`preference.keysUrl`). The page speaks the SDK's
// handshake; this server answers the decrypted requests with a dev key (an EOA) on a local
// chain and forwards reads to that chain at `/rpc` (the RPC URL the handshake hands the SDK).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createWalletClient,
  type Hex,
  http,
  isHex,
  publicActions,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ANVIL_PRIVATE_KEYS } from '../evm/accounts.js'
import { coinbasePopupPage } from './popup-page.js'

export interface StartCoinbaseStandInOptions {
  rpcUrl: string
  chainId: number
  /** The key that answers; default anvil account 2. */
  privateKey?: Hex
  /** Default: a free loopback port. */
  port?: number
  /** Default `127.0.0.1`. */
  host?: string
}

export interface CoinbaseHandshake {
  type: 'config' | 'selectSignerType'
  /** What the SDK sent: its version, the app metadata and the preference (`options`). */
  data: Record<string, unknown>
}

export interface CoinbaseStandIn {
  origin: string
  /** The `keysUrl` to give the SDK. */
  keysUrl: string
  address: Address
  /** Handshake messages received, oldest first. */
  handshakes: readonly CoinbaseHandshake[]
  /** Methods answered (signing in the popup, reads at `/rpc`), oldest first. */
  methods: readonly string[]
  stop(): Promise<void>
}

type Result = { value: unknown } | { error: { code: number; message: string } }

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
}

/**
 * Starts the keys-page stand-in. Requests are approved at once (it is a test double); the
 * account is an EOA whatever `preference.options` the SDK sends, which `handshakes` records.
 *
 * @example
 * const keys = await startCoinbaseStandIn({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId })
 * coinbaseConnector({ keysUrl: keys.keysUrl })
 */
export async function startCoinbaseStandIn(
  options: StartCoinbaseStandInOptions,
): Promise<CoinbaseStandIn> {
  const host = options.host ?? '127.0.0.1'
  const account = privateKeyToAccount(options.privateKey ?? ANVIL_PRIVATE_KEYS[2])
  const client = createWalletClient({ account, transport: http(options.rpcUrl) }).extend(
    publicActions,
  )
  const handshakes: CoinbaseHandshake[] = []
  const methods: string[] = []

  const forward = async (method: string, params: unknown): Promise<unknown> => {
    const response = await fetch(options.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    return response.json()
  }

  const answer = async (method: string, params: unknown[]): Promise<unknown> => {
    switch (method) {
      case 'eth_requestAccounts':
        return [account.address]
      case 'personal_sign': {
        const [message] = params as [Hex]
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [, typed] = params as [Address, string | TypedDataDefinition]
        const definition = typeof typed === 'string' ? JSON.parse(typed) : typed
        const { EIP712Domain: _, ...types } = definition.types
        return account.signTypedData({ ...definition, types })
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [{ to: Address; value?: Hex; data?: Hex }]
        return client.sendTransaction({
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : 0n,
          ...(tx.data ? { data: tx.data } : {}),
          chain: null,
        })
      }
      case 'wallet_switchEthereumChain':
        return null
      default:
        throw Object.assign(new Error(`Method not supported: ${method}`), { code: 4200 })
    }
  }

  const readBody = async (request: IncomingMessage): Promise<string> => {
    let body = ''
    for await (const chunk of request) {
      body += chunk
      if (body.length > 1_000_000) throw new Error('Request too large')
    }
    return body
  }
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { 'content-type': 'application/json', ...CORS })
    response.end(JSON.stringify(body))
  }

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', standIn.origin)
    if (request.method === 'OPTIONS') {
      response.writeHead(204, CORS)
      response.end()
      return
    }
    if (request.method === 'GET' && url.pathname === '/connect') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(coinbasePopupPage())
      return
    }
    if (request.method === 'POST' && url.pathname === '/rpc') {
      const { method, params, id } = JSON.parse(await readBody(request))
      methods.push(method)
      json(response, { ...((await forward(method, params)) as object), id })
      return
    }
    if (request.method === 'POST' && url.pathname === '/__coinbase/event') {
      handshakes.push(JSON.parse(await readBody(request)))
      json(response, {})
      return
    }
    if (request.method === 'POST' && url.pathname === '/__coinbase/call') {
      const { method, params, handshake } = JSON.parse(await readBody(request))
      methods.push(method)
      let result: Result
      try {
        result = { value: await answer(method, Array.isArray(params) ? params : []) }
      } catch (error) {
        const code = (error as { code?: number }).code ?? -32603
        result = { error: { code, message: (error as Error).message } }
      }
      json(
        response,
        handshake ? { result, chains: { [options.chainId]: `${standIn.origin}/rpc` } } : { result },
      )
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
  const origin = `http://${host}:${port}`
  const standIn: CoinbaseStandIn = {
    origin,
    keysUrl: `${origin}/connect`,
    address: account.address,
    handshakes,
    methods,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return standIn
}
