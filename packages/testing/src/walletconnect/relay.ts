// A local WalletConnect relay: the JSON-RPC-over-WebSocket protocol `@walletconnect/sign-client`
// 2.25 speaks to `wss://relay.walletconnect.org`, served on a loopback port. It is a protocol
// peer (mailbox, TTLs, subscriptions, pings), not a mock of one client: any sign-client, dapp or
// wallet, in Node or a browser, pairs through it. The `auth` JWT is read for the client's id
// only, never verified. Messages live in a `RelayStore`: in memory by default, or a shared one
// (the production relay, `@openmodal/relay`, plugs in Redis) so that N instances serve one set of
// topics, each fanning publishes out to the sockets it holds.
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type WebSocket, WebSocketServer } from 'ws'

/** A message as the relay keeps it until its TTL ends. */
export interface RelayMessage {
  /** Unique per publish (acknowledgements refer to it). */
  id: string
  topic: string
  message: string
  publishedAt: number
  expiresAt: number
  tag: number
  attestation?: string
  /** The client that published it: never delivered back to it. */
  from: string
}

/** A stored message with the clients that acknowledged it (not delivered to them again). */
export interface StoredRelayMessage extends RelayMessage {
  acked: ReadonlySet<string>
}

/**
 * Where messages live and how a publish reaches the other instances. The default keeps them in
 * this process; a shared store (Redis in `@openmodal/relay`) lets N instances serve one relay.
 */
export interface RelayStore {
  /** Keeps `message` until its `expiresAt`. */
  add(message: RelayMessage): Promise<void>
  /** The unexpired messages of `topic`, oldest first. */
  live(topic: string): Promise<StoredRelayMessage[]>
  /** Records that `clientId` acknowledged `message`. */
  ack(message: RelayMessage, clientId: string): Promise<void>
  /** Tells the other instances about a new message (a no-op for a single instance). */
  broadcast(message: RelayMessage): Promise<void>
  /** Registers the handler for messages other instances broadcast. */
  onBroadcast(handler: (message: RelayMessage) => void): void
  /** Messages stored now, when the store can tell cheaply (in memory); else `undefined`. */
  count(): number | undefined
  /** Drops expired messages (called on every ping round). */
  sweep(): Promise<void>
  /** Forgets every message (`restart({ keepMessages: false })`). */
  clear(): Promise<void>
}

export interface StartRelayOptions {
  /** Default: a free port. */
  port?: number
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string
  /** Where messages live. Default: in this process (`memoryRelayStore`). */
  store?: RelayStore
  /** `GET /ready` answers 200 while this returns true, else 503. Default: always ready. */
  ready?: () => boolean
  /**
   * Other HTTP routes on the relay's port (e.g. `/metrics`): return true when it answered the
   * request. Called for every plain HTTP request but `/health` and `/ready`.
   */
  http?: (request: IncomingMessage, response: ServerResponse) => boolean
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
  /** Topics with at least one subscriber on this instance. */
  readonly topics: number
  /** Sockets accepted since start (reconnects count again). */
  readonly connectionsTotal: number
  /** Messages stored (publishes, and the parts of wc_proposeSession / wc_approveSession). */
  readonly published: number
  /** `irn_subscription` pushes sent. */
  readonly delivered: number
  /** Messages in mailboxes now (TTL not yet expired); `NaN` when the store cannot tell. */
  readonly stored: number
  /** Requests received, by method. */
  readonly requests: Readonly<Record<string, number>>
}

export interface RelayInstance {
  /** `ws://<host>:<port>`: give it to both sign-clients as `relayUrl`. */
  readonly url: string
  readonly port: number
  readonly stats: RelayStats
  /**
   * Drops every socket and stops listening for `downMs` (default 0), then listens again on the
   * same port, as a relay that crashed and came back. Mailboxes survive unless
   * `keepMessages: false` (the public relay persists messages); subscriptions do not.
   */
  restart(options?: { downMs?: number; keepMessages?: boolean }): Promise<void>
  /**
   * Stops listening and closes every socket. With `drainMs`, first finishes the frames already
   * received (up to that long) and closes sockets with 1001 (going away) so clients reconnect.
   */
  stop(options?: { drainMs?: number }): Promise<void>
}

interface Client {
  socket: WebSocket
  /** The did:key of the client (the JWT `iss`), stable across its reconnects. */
  id: string
  topics: Set<string>
  alive: boolean
  /** The frames of one socket are handled in order, one at a time. */
  queue: Promise<void>
}

