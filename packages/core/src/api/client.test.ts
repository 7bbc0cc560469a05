import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { ApiRequestError, createApiClient } from './client.js'

interface Seen {
  method: string
  url: string
  body: string
  contentType: string | undefined
}

// A real HTTP server on loopback: each route answers the way our server does.
const seen: Seen[] = []
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = ''
  req.on('data', (chunk) => {
    body += chunk
  })
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      body,
      contentType: req.headers['content-type'],
    })
    const path = new URL(req.url ?? '/', 'http://x').pathname
    if (path === '/v1/echo') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ method: req.method, body: body ? JSON.parse(body) : null }))
    } else if (path === '/v1/forbidden') {
      res.writeHead(403, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: 'INVALID_APP_CONFIGURATION', message: 'Origin not allowed' }))
    } else if (path === '/v1/limited') {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' })
      res.end(JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many requests' }))
    } else if (path === '/v1/crash') {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad gateway</h1>')
    } else if (path === '/v1/garbage') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{not json')
    } else if (path === '/v1/image') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' })
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>')
    } else if (path === '/v1/empty') {
      res.writeHead(204)
      res.end()
    } else if (path === '/v1/stalled-body') {
      // The head and half the body at once, the rest never: the body read is what waits.
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"data":')
    } else if (path === '/v1/cut-body') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      res.write('{"data":', () => res.destroy())
    } else if (path === '/v1/slow') {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end('{}')
      }, 500)
    } else {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ code: 'NOT_FOUND', message: 'No such route' }))
    }
  })
})

let baseUrl = ''
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
after(() => {
  server.closeAllConnections()
  server.close()
})

describe('createApiClient', () => {
  test('appends projectId, clientId and the query, and skips empty values', async () => {
    const api = createApiClient({ baseUrl: `${baseUrl}/`, projectId: 'demo', clientId: 'c1' })
    await api.get('/v1/echo', { query: { page: 2, search: 'rain bow', missing: undefined } })
    const url = new URL(seen.at(-1)?.url ?? '', baseUrl)
    assert.equal(url.pathname, '/v1/echo')
    assert.equal(url.searchParams.get('projectId'), 'demo')
    assert.equal(url.searchParams.get('clientId'), 'c1')
    assert.equal(url.searchParams.get('page'), '2')
    assert.equal(url.searchParams.get('search'), 'rain bow')
    assert.equal(url.searchParams.has('missing'), false)
  })

  test('sends a JSON body with POST, PUT and DELETE', async () => {
    const api = createApiClient({ baseUrl })
    for (const method of ['post', 'put', 'delete'] as const) {
      const answer = await api[method]<{ method: string; body: unknown }>('/v1/echo', {
        body: { a: 1 },
      })
      assert.deepEqual(answer, { method: method.toUpperCase(), body: { a: 1 } })
      assert.equal(seen.at(-1)?.contentType, 'application/json')
    }
  })

  test('a 403 throws "HTTP status code: 403" carrying the server code and message', async () => {
    const api = createApiClient({ baseUrl, projectId: 'demo' })
    const error = await api.get('/v1/forbidden').catch((e: unknown) => e)
    assert.ok(error instanceof ApiRequestError)
    assert.equal(error.shortMessage, 'HTTP status code: 403')
    assert.equal(error.status, 403)
    assert.equal(error.apiCode, 'INVALID_APP_CONFIGURATION')
    assert.equal(error.details, 'Origin not allowed')
  })

  test('a 429 carries Retry-After; a non-JSON error body still gives the status', async () => {
    const api = createApiClient({ baseUrl })
    const limited = await api.get('/v1/limited').catch((e: unknown) => e)
    assert.ok(limited instanceof ApiRequestError)
    assert.equal(limited.apiCode, 'RATE_LIMITED')
    assert.equal(limited.retryAfter, 7)
    const crashed = await api.get('/v1/crash').catch((e: unknown) => e)
    assert.ok(crashed instanceof ApiRequestError)
    assert.equal(crashed.status, 502)
    assert.equal(crashed.apiCode, undefined)
  })

  test('invalid JSON in an ok answer is an error, not undefined', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/v1/garbage')
      .catch((e: unknown) => e)
    assert.ok(error instanceof ApiRequestError)
    assert.match(error.details ?? '', /invalid JSON/)
  })

  test('getBlob returns the body as a Blob; 204 resolves undefined', async () => {
    const api = createApiClient({ baseUrl })
    const blob = await api.getBlob('/v1/image')
    assert.equal(blob.type, 'image/svg+xml')
    assert.match(await blob.text(), /<svg/)
    assert.equal(await api.delete('/v1/empty'), undefined)
  })

  test('a call with no answer in time fails with status 0 and says so', async () => {
    const error = await createApiClient({ baseUrl, timeoutMs: 50 })
      .get('/v1/slow')
      .catch((e: unknown) => e)
    assert.ok(error instanceof ApiRequestError)
    assert.equal(error.status, 0)
    assert.match(error.details ?? '', /no answer within 50 ms/)
  })

  test('a body that stops coming is a timeout, not invalid JSON', async () => {
    const error = await createApiClient({ baseUrl, timeoutMs: 100 })
      .get('/v1/stalled-body')
      .catch((e: unknown) => e)
    assert.ok(error instanceof ApiRequestError)
    assert.equal(error.status, 0)
    assert.match(error.details ?? '', /no answer within 100 ms/)
  })

  test('a connection cut during the body is a failed call, not invalid JSON', async () => {
    const error = await createApiClient({ baseUrl })
      .get('/v1/cut-body')
      .catch((e: unknown) => e)
    assert.ok(error instanceof ApiRequestError)
    assert.equal(error.status, 0)
    assert.equal(error.details, 'GET /v1/cut-body failed')
  })

  test('an unreachable server fails with status 0', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const error = await createApiClient({ baseUrl: `http://127.0.0.1:${port}` })
      .get('/v1/echo')
      .catch((e: unknown) => e)
    assert.ok(error instanceof ApiRequestError)
    assert.equal(error.status, 0)
  })

  test("the caller's abort during the body rejects with the caller's reason", async () => {
    const controller = new AbortController()
    const pending = createApiClient({ baseUrl }).get('/v1/stalled-body', {
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(new Error('gone')), 50)
    await assert.rejects(pending, /gone/)
  })

  test("the caller's abort rejects with the caller's reason", async () => {
    const controller = new AbortController()
    const pending = createApiClient({ baseUrl }).get('/v1/slow', { signal: controller.signal })
    controller.abort(new Error('gone'))
    await assert.rejects(pending, /gone/)
  })
})
