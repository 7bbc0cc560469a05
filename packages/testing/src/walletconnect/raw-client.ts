// A relay client by hand: the WebSocket frames sign-client's transport sends and reads, for
// tests that need to see (or withhold) each frame, such as acknowledgements and mailboxes.
import { WebSocket } from 'ws'

/** A JSON-RPC frame of the relay protocol, as a raw client sees it. */
export interface RelayFrame {
  id: number | string
  method?: string
  params?: {
    id?: string
    data?: { topic: string; message: string; publishedAt: number; tag: number }
  }
  result?: unknown
  error?: { code: number; message: string }
}

export interface RawRelayClientOptions {
  /** Acknowledge each `irn_subscription` push, as sign-client does (default true). */
  ack?: boolean
  /** How long `until` and `call` wait by default (default 5000 ms). */
  timeoutMs?: number
}

export interface RawRelayClient {
  socket: WebSocket
  /** Every frame received so far, in order. */
  frames: RelayFrame[]
  /** The `irn_subscription` pushes received so far. */
  pushes(): RelayFrame[]
  /** The first frame, received or to come, that `match` accepts. */
  until(match: (frame: RelayFrame) => boolean, ms?: number): Promise<RelayFrame>
  /** Sends a request and resolves with its answer (a result or an error frame). */
  call(method: string, params: unknown): Promise<RelayFrame>
  close(): void
}

/**
 * Connects to the relay at `url` as the client `iss` (an unsigned auth token: the local relay
 * reads the issuer only).
 *
 * @example
 * const dapp = await connectRawRelayClient(relay.url, 'did:key:dapp')
 * await dapp.call('irn_subscribe', { topic })
 */
export async function connectRawRelayClient(
  url: string,
  iss: string,
  options: RawRelayClientOptions = {},
): Promise<RawRelayClient> {
  const claims = Buffer.from(JSON.stringify({ iss })).toString('base64url')
  const socket = new WebSocket(`${url}/?auth=e30.${claims}.sig&projectId=test`)
  const frames: RelayFrame[] = []
  const waiters = new Set<() => void>()
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as RelayFrame
    frames.push(frame)
    if (frame.method === 'irn_subscription' && options.ack !== false) {
      socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
    }
    for (const wake of [...waiters]) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const until = (match: (frame: RelayFrame) => boolean, ms = options.timeoutMs ?? 5_000) =>
    new Promise<RelayFrame>((resolve, reject) => {
      const check = () => {
        const found = frames.find(match)
        if (!found) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve(found)
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error('no matching frame'))
      }, ms)
      waiters.add(check)
      check()
    })
  let nextId = 1
  return {
    socket,
    frames,
    pushes: () => frames.filter((frame) => frame.method === 'irn_subscription'),
    until,
    async call(method, params) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return until((frame) => frame.id === id && frame.method === undefined)
    },
    close: () => socket.close(),
  }
}
