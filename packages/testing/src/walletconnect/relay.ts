// A local WalletConnect relay: the JSON-RPC-over-WebSocket protocol `@walletconnect/sign-client`
// 2.25 speaks to `wss://relay.walletconnect.org`, served on a loopback port. It is a protocol
// peer (mailbox, TTLs, subscriptions, pings), not a mock of one client: any sign-client, dapp or
// wallet, in Node or a browser, pairs through it. The `auth` JWT is read for the client's id
// only, never verified.
import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { type WebSocket, WebSocketServer } from 'ws'

export interface StartRelayOptions {
  /** Default: a free port on 127.0.0.1. */
  port?: number
  /** Socket pings; sign-client in Node drops a socket that has no ping for 35 s. Default 15 s. */
  pingIntervalMs?: number
  /** Longest TTL a publish may ask for, in seconds (default 30 days, as the public relay). */
  maxTtlSeconds?: number
  /** The clock for message TTLs (tests fake time with it). Default `Date.now`. */
  now?: () => number
  /** Logs every JSON-RPC frame in and out (debugging). */
  log?: (line: string) => void
}

export interface RelayStats {
  /** Sockets open now. */
  readonly connections: number
  /** Sockets accepted since start (reconnects count again). */
  readonly connectionsTotal: number
  /** Messages stored (publishes, and the parts of wc_proposeSession / wc_approveSession). */
  readonly published: number
  /** `irn_subscription` pushes sent. */
  readonly delivered: number
  /** Messages in mailboxes now (TTL not yet expired). */
  readonly stored: number
  /** Requests received, by method. */
  readonly requests: Readonly<Record<string, number>>
}

export interface RelayInstance {
  /** `ws://127.0.0.1:<port>`: give it to both sign-clients as `relayUrl`. */
  readonly url: string
  readonly port: number
  readonly stats: RelayStats
  /**
   * Drops every socket and stops listening for `downMs` (default 0), then listens again on the
   * same port, as a relay that crashed and came back. Mailboxes survive unless
   * `keepMessages: false` (the public relay persists messages); subscriptions do not.
   */
  restart(options?: { downMs?: number; keepMessages?: boolean }): Promise<void>
  /** Closes every socket and the server. */
  stop(): Promise<void>
}

interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number
  attestation?: string
  /** The client that published it: never delivered back to it. */
  from: string
  /** Clients that acknowledged it: not delivered to them again. */
  acked: Set<string>
}

interface Client {
  socket: WebSocket
  /** The did:key of the client (the JWT `iss`), stable across its reconnects. */
  id: string
  topics: Set<string>
  alive: boolean
}

interface JsonRpcRequest {
  id: number | string
  method: string
  params?: unknown
}

// The tags sign-client 2.25 uses for the parts of the two custom publish methods.
const TAG_SESSION_PROPOSE = 1100
const TAG_SESSION_PROPOSE_RESPONSE = 1101
const TAG_SESSION_SETTLE = 1102
const DEFAULT_TTL_SECONDS = 300

const RPC_ERRORS = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
} as const

