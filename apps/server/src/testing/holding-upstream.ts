// A JSON-RPC pass-through to a real node (anvil) that can keep its answers back: the request
// runs on the node (a call is made, a transaction is mined) while the instance that asked
// waits, as on a slow chain. The fault tests kill an instance in that moment.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HoldingUpstream {
  url: string
  /** From now on, answers to `methods` wait until `release()`; the node runs them at once. */
  hold(methods: readonly string[]): void
  /** The methods whose answers are held, in arrival order. */
  held(): string[]
  /** Sends every held answer (to whoever still listens) and stops holding. */
  release(): void
  close(): Promise<void>
}

/**
 * Starts the pass-through on a free loopback port in front of `target`.
 *
 * @example
 * const upstream = await startHoldingUpstream(anvil.rpcUrl)
 * upstream.hold(['eth_sendRawTransaction'])
 */
export async function startHoldingUpstream(target: string): Promise<HoldingUpstream> {
  let holding: readonly string[] = []
  const held: { method: string; answer: () => void }[] = []
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = ''
    request.on('data', (chunk) => {
      body += String(chunk)
    })
    request.on('end', async () => {
      const upstream = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).catch(() => undefined)
      const text = upstream ? await upstream.text() : ''
      const answer = () => {
        if (response.destroyed) return
        response.statusCode = upstream ? upstream.status : 502
        response.setHeader('content-type', 'application/json')
        response.end(text)
      }
      let method: unknown
      try {
        method = (JSON.parse(body) as { method?: unknown }).method
      } catch {}
      if (typeof method === 'string' && holding.includes(method)) {
        held.push({ method, answer })
      } else {
        answer()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hold(methods) {
      holding = methods
    },
    held: () => held.map((entry) => entry.method),
    release() {
      holding = []
      for (const entry of held.splice(0)) entry.answer()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
