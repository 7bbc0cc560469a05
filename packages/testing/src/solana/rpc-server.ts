// A local Solana JSON-RPC node for tests and the local stack: HTTP on a loopback port and
// the subscription WebSocket on port + 1 (where @solana/web3.js 1.x looks for it), over an
// in-process litesvm ledger. It answers what web3.js, wallets and the adapter use.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import bs58 from 'bs58'
import { type WebSocket, WebSocketServer } from 'ws'
import { createLedger, LAMPORTS_PER_SIGNATURE, type Ledger, RpcError } from './ledger.js'
import {
  type CreateMintOptions,
  createMint,
  mintTo,
  parsedTokenData,
  parseMint,
  parseTokenAccount,
  TOKEN_PROGRAMS,
  uiTokenAmount,
} from './spl.js'
import { parseTransaction } from './wire.js'

/** The genesis hash of every local cluster this server starts (its CAIP-2 id is the first 32). */
export const LOCALNET_GENESIS_HASH = 'HsAA1Wqa25WNXuVomYzh8y8n7FTobxNjZmovhGfACvKo'

/** Commitment levels a Solana RPC accepts (spec §9 "Solana preflight levels"). */
export const SOLANA_COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const

export interface StartSolanaRpcOptions {
  /** HTTP port; the WebSocket takes `port + 1`. Default: a free pair on 127.0.0.1. */
  port?: number
  /** Default `LOCALNET_GENESIS_HASH`. */
  genesisHash?: string
}

export interface SolanaRpc {
  rpcUrl: string
  wsUrl: string
  port: number
  genesisHash: string
  /** The ledger (litesvm and its slots), for tests that need to look inside. */
  ledger: Ledger
  /** Credits `lamports` to `address` (base58); resolves with the airdrop's signature. */
  airdrop(address: string, lamports: bigint | number): Promise<string>
  /** Creates an SPL token mint (Token program by default, 6 decimals) and returns its address. */
  createMint(options?: CreateMintOptions): string
  /**
   * Credits `amount` (smallest units) of `mint` to `owner`'s associated token account, created
   * when missing; returns that account's address.
   */
  mintTo(mint: string, owner: string, amount: bigint | number): string
  /** Closes the WebSocket clients, then both servers. */
  stop(): Promise<void>
}

const BODY_LIMIT = 1 << 20
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
// What Agave reports for rent-exempt accounts (u64::MAX); a JSON number, so it is rounded.
const RENT_EPOCH_EXEMPT = Number(2n ** 64n - 1n)

interface JsonRpcRequest {
  jsonrpc?: unknown
  id?: unknown
  method?: unknown
  params?: unknown
}

const invalidParams = (detail: string) => new RpcError(-32602, `Invalid params: ${detail}`)

function config(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index]
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('expected an object')
  const object = value as Record<string, unknown>
  for (const key of ['commitment', 'preflightCommitment']) {
    const level = object[key]
    if (level !== undefined && !(SOLANA_COMMITMENTS as readonly unknown[]).includes(level)) {
      throw invalidParams(
        `unknown variant \`${String(level)}\`, expected one of ${SOLANA_COMMITMENTS.join(', ')}`,
      )
    }
  }
  return object
}

function pubkey(value: unknown): Uint8Array {
  if (typeof value !== 'string' || !BASE58_ADDRESS.test(value)) {
    throw invalidParams('Invalid param: Invalid')
  }
  const bytes = bs58.decode(value)
  if (bytes.length !== 32) throw invalidParams('Invalid param: WrongSize')
  return bytes
}

function transactionBytes(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('expected an encoded transaction')
  if (encoding === undefined || encoding === 'base58') return bs58.decode(value)
  if (encoding === 'base64') return new Uint8Array(Buffer.from(value, 'base64'))
  throw invalidParams(`unsupported encoding: ${String(encoding)}`)
}

function encodeData(data: Uint8Array, encoding: unknown): [string, string] {
  if (encoding === 'base58') return [bs58.encode(data), 'base58']
  if (encoding === undefined || encoding === 'base64' || encoding === 'jsonParsed') {
    return [Buffer.from(data).toString('base64'), 'base64']
  }
  throw invalidParams(`unsupported encoding: ${String(encoding)}`)
}

/**
 * Starts the node. Every account starts empty: fund one with `airdrop` (or `requestAirdrop`).
 *
 * @example
 * const rpc = await startSolanaRpc()
 * await rpc.airdrop(address, 10n ** 9n) // 1 SOL
 * const connection = new Connection(rpc.rpcUrl, 'confirmed')
 * await rpc.stop()
 */