class RpcError extends Error {
  constructor(readonly error: { code: number; message: string }) {
    super(error.message)
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function requireString(params: Record<string, unknown>, key: string): string {
  const value = params[key]
  if (typeof value !== 'string' || value.length === 0) {
    throw new RpcError({ ...RPC_ERRORS.invalidParams, message: `Invalid params: ${key}` })
  }
  return value
}

function requireParams(params: unknown): Record<string, unknown> {
  if (!isRecord(params)) throw new RpcError(RPC_ERRORS.invalidParams)
  return params
}

/** The JWT `iss` (the client's did:key), unverified; `undefined` without a readable token. */
function clientIdFrom(request: IncomingMessage): string | undefined {
  try {
    const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
    const payload = auth?.split('.')[1]
    if (!payload) return undefined
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    return isRecord(claims) && typeof claims.iss === 'string' ? claims.iss : undefined
  } catch {
    return undefined
  }
}

/**
 * The request id exactly as sent. sign-client ids are up to 19 digits, beyond a double's
 * precision, so an id parsed as a number is taken back from the raw frame.
 */
function rawId(text: string, parsed: unknown): number | string {
  if (typeof parsed === 'string') return parsed
  if (typeof parsed === 'number' && Number.isSafeInteger(parsed)) return parsed
  const match = /"id"\s*:\s*(-?\d+)/.exec(text)
  return match?.[1] ?? String(parsed)
}

/** Serializes a response, writing a big numeric id back as the same digits. */
function encodeResponse(id: number | string, body: Record<string, unknown>, numeric: boolean) {
  const json = JSON.stringify({ id: 0, jsonrpc: '2.0', ...body })
  const idText = numeric ? String(id) : JSON.stringify(id)
  return json.replace('"id":0', `"id":${idText}`)
}

let pushCounter = 0
const pushId = () => Date.now() * 1000 + (pushCounter++ % 1000)

/**
 * Starts a local WalletConnect relay on 127.0.0.1.
 *
 * @example
 * const relay = await startRelay()
 * const dapp = await SignClient.init({ projectId: 'test', relayUrl: relay.url })
 * // … pair a wallet on the same relay.url …
 * await relay.stop()
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<RelayInstance> {
  const now = options.now ?? Date.now
  const pingIntervalMs = options.pingIntervalMs ?? 15_000
  const maxTtl = options.maxTtlSeconds ?? 30 * 24 * 3600
  const log = options.log
  const mailboxes = new Map<string, StoredMessage[]>()
  const subscribers = new Map<string, Set<Client>>()
  const clients = new Set<Client>()
  const pending = new Map<number, { client: Client; message: StoredMessage }>()
  const counters = {
    connectionsTotal: 0,
    published: 0,
    delivered: 0,
    requests: {} as Record<string, number>,
  }
  let server: WebSocketServer | undefined
  let pinger: ReturnType<typeof setInterval> | undefined
  let anonymous = 0

  const live = (topic: string): StoredMessage[] => {
    const box = mailboxes.get(topic)
    if (!box) return []
    const time = now()
    const kept = box.filter((m) => m.expiresAt > time)
    if (kept.length === 0) mailboxes.delete(topic)
    else if (kept.length !== box.length) mailboxes.set(topic, kept)
    return kept
  }

  const send = (client: Client, text: string) => {
    log?.(`→ ${text}`)
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text)
  }

  const push = (client: Client, message: StoredMessage) => {
    if (message.from === client.id || message.acked.has(client.id)) return
    const id = pushId()
    pending.set(id, { client, message })
    counters.delivered++
    send(
      client,
      JSON.stringify({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subscriptionId(message.topic, client),
          data: {
            topic: message.topic,
            message: message.message,
            publishedAt: message.publishedAt,
            tag: message.tag,
            ...(message.attestation ? { attestation: message.attestation } : {}),
          },
        },
      }),
    )
  }

  const subscriptionId = (topic: string, client: Client) =>
    createHash('sha256').update(`${topic}${client.id}`).digest('hex')

  const subscribe = (client: Client, topic: string) => {
    client.topics.add(topic)
    let set = subscribers.get(topic)
    if (!set) {
      set = new Set()
      subscribers.set(topic, set)
    }
    set.add(client)
    return subscriptionId(topic, client)
  }

  const unsubscribe = (client: Client, topic: string) => {
    client.topics.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set?.size === 0) subscribers.delete(topic)
  }

  // Deliveries go out after the response to the request that caused them.
  const deliverStored = (client: Client, topics: readonly string[]) => () => {
    for (const topic of topics) for (const message of live(topic)) push(client, message)
  }

  const publish = (
    from: Client,
    topic: string,
    message: string,
    params: { ttl?: unknown; tag?: unknown; attestation?: unknown },
    fallbackTag = 0,
  ) => {
    const ttl = typeof params.ttl === 'number' && params.ttl > 0 ? params.ttl : DEFAULT_TTL_SECONDS
    if (ttl > maxTtl) {
      throw new RpcError({ ...RPC_ERRORS.invalidParams, message: `TTL above ${maxTtl} s` })
    }
    const stored: StoredMessage = {
      topic,
      message,
      publishedAt: now(),
      expiresAt: now() + ttl * 1000,
      tag: typeof params.tag === 'number' ? params.tag : fallbackTag,
      ...(typeof params.attestation === 'string' ? { attestation: params.attestation } : {}),
      from: from.id,
      acked: new Set(),
    }
    const box = live(topic)
    box.push(stored)
    mailboxes.set(topic, box)
    counters.published++
    return () => {
      for (const client of subscribers.get(topic) ?? []) push(client, stored)
    }
  }

  const handle = (
    client: Client,
    request: JsonRpcRequest,
  ): { result: unknown; after?: () => void } => {
    const { method } = request
    counters.requests[method] = (counters.requests[method] ?? 0) + 1
    switch (method) {
      case 'irn_subscribe': {
        const topic = requireString(requireParams(request.params), 'topic')
        return { result: subscribe(client, topic), after: deliverStored(client, [topic]) }
      }
      case 'irn_batchSubscribe': {
        const { topics } = requireParams(request.params)
        if (!Array.isArray(topics) || !topics.every((t) => typeof t === 'string' && t)) {
          throw new RpcError(RPC_ERRORS.invalidParams)
        }
        const ids = topics.map((topic: string) => subscribe(client, topic))
        return { result: ids, after: deliverStored(client, topics) }
      }
      case 'irn_unsubscribe': {
        unsubscribe(client, requireString(requireParams(request.params), 'topic'))
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const { subscriptions } = requireParams(request.params)
        if (!Array.isArray(subscriptions)) throw new RpcError(RPC_ERRORS.invalidParams)
        for (const s of subscriptions)
          if (isRecord(s)) unsubscribe(client, requireString(s, 'topic'))
        return { result: true }
      }
      case 'irn_publish': {
        const params = requireParams(request.params)
        const after = publish(
          client,
          requireString(params, 'topic'),
          requireString(params, 'message'),
          params,
        )
        return { result: true, after }
      }
      case 'irn_batchFetchMessages': {
        const { topics } = requireParams(request.params)
        if (!Array.isArray(topics)) throw new RpcError(RPC_ERRORS.invalidParams)
        const messages = topics.flatMap((topic) =>
          typeof topic === 'string'
            ? live(topic)
                .filter((m) => m.from !== client.id)
                .map((m) => ({
                  topic: m.topic,
                  message: m.message,
                  publishedAt: m.publishedAt,
                  tag: m.tag,
                }))
            : [],
        )
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        // The dapp never subscribes to the pairing topic itself in this flow: the relay does.
        const params = requireParams(request.params)
        const pairingTopic = requireString(params, 'pairingTopic')
        const proposal = requireString(params, 'sessionProposal')
        subscribe(client, pairingTopic)
        const after = publish(client, pairingTopic, proposal, {
          ...params,
          tag: TAG_SESSION_PROPOSE,
        })
        return { result: true, after }
      }
      case 'wc_approveSession': {
        // Likewise the wallet is subscribed to the new session topic here.
        const params = requireParams(request.params)
        const sessionTopic = requireString(params, 'sessionTopic')
        const pairingTopic = requireString(params, 'pairingTopic')
        const response = requireString(params, 'sessionProposalResponse')
        const settle = requireString(params, 'sessionSettlementRequest')
        subscribe(client, sessionTopic)
        const first = publish(client, pairingTopic, response, {
          ...params,
          tag: TAG_SESSION_PROPOSE_RESPONSE,
        })
        const second = publish(client, sessionTopic, settle, {
          ...params,
          tag: TAG_SESSION_SETTLE,
        })
        return {
          result: true,
          after: () => {
            first()
            second()
          },
        }
      }
      default:
        throw new RpcError(RPC_ERRORS.methodNotFound)
    }
  }

  const onFrame = (client: Client, text: string) => {
    log?.(`← ${text}`)
    let frame: unknown
    try {
      frame = JSON.parse(text)
    } catch {
      send(client, JSON.stringify({ id: null, jsonrpc: '2.0', error: RPC_ERRORS.parse }))
      return
    }
    if (!isRecord(frame)) return
    // An acknowledgement of one of our pushes.
    if (frame.method === undefined && typeof frame.id === 'number') {
      const delivery = pending.get(frame.id)
      if (delivery && delivery.client === client && frame.result === true) {
        pending.delete(frame.id)
        delivery.message.acked.add(client.id)
      }
      return
    }
    if (typeof frame.method !== 'string' || frame.id === undefined || frame.id === null) {
      const id = frame.id === undefined ? null : frame.id
      send(client, JSON.stringify({ id, jsonrpc: '2.0', error: RPC_ERRORS.invalidRequest }))
      return
    }
    const id = rawId(text, frame.id)
    const numeric = typeof frame.id === 'number'
    try {
      const { result, after } = handle(client, {
        id,
        method: frame.method,
        params: frame.params,
      })
      send(client, encodeResponse(id, { result }, numeric))
      after?.()
    } catch (thrown) {
      const error =
        thrown instanceof RpcError ? thrown.error : { code: -32603, message: String(thrown) }
      send(client, encodeResponse(id, { error }, numeric))
    }
  }

  const onConnection = (socket: WebSocket, request: IncomingMessage) => {
    counters.connectionsTotal++
    const client: Client = {
      socket,
      id: clientIdFrom(request) ?? `anonymous-${++anonymous}`,
      topics: new Set(),
      alive: true,
    }
    clients.add(client)
    socket.on('pong', () => {
      client.alive = true
    })
    socket.on('message', (data) => onFrame(client, data.toString()))
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      clients.delete(client)
      for (const topic of [...client.topics]) unsubscribe(client, topic)
      for (const [id, delivery] of pending) if (delivery.client === client) pending.delete(id)
    })
  }

  const listen = (port: number) =>
    new Promise<WebSocketServer>((resolve, reject) => {
      const wss = new WebSocketServer({ host: '127.0.0.1', port })
      wss.once('error', reject)
      wss.once('listening', () => {
        wss.off('error', reject)
        wss.on('connection', onConnection)
        resolve(wss)
      })
    })

  const startPings = () => {
    pinger = setInterval(() => {
      for (const client of clients) {
        if (!client.alive) {
          client.socket.terminate()
          continue
        }
        client.alive = false
        client.socket.ping()
      }
      // Sweep expired messages of topics nobody asks about any more.
      for (const topic of [...mailboxes.keys()]) live(topic)
    }, pingIntervalMs)
    pinger.unref()
  }

  const close = async () => {
    clearInterval(pinger)
    pinger = undefined
    for (const client of clients) client.socket.terminate()
    const wss = server
    server = undefined
    if (wss) await new Promise<void>((resolve) => wss.close(() => resolve()))
  }

  server = await listen(options.port ?? 0)
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  startPings()

  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    stats: {
      get connections() {
        return clients.size
      },
      get connectionsTotal() {
        return counters.connectionsTotal
      },
      get published() {
        return counters.published
      },
      get delivered() {
        return counters.delivered
      },
      get stored() {
        let count = 0
        for (const topic of [...mailboxes.keys()]) count += live(topic).length
        return count
      },
      get requests() {
        return { ...counters.requests }
      },
    },
    async restart({ downMs = 0, keepMessages = true } = {}) {
      await close()
      if (!keepMessages) mailboxes.clear()
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs))
      server = await listen(port)
      startPings()
    },
    stop: close,
  }
}