/** The in-process store: one relay, messages lost when the process ends. */
export function memoryRelayStore(now: () => number = Date.now): RelayStore {
  const mailboxes = new Map<string, (RelayMessage & { acked: Set<string> })[]>()
  const live = (topic: string) => {
    const box = mailboxes.get(topic)
    if (!box) return []
    const time = now()
    const kept = box.filter((m) => m.expiresAt > time)
    if (kept.length === 0) mailboxes.delete(topic)
    else if (kept.length !== box.length) mailboxes.set(topic, kept)
    return kept
  }
  return {
    async add(message) {
      const box = live(message.topic)
      box.push({ ...message, acked: new Set() })
      mailboxes.set(message.topic, box)
    },
    async live(topic) {
      return live(topic)
    },
    async ack(message, clientId) {
      live(message.topic)
        .find((m) => m.id === message.id)
        ?.acked.add(clientId)
    },
    async broadcast() {},
    onBroadcast() {},
    count() {
      let count = 0
      for (const topic of [...mailboxes.keys()]) count += live(topic).length
      return count
    },
    async sweep() {
      for (const topic of [...mailboxes.keys()]) live(topic)
    },
    async clear() {
      mailboxes.clear()
    },
  }
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
 * Starts a local WalletConnect relay, on 127.0.0.1 unless `host` says otherwise. On the same port
 * it answers `GET /health` (alive: 200 `{"status":"ok"}`) and `GET /ready` (200, or 503 while
 * `ready()` is false).
 *
 * @example
 * const relay = await startRelay()
 * const dapp = await SignClient.init({ projectId: 'test', relayUrl: relay.url })
 * // … pair a wallet on the same relay.url …
 * await relay.stop()
 */
export async function startRelay(options: StartRelayOptions = {}): Promise<RelayInstance> {
  const now = options.now ?? Date.now
  const host = options.host ?? '127.0.0.1'
  const pingIntervalMs = options.pingIntervalMs ?? 15_000
  const maxTtl = options.maxTtlSeconds ?? 30 * 24 * 3600
  const log = options.log
  const store = options.store ?? memoryRelayStore(now)
  const subscribers = new Map<string, Set<Client>>()
  const clients = new Set<Client>()
  const pending = new Map<number, { client: Client; message: RelayMessage }>()
  const counters = {
    connectionsTotal: 0,
    published: 0,
    delivered: 0,
    requests: {} as Record<string, number>,
  }
  let server: Server | undefined
  let wss: WebSocketServer | undefined
  let pinger: ReturnType<typeof setInterval> | undefined
  let anonymous = 0

  const send = (client: Client, text: string) => {
    log?.(`→ ${text}`)
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(text)
  }

  const push = (client: Client, message: RelayMessage, acked?: ReadonlySet<string>) => {
    if (message.from === client.id || acked?.has(client.id)) return
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

  const fanOut = (message: RelayMessage) => {
    for (const client of subscribers.get(message.topic) ?? []) push(client, message)
  }
  // Publishes on other instances reach the sockets this one holds.
  store.onBroadcast(fanOut)

  // Deliveries go out after the response to the request that caused them.
  const deliverStored = (client: Client, topics: readonly string[]) => async () => {
    for (const topic of topics) {
      for (const message of await store.live(topic)) push(client, message, message.acked)
    }
  }

  const publish = async (
    from: Client,
    topic: string,
    text: string,
    params: { ttl?: unknown; tag?: unknown; attestation?: unknown },
    fallbackTag = 0,
  ) => {
    const ttl = typeof params.ttl === 'number' && params.ttl > 0 ? params.ttl : DEFAULT_TTL_SECONDS
    if (ttl > maxTtl) {
      throw new RpcError({ ...RPC_ERRORS.invalidParams, message: `TTL above ${maxTtl} s` })
    }
    const message: RelayMessage = {
      id: randomUUID(),
      topic,
      message: text,
      publishedAt: now(),
      expiresAt: now() + ttl * 1000,
      tag: typeof params.tag === 'number' ? params.tag : fallbackTag,
      ...(typeof params.attestation === 'string' ? { attestation: params.attestation } : {}),
      from: from.id,
    }
    // Stored before the publisher hears `true`: an acknowledged publish is never lost.
    await store.add(message)
    counters.published++
    return async () => {
      fanOut(message)
      await store.broadcast(message)
    }
  }

  const handle = async (
    client: Client,
    request: JsonRpcRequest,
  ): Promise<{ result: unknown; after?: () => Promise<void> }> => {
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
        const after = await publish(
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
        const messages = []
        for (const topic of topics) {
          if (typeof topic !== 'string') continue
          for (const m of await store.live(topic)) {
            if (m.from === client.id) continue
            messages.push({
              topic: m.topic,
              message: m.message,
              publishedAt: m.publishedAt,
              tag: m.tag,
            })
          }
        }
        return { result: { messages, hasMore: false } }
      }
      case 'wc_proposeSession': {
        // The dapp never subscribes to the pairing topic itself in this flow: the relay does.
        const params = requireParams(request.params)
        const pairingTopic = requireString(params, 'pairingTopic')
        const proposal = requireString(params, 'sessionProposal')
        subscribe(client, pairingTopic)
        const after = await publish(client, pairingTopic, proposal, {
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
        const first = await publish(client, pairingTopic, response, {
          ...params,
          tag: TAG_SESSION_PROPOSE_RESPONSE,
        })
        const second = await publish(client, sessionTopic, settle, {
          ...params,
          tag: TAG_SESSION_SETTLE,
        })
        return {
          result: true,
          after: async () => {
            await first()
            await second()
          },
        }
      }
      default:
        throw new RpcError(RPC_ERRORS.methodNotFound)
    }
  }

  const onFrame = async (client: Client, text: string) => {
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
        await store.ack(delivery.message, client.id)
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
    let after: (() => Promise<void>) | undefined
    try {
      const handled = await handle(client, { id, method: frame.method, params: frame.params })
      after = handled.after
      send(client, encodeResponse(id, { result: handled.result }, numeric))
    } catch (thrown) {
      // A store that failed (Redis unreachable) is an internal error the client retries.
      const error =
        thrown instanceof RpcError ? thrown.error : { code: -32603, message: 'Internal error' }
      if (!(thrown instanceof RpcError)) log?.(`! ${String(thrown)}`)
      send(client, encodeResponse(id, { error }, numeric))
    }
    await after?.()
  }

  const onConnection = (socket: WebSocket, request: IncomingMessage) => {
    counters.connectionsTotal++
    const client: Client = {
      socket,
      id: clientIdFrom(request) ?? `anonymous-${++anonymous}`,
      topics: new Set(),
      alive: true,
      queue: Promise.resolve(),
    }
    clients.add(client)
    socket.on('pong', () => {
      client.alive = true
    })
    socket.on('message', (data) => {
      const text = data.toString()
      client.queue = client.queue
        .then(() => onFrame(client, text))
        .catch((error: unknown) => log?.(`! ${String(error)}`))
    })
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      clients.delete(client)
      for (const topic of [...client.topics]) unsubscribe(client, topic)
      for (const [id, delivery] of pending) if (delivery.client === client) pending.delete(id)
    })
  }

  const listen = (port: number) =>
    new Promise<{ http: Server; ws: WebSocketServer }>((resolve, reject) => {
      const http = createServer((request, response) => {
        const path = request.url?.split('?')[0]
        if (request.method === 'GET' && (path === '/health' || path === '/ready')) {
          const ok = path === '/health' || (options.ready?.() ?? true)
          response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' })
          response.end(ok ? '{"status":"ok"}' : '{"status":"unavailable"}')
          return
        }
        if (options.http?.(request, response)) return
        response.writeHead(426, { 'content-type': 'text/plain' })
        response.end('WebSocket only (and GET /health, /ready)')
      })
      const ws = new WebSocketServer({ server: http })
      ws.on('connection', onConnection)
      http.once('error', reject)
      http.listen(port, host, () => {
        http.off('error', reject)
        resolve({ http, ws })
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
      store.sweep().catch((error: unknown) => log?.(`! ${String(error)}`))
    }, pingIntervalMs)
    pinger.unref()
  }

  const close = async (drainMs = 0) => {
    clearInterval(pinger)
    pinger = undefined
    const [http, ws] = [server, wss]
    server = undefined
    wss = undefined
    // Stop accepting; finish the frames already received (bounded), then close the sockets.
    const closed = http ? new Promise<void>((resolve) => http.close(() => resolve())) : undefined
    if (drainMs > 0) {
      const drained = Promise.all([...clients].map((client) => client.queue))
      await Promise.race([drained, new Promise((r) => setTimeout(r, drainMs).unref())])
      for (const client of clients) client.socket.close(1001, 'relay shutting down')
      await new Promise((r) => setTimeout(r, 50))
    }
    for (const client of clients) client.socket.terminate()
    ws?.close()
    await closed
  }

  ;({ http: server, ws: wss } = await listen(options.port ?? 0))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  startPings()

  return {
    url: `ws://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    stats: {
      get connections() {
        return clients.size
      },
      get topics() {
        return subscribers.size
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
        return store.count() ?? Number.NaN
      },
      get requests() {
        return { ...counters.requests }
      },
    },
    async restart({ downMs = 0, keepMessages = true } = {}) {
      await close()
      if (!keepMessages) await store.clear()
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs))
      ;({ http: server, ws: wss } = await listen(port))
      startPings()
    },
    stop: ({ drainMs } = {}) => close(drainMs),
  }
}
