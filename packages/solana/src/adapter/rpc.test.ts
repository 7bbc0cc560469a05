// The Solana read client against loopback HTTP servers: the fallback over every RPC URL, the
// spec's retries on transient statuses, and the node's own errors (final).
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { rpcCall, SolanaRpcError } from './rpc.js'

/** A server answering each request with `answer(n)` (n counts from 0); requests' times kept. */
function node(answer: (n: number) => { status: number; body?: unknown }) {
  const times: number[] = []
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const { status, body } = answer(times.length)
      times.push(performance.now())
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body ?? {}))
    })
  })
  return { server, times, url: '' }
}

const ok = (result: unknown) => ({ status: 200, body: { jsonrpc: '2.0', id: 1, result } })
const healthy = node(() => ok({ context: { slot: 1 }, value: 42 }))
const limited = node((n) => (n < 2 ? { status: 429 } : ok({ context: { slot: 1 }, value: 7 })))
const failing = node(() => ({ status: 503 }))
const refusing = node(() => ({
  status: 200,
  body: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid param' } },
}))
const nodes = [healthy, limited, failing, refusing]
let dead = ''

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )

before(async () => {
  for (const n of nodes) n.url = await listen(n.server)
  // A port nothing listens on any more: connections are refused.
  const closed = createServer()
  dead = await listen(closed)
  await new Promise((resolve) => closed.close(resolve))
})
after(() => {
  for (const n of nodes) n.server.close()
})

test('the first URL dead: the second answers at once', async () => {
  const started = performance.now()
  const answer = await rpcCall<{ value: number }>([dead, healthy.url], 'getBalance', ['x'])
  assert.equal(answer.value, 42)
  // Well within the spec's 10 s timeout: a refused connection moves on without retries.
  assert.ok(performance.now() - started < 2_000, `${performance.now() - started} ms`)
})

test('a 429 is retried 150 ms, then 300 ms later', async () => {
  const answer = await rpcCall<{ value: number }>([limited.url], 'getBalance', ['x'])
  assert.equal(answer.value, 7)
  const [first = 0, second = 0, third = 0] = limited.times
  assert.equal(limited.times.length, 3)
  assert.ok(second - first >= 145, `first retry after ${second - first} ms`)
  assert.ok(third - second >= 295, `second retry after ${third - second} ms`)
})

test('a node still failing after its retries hands over to the next URL', async () => {
  const answer = await rpcCall<{ value: number }>([failing.url, healthy.url], 'getBalance', ['x'])
  assert.equal(answer.value, 42)
  assert.equal(failing.times.length, 4, 'the request and 3 retries')
})

test("a node's own JSON-RPC error is final; no URL at all is a clear error", async () => {
  const before = healthy.times.length
  await assert.rejects(
    rpcCall([refusing.url, healthy.url], 'getBalance', ['x']),
    (error: unknown) => error instanceof SolanaRpcError && error.rpcCode === -32602,
  )
  assert.equal(healthy.times.length, before, 'the next node is not asked')
  await assert.rejects(rpcCall([], 'getBalance', []), /NO_TRANSPORT_URL|transport/i)
})
