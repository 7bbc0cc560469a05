import assert from 'node:assert/strict'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, test } from 'node:test'
import { REQUEST_RETRY, retryDelayMs, retryRequest } from './retry.js'

// A real HTTP server on loopback whose answers each test scripts, one per request.
type Answer = (request: IncomingMessage, response: ServerResponse) => void
let script: Answer[] = []
let requests = 0
const server = createServer((request, response) => {
  requests++
  const answer = script.shift() ?? ((_, res) => res.writeHead(200).end('{"ok":true}'))
  answer(request, response)
})
let url = ''
before(async () => {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/x`
})
after(() => server.close())

const shed =
  (retryAfter?: string): Answer =>
  (_, res) =>
    res.writeHead(503, retryAfter ? { 'retry-after': retryAfter } : {}).end('{"code":"BUSY"}')
const drop: Answer = (req) => req.socket.destroy()

/** Runs retryRequest with its waits recorded instead of slept. */
async function run(answers: Answer[], { idempotent = true } = {}) {
  script = [...answers]
  requests = 0
  const waited: number[] = []
  const wait = async (ms: number) => void waited.push(ms)
  const response = await retryRequest(() => fetch(url, { method: 'POST', body: '{}' }), {
    wait,
    idempotent,
  })
  return { response, waited, requests }
}

test('a shed request is sent again after Retry-After, then answers', async () => {
  const { response, waited, requests } = await run([shed('2'), shed('2')])
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), { ok: true })
  assert.deepEqual(waited, [2_000, 2_000])
  assert.equal(requests, 3)
})

test('without Retry-After the wait doubles from 1 s; the last 503 is returned', async () => {
  const { response, waited, requests } = await run([shed(), shed(), shed(), shed()])
  assert.equal(response.status, 503)
  assert.deepEqual(await response.json(), { code: 'BUSY' })
  assert.deepEqual(waited, [1_000, 2_000, 4_000])
  assert.equal(requests, 1 + REQUEST_RETRY.retries)
})

test('a dropped connection is retried; after the last retry its error is thrown', async () => {
  const recovered = await run([drop])
  assert.equal(recovered.response.status, 200)
  assert.deepEqual(recovered.waited, [1_000])
  await assert.rejects(run([drop, drop, drop, drop]), TypeError)
  assert.equal(requests, 4)
})

test('a request that must not run twice is sent again only after a 503', async () => {
  const shedFirst = await run([shed('2')], { idempotent: false })
  assert.equal(shedFirst.response.status, 200)
  assert.deepEqual(shedFirst.waited, [2_000])
  await assert.rejects(run([drop], { idempotent: false }), TypeError)
  assert.equal(requests, 1)
})

test('an answer that says no is returned at once', async () => {
  // 502: the server's own "the mail could not be sent" (MAIL_FAILED), which a retry won't mend.
  for (const status of [400, 401, 409, 429, 500, 502, 504]) {
    const { response, waited, requests } = await run([(_, res) => res.writeHead(status).end()])
    assert.equal(response.status, status)
    assert.deepEqual(waited, [])
    assert.equal(requests, 1)
  }
})

test('an abort while waiting ends it with the reason, and nothing more is sent', async () => {
  script = [shed('5')]
  requests = 0
  const controller = new AbortController()
  const pending = retryRequest(() => fetch(url), { signal: controller.signal })
  while (requests === 0) await new Promise((resolve) => setTimeout(resolve, 10))
  controller.abort(new Error('closed'))
  await assert.rejects(pending, /closed/)
  assert.equal(requests, 1)
})

test('retryDelayMs: the longer of backoff and Retry-After, at most 30 s', () => {
  assert.equal(retryDelayMs(1), 1_000)
  assert.equal(retryDelayMs(3), 4_000)
  assert.equal(retryDelayMs(3, '2'), 4_000)
  assert.equal(retryDelayMs(1, '2'), 2_000)
  assert.equal(retryDelayMs(1, '120'), 30_000)
  assert.equal(retryDelayMs(9), 30_000)
  assert.equal(retryDelayMs(1, 'Wed, 21 Oct 2015 07:28:00 GMT'), 1_000)
})