export async function startSolanaRpc(options: StartSolanaRpcOptions = {}): Promise<SolanaRpc> {
  const ledger = createLedger()
  const genesisHash = options.genesisHash ?? LOCALNET_GENESIS_HASH
  const context = () => ({ slot: ledger.slot, apiVersion: '2.2.0' })
  const withContext = (value: unknown) => ({ context: context(), value })

  const accountJson = (address: string, encoding: unknown) => {
    const account = ledger.svm.getAccount(address as Parameters<Ledger['svm']['getAccount']>[0])
    if (!account.exists) return null
    // jsonParsed: Token program accounts as objects, like Agave; anything else stays base64.
    const parsed =
      encoding === 'jsonParsed'
        ? parsedTokenData(ledger.svm, account.programAddress, account.data)
        : undefined
    return {
      data: parsed ?? encodeData(account.data, encoding),
      executable: account.executable,
      lamports: Number(account.lamports),
      owner: account.programAddress,
      rentEpoch: RENT_EPOCH_EXEMPT,
      space: Number(account.space),
    }
  }

  const tokenAccounts = (owner: Uint8Array, filter: Record<string, unknown>, encoding: unknown) => {
    const mint = typeof filter.mint === 'string' ? pubkey(filter.mint) : undefined
    const programs =
      typeof filter.programId === 'string' ? [filter.programId] : mint ? TOKEN_PROGRAMS : undefined
    if (!programs) throw invalidParams('expected { mint } or { programId }')
    const same = (a: Uint8Array, b: Uint8Array) => a.every((byte, i) => byte === b[i])
    return programs.flatMap((program) => {
      pubkey(program)
      return ledger.svm
        .getProgramAccounts(program as Parameters<Ledger['svm']['getProgramAccounts']>[0])
        .filter(
          (a) =>
            parseTokenAccount(a.data) !== undefined &&
            same(a.data.subarray(32, 64), owner) &&
            (!mint || same(a.data.subarray(0, 32), mint)),
        )
        .map((a) => ({ pubkey: a.address, account: accountJson(a.address, encoding) }))
    })
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getHealth: () => 'ok',
    getGenesisHash: () => genesisHash,
    getSlot: (p) => {
      config(p, 0)
      return ledger.slot
    },
    getBlockHeight: (p) => {
      config(p, 0)
      return ledger.blockHeight
    },
    getEpochInfo: (p) => {
      config(p, 0)
      return {
        absoluteSlot: ledger.slot,
        blockHeight: ledger.blockHeight,
        epoch: 0,
        slotIndex: ledger.slot,
        slotsInEpoch: 432000,
        transactionCount: null,
      }
    },
    getBalance: (p) => {
      config(p, 1)
      pubkey(p[0])
      return withContext(Number(ledger.svm.getBalance(p[0] as never) ?? 0n))
    },
    getAccountInfo: (p) => {
      const { encoding } = config(p, 1)
      pubkey(p[0])
      return withContext(accountJson(p[0] as string, encoding))
    },
    getMultipleAccounts: (p) => {
      const { encoding } = config(p, 1)
      if (!Array.isArray(p[0])) throw invalidParams('expected an array of addresses')
      const list = p[0] as unknown[]
      for (const a of list) pubkey(a)
      return withContext(list.map((a) => accountJson(a as string, encoding)))
    },
    getMinimumBalanceForRentExemption: (p) => {
      config(p, 1)
      const size = p[0] ?? 0
      if (!Number.isSafeInteger(size) || (size as number) < 0) throw invalidParams('data length')
      return Number(ledger.svm.minimumBalanceForRentExemption(BigInt(size as number)))
    },
    getLatestBlockhash: (p) => {
      config(p, 0)
      return withContext(ledger.latestBlockhash())
    },
    isBlockhashValid: (p) => {
      config(p, 1)
      if (typeof p[0] !== 'string') throw invalidParams('expected a blockhash')
      return withContext(ledger.isBlockhashValid(p[0]))
    },
    getFeeForMessage: (p) => {
      config(p, 1)
      if (typeof p[0] !== 'string') throw invalidParams('expected a base64 message')
      const message = Buffer.from(p[0], 'base64')
      // A message is a transaction without signatures: prefix a count of zero to parse it.
      const header = (message[0] ?? 0) & 0x80 ? message[1] : message[0]
      const signers = header ?? 0
      const fake = new Uint8Array(1 + signers * 64 + message.length)
      fake[0] = signers
      fake.set(message, 1 + signers * 64)
      let valid = true
      try {
        valid = ledger.isBlockhashValid(bs58.encode(parseTransaction(fake).recentBlockhash))
      } catch {
        throw invalidParams('invalid message')
      }
      return withContext(valid ? signers * LAMPORTS_PER_SIGNATURE : null)
    },
    getRecentPrioritizationFees: () => [],
    getSignatureStatuses: (p) => {
      config(p, 1)
      if (!Array.isArray(p[0])) throw invalidParams('expected an array of signatures')
      return withContext(
        (p[0] as unknown[]).map((signature) => {
          const status = typeof signature === 'string' ? ledger.status(signature) : undefined
          if (!status) return null
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            confirmationStatus: 'finalized',
          }
        }),
      )
    },
    sendTransaction: (p) => {
      const { encoding, skipPreflight } = config(p, 1)
      return ledger.send(transactionBytes(p[0], encoding), {
        skipPreflight: skipPreflight === true,
      })
    },
    simulateTransaction: (p) => {
      const { encoding, sigVerify, replaceRecentBlockhash } = config(p, 1)
      return withContext(
        ledger.simulate(transactionBytes(p[0], encoding), {
          sigVerify: sigVerify === true,
          replaceRecentBlockhash: replaceRecentBlockhash === true,
        }),
      )
    },
    requestAirdrop: (p) => {
      config(p, 2)
      pubkey(p[0])
      if (!Number.isSafeInteger(p[1]) || (p[1] as number) <= 0) throw invalidParams('lamports')
      return ledger.airdrop(p[0] as string, BigInt(p[1] as number))
    },
    getTokenAccountBalance: (p) => {
      config(p, 1)
      pubkey(p[0])
      const account = ledger.svm.getAccount(p[0] as never)
      const token = account.exists ? parseTokenAccount(account.data) : undefined
      const mint = token && ledger.svm.getAccount(token.mint as never)
      const decimals = mint?.exists ? parseMint(mint.data)?.decimals : undefined
      if (!token || decimals === undefined) {
        throw invalidParams('Invalid param: not a Token account')
      }
      return withContext(uiTokenAmount(token.amount, decimals))
    },
    getTokenSupply: (p) => {
      config(p, 1)
      pubkey(p[0])
      const account = ledger.svm.getAccount(p[0] as never)
      const mint = account.exists ? parseMint(account.data) : undefined
      if (!mint) throw invalidParams('Invalid param: not a Token mint')
      return withContext(uiTokenAmount(mint.supply, mint.decimals))
    },
    getTokenAccountsByOwner: (p) => {
      const { encoding } = config(p, 2)
      const filter = p[1]
      if (typeof filter !== 'object' || filter === null) throw invalidParams('expected a filter')
      return withContext(tokenAccounts(pubkey(p[0]), filter as Record<string, unknown>, encoding))
    },
  }

  const answer = (request: unknown) => {
    const { id = null, method, params = [] } = (request ?? {}) as JsonRpcRequest
    const fail = (code: number, message: string, data?: unknown) => ({
      jsonrpc: '2.0',
      id,
      error: { code, message, ...(data === undefined ? {} : { data }) },
    })
    if (typeof request !== 'object' || request === null || typeof method !== 'string') {
      return fail(-32600, 'Invalid request')
    }
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) return fail(-32601, 'Method not found')
    if (!Array.isArray(params)) return fail(-32602, 'Invalid params: expected an array')
    try {
      return { jsonrpc: '2.0', id, result: handler(params) }
    } catch (error) {
      if (error instanceof RpcError) return fail(error.code, error.message, error.data)
      return fail(-32603, `Internal error: ${error instanceof Error ? error.message : error}`)
    }
  }

  const onHttp = (req: IncomingMessage, res: ServerResponse) => {
    // A local node for pages on any local origin (the demo, test pages).
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type, solana-client')
    if (req.method === 'OPTIONS') return res.writeHead(204).end()
    if (req.method === 'GET' && req.url === '/health') return res.end('ok')
    if (req.method !== 'POST') return res.writeHead(405).end()
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > BODY_LIMIT) {
        res.writeHead(413).end()
        req.destroy()
      } else chunks.push(chunk)
    })
    req.on('end', () => {
      if (res.writableEnded) return
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        body = undefined
      }
      const reply =
        body === undefined
          ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
          : Array.isArray(body)
            ? body.map(answer)
            : answer(body)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply))
    })
  }

  const { http, wsHttp, port } = await listenPair(onHttp, options.port)
  const wss = new WebSocketServer({ server: wsHttp })
  wss.on('connection', (socket) => serveSubscriptions(socket, ledger, context))

  let stopped: Promise<void> | undefined
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port + 1}`,
    port,
    genesisHash,
    ledger,
    async airdrop(address, lamports) {
      pubkey(address)
      return ledger.airdrop(address, BigInt(lamports))
    },
    createMint(mintOptions) {
      for (const key of [mintOptions?.mintAuthority, mintOptions?.freezeAuthority]) {
        if (key) pubkey(key)
      }
      return createMint(ledger.svm, mintOptions)
    },
    mintTo(mint, owner, amount) {
      pubkey(mint)
      pubkey(owner)
      return mintTo(ledger.svm, mint, owner, BigInt(amount))
    },
    stop() {
      stopped ??= (async () => {
        await closeClients(wss)
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await Promise.all([http, wsHttp].map(close))
      })()
      return stopped
    },
  }
}

/**
 * Closes every subscription socket with code 1000 first. web3.js 1.x (rpc-websockets) takes
 * any other close, or a server that just goes away, as a dropped connection and reconnects
 * forever; after a 1000 it stays closed. Sockets that do not finish the close handshake in
 * 500 ms are cut.
 */
async function closeClients(wss: WebSocketServer): Promise<void> {
  const clients = [...wss.clients]
  const closed = clients.map(
    (client) => new Promise<void>((resolve) => client.once('close', () => resolve())),
  )
  for (const client of clients) client.close(1000, 'Server stopping')
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Promise.all(closed),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 500)
    }),
  ])
  clearTimeout(timer)
  for (const client of wss.clients) client.terminate()
}

function serveSubscriptions(
  socket: WebSocket,
  ledger: Ledger,
  context: () => { slot: number },
): void {
  const cancels = new Map<number, () => void>()
  let nextId = 0
  const send = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  socket.on('message', (raw) => {
    let request: JsonRpcRequest
    try {
      request = JSON.parse(String(raw))
    } catch {
      return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
    }
    const { id = null, method, params = [] } = request
    const reply = (result: unknown) => send({ jsonrpc: '2.0', id, result })
    const fail = (code: number, message: string) =>
      send({ jsonrpc: '2.0', id, error: { code, message } })
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'signatureSubscribe': {
        const signature = list[0]
        try {
          config(list, 1)
        } catch (error) {
          return fail(-32602, (error as Error).message)
        }
        if (typeof signature !== 'string') return fail(-32602, 'Invalid params: signature')
        const subscription = ++nextId
        reply(subscription)
        // After the reply: a client must know the id before the notification arrives.
        setImmediate(() => {
          if (socket.readyState !== socket.OPEN) return
          const cancel = ledger.onSettled(signature, (status) => {
            cancels.delete(subscription)
            send({
              jsonrpc: '2.0',
              method: 'signatureNotification',
              params: {
                subscription,
                result: { context: context(), value: { err: status.err } },
              },
            })
          })
          if (ledger.status(signature) === undefined) cancels.set(subscription, cancel)
        })
        return
      }
      case 'signatureUnsubscribe': {
        const subscription = list[0] as number
        const cancel = cancels.get(subscription)
        cancels.delete(subscription)
        cancel?.()
        return reply(cancel !== undefined)
      }
      default:
        return fail(-32601, 'Method not found')
    }
  })
  socket.on('close', () => {
    for (const cancel of cancels.values()) cancel()
    cancels.clear()
  })
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
}

function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

/** Listens on `port` and `port + 1`, or on a free pair when no port is given. */
async function listenPair(
  onHttp: (req: IncomingMessage, res: ServerResponse) => void,
  port?: number,
): Promise<{ http: Server; wsHttp: Server; port: number }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const http = createServer(onHttp)
    const wsHttp = createServer((_req, res) => res.writeHead(426).end())
    await listen(http, port ?? 0)
    const chosen = (http.address() as AddressInfo).port
    try {
      await listen(wsHttp, chosen + 1)
      return { http, wsHttp, port: chosen }
    } catch (error) {
      await close(http)
      if (port !== undefined) throw error
    }
  }
  throw new Error('startSolanaRpc: found no two free consecutive ports on 127.0.0.1')
}
