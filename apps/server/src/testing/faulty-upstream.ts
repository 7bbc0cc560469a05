// A loopback JSON-RPC upstream that misbehaves on cue: statuses, garbage, slowness, reordering.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the upstream does with one request: `echo` answers every JSON-RPC request with
 * `result: "<method>"` under its id; `reverse` does the same with batch answers reversed.
 */
export type Step =
  | 'echo'
  | 'reverse'
  | { status: number }
  | { body: string; status?: number }
  | { delayMs: number; next: Step }

export interface FaultyUpstream {
  url: string
  port: number
  /** Requests received so far. */
  readonly hits: number
  /** Parsed bodies received, in order. */
  readonly bodies: unknown[]
  close(): Promise<void>
}

function echo(body: unknown, reverse: boolean): unknown {
  const answer = (request: { id?: unknown; method?: unknown }) => ({
    jsonrpc: '2.0',
    id: request.id ?? null,
    result: request.method,
  })
  if (!Array.isArray(body)) return answer(body as { id?: unknown; method?: unknown })
  const answers = body.map(answer)
  return reverse ? answers.reverse() : answers
}

/**
 * Starts the upstream; `steps` are used one per request, then `fallback` for the rest.
 *
 * @example
 * const upstream = await startFaultyUpstream([{ status: 429 }, { status: 429 }], 'echo')
 */
export function startFaultyUpstream(
  steps: readonly Step[] = [],
  fallback: Step = 'echo',
): Promise<FaultyUpstream> {
  const queue = [...steps]
  const bodies: unknown[] = []
  let hits = 0
  const respond = (step: Step, body: unknown, res: ServerResponse) => {
    if (step === 'echo' || step === 'reverse') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(echo(body, step === 'reverse')))
    } else if ('delayMs' in step) {
      const timer = setTimeout(() => respond(step.next, body, res), step.delayMs)
      res.on('close', () => clearTimeout(timer))
    } else if ('body' in step) {
      res.writeHead(step.status ?? 200, { 'content-type': 'application/json' })
      res.end(step.body)
    } else {
      res.writeHead(step.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: `status ${step.status}` }))
    }
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    hits++
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
      bodies.push(body)
      respond(queue.shift() ?? fallback, body, res)
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        get hits() {
          return hits
        },
        bodies,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
