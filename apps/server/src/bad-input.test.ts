// Bad input on every endpoint: a 4xx with a clear message, and nothing written.
import assert from 'node:assert/strict'
import { after, afterEach, before, beforeEach, describe, test } from 'node:test'
import { prepareDatabase } from './bootstrap.js'
import type { Db } from './db/db.js'
import { syncConfig } from './projects/config-file.js'
import type { RunningServer } from './server.js'
import { type FaultyUpstream, startFaultyUpstream } from './testing/faulty-upstream.js'
import { call, countRows, startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'

let db: Db
let server: RunningServer
let upstream: FaultyUpstream
let rowsBefore: Record<string, number>

before(async () => {
  ;[db, upstream] = await Promise.all([openTestPglite(), startFaultyUpstream()])
  await prepareDatabase(db)
  await syncConfig(db, {
    projects: [testProject({ chains: [{ caipNetworkId: 'eip155:1', rpcUrls: [upstream.url] }] })],
  })
  server = await startTestServer(db)
})

after(async () => {
  await Promise.all([server.close(), upstream.close()])
  await db.close()
})

beforeEach(async () => {
  rowsBefore = await countRows(db)
})

afterEach(async () => {
  assert.deepEqual(await countRows(db), rowsBefore, 'a refused request wrote nothing')
})

const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: 'evt-1',
  url: 'https://app.example.com/page',
  domain: 'app.example.com',
  timestamp: Date.UTC(2026, 0, 1),
  props: { type: 'track', event: 'MODAL_OPEN' },
  ...overrides,
})

const post = (path: string, body: string, contentType = 'application/json') =>
  call(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body })

const ANALYTICS = '/e?projectId=test-project&st=appkit&sv=html-wagmi-1.7.10'

describe('analytics ingest', () => {
  test('stores a valid event once, even when sent twice or as text/plain (sendBeacon)', async () => {
    const first = await post(ANALYTICS, JSON.stringify(event()))
    assert.equal(first.status, 202)
    assert.deepEqual(first.body, { accepted: true })
    const again = await post(ANALYTICS, JSON.stringify(event()), 'text/plain;charset=UTF-8')
    assert.equal(again.status, 202)
    const rows = await db.query<{ event: string; sdk_version: string }>(
      'select event, sdk_version from analytics_events',
    )
    assert.deepEqual(rows, [{ event: 'MODAL_OPEN', sdk_version: 'html-wagmi-1.7.10' }])
    await db.query('delete from analytics_events')
  })

  const cases: [string, string, string, number, RegExp][] = [
    [
      'malformed JSON',
      ANALYTICS,
      '{"eventId":',
      400,
      /^Invalid event: the body is not valid JSON$/,
    ],
    [
      'a number for url',
      ANALYTICS,
      JSON.stringify(event({ url: 42 })),
      400,
      /^Invalid event: url: /,
    ],
    [
      'a string timestamp',
      ANALYTICS,
      JSON.stringify(event({ timestamp: 'now' })),
      400,
      /timestamp/,
    ],
    [
      'props without event',
      ANALYTICS,
      JSON.stringify(event({ props: { type: 'track' } })),
      400,
      /props\.event/,
    ],
    ['an unknown field', ANALYTICS, JSON.stringify(event({ extra: true })), 400, /extra/],
    [
      'a body over 64 kB',
      ANALYTICS,
      JSON.stringify(event({ props: { type: 't', event: 'e', stackTrace: 'x'.repeat(70_000) } })),
      413,
      /65536 bytes/,
    ],
    [
      'a missing sdk version',
      '/e?projectId=test-project&st=appkit',
      JSON.stringify(event()),
      400,
      /^Invalid query: sv: /,
    ],
    [
      'an unknown projectId',
      '/e?projectId=nobody&st=a&sv=b',
      JSON.stringify(event()),
      404,
      /nobody/,
    ],
    ['a missing projectId', '/e?st=a&sv=b', JSON.stringify(event()), 400, /projectId is required/],
  ]
  for (const [what, path, body, status, message] of cases) {
    test(`refuses ${what} with ${status}`, async () => {
      const response = await post(path, body)
      assert.equal(response.status, status)
      assert.match(response.body.message, message)
    })
  }
})

describe('RPC proxy input', () => {
  const RPC = '/v1/rpc/test-project/eip155:1'
  const cases: [string, string, number, number, RegExp][] = [
    ['malformed JSON', '{"jsonrpc":', 400, -32700, /^Parse error: the body is not valid JSON$/],
    [
      'jsonrpc 1.0',
      '{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}',
      400,
      -32600,
      /"jsonrpc": "2.0"/,
    ],
    [
      'a numeric method',
      '{"jsonrpc":"2.0","id":1,"method":5}',
      400,
      -32600,
      /"method" to be a string/,
    ],
    ['an object id', '{"jsonrpc":"2.0","id":{},"method":"eth_chainId"}', 400, -32600, /"id"/],
    [
      'string params',
      '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":"x"}',
      400,
      -32600,
      /"params"/,
    ],
    ['an empty batch', '[]', 400, -32600, /empty batch/],
  ]
  for (const [what, body, status, code, message] of cases) {
    test(`refuses ${what} with ${status} and JSON-RPC error ${code}`, async () => {
      const hits = upstream.hits
      const response = await post(RPC, body)
      assert.equal(response.status, status)
      assert.equal(response.body.error.code, code)
      assert.match(response.body.error.message, message)
      assert.equal(upstream.hits, hits)
    })
  }

  test('refuses a body over 2 MiB with 413', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_call',
      params: ['x'.repeat(2_200_000)],
    })
    const response = await post(RPC, huge)
    assert.equal(response.status, 413)
    assert.equal(response.body.error.code, -32600)
    assert.match(response.body.error.message, /exceeds 2097152 bytes/)
  })

  test('answers invalid items of a batch and forwards the valid ones', async () => {
    const response = await post(
      RPC,
      JSON.stringify([{ id: 1 }, { jsonrpc: '2.0', id: 2, method: 'eth_chainId' }]),
    )
    assert.equal(response.status, 200)
    assert.equal(response.body[0].id, 1)
    assert.equal(response.body[0].error.code, -32600)
    assert.equal(response.body[1].result, 'eth_chainId')
  })

  test('refuses an unknown projectId and a malformed one', async () => {
    const unknown = await post('/v1/rpc/nobody/eip155:1', '{}')
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'PROJECT_NOT_FOUND')
    const malformed = await post('/v1/rpc/a%20b/eip155:1', '{}')
    assert.equal(malformed.status, 400)
    assert.match(malformed.body.message, /^Invalid projectId: /)
  })
})

describe('wallet registry input', () => {
  const wallets = (query: string) =>
    call(`${server.url}/v1/wallets?projectId=test-project&${query}`)
  const cases: [string, string, RegExp][] = [
    ['a page that is not a number', 'page=abc', /^Invalid query: page: Expected a whole number$/],
    ['page 0', 'page=0', /page: Expected a number from 1 to 100000/],
    ['more than 100 entries', 'entries=1000', /entries: Expected a number from 1 to 100/],
    ['a negative entries', 'entries=-1', /entries/],
    ['a search over 100 characters', `search=${'a'.repeat(101)}`, /search/],
    ['an include id with a slash', 'include=a/b', /include\.0: Expected a wallet id/],
    [
      'more than 100 excluded ids',
      `exclude=${Array.from({ length: 101 }, (_, i) => `w${i}`).join(',')}`,
      /at most 100 ids/,
    ],
    ['a malformed chain', 'chains=eip155:1:0xabc', /chains\.0/],
  ]
  for (const [what, query, message] of cases) {
    test(`refuses ${what} with 400`, async () => {
      const response = await wallets(query)
      assert.equal(response.status, 400)
      assert.equal(response.body.code, 'BAD_REQUEST')
      assert.match(response.body.message, message)
      assert.ok(Array.isArray(response.body.issues))
    })
  }

  test('refuses a missing or unknown projectId', async () => {
    const missing = await call(`${server.url}/v1/wallets`)
    assert.equal(missing.status, 400)
    assert.match(missing.body.message, /projectId is required/)
    const unknown = await call(`${server.url}/v1/wallets/recommended?projectId=nobody`)
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'PROJECT_NOT_FOUND')
  })

  test('refuses a GET with a body with 413', async () => {
    // fetch will not send a GET body: speak HTTP directly.
    const { request } = await import('node:http')
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/v1/wallets?projectId=test-project`,
        { method: 'GET', headers: { 'content-length': '5' } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end('hello')
    })
    assert.equal(status, 413)
  })

  test('answers images of unknown or malformed wallet ids with JSON errors', async () => {
    const unknown = await call(`${server.url}/v1/wallets/nope/image`)
    assert.equal(unknown.status, 404)
    assert.equal(unknown.body.code, 'WALLET_NOT_FOUND')
    const malformed = await call(`${server.url}/v1/wallets/${'x'.repeat(200)}/image`)
    assert.equal(malformed.status, 400)
  })

  test('serves a generated SVG monogram with safe headers for a wallet the icon set lacks', async () => {
    const response = await fetch(`${server.url}/v1/wallets/family/image`)
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('content-type'), 'image/svg+xml; charset=utf-8')
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff')
    const svg = await response.text()
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    assert.match(svg, /fill="#1e1e1e"/)
    assert.match(svg, />F<\/text>/)
  })

  test('serves the real icon (@web3icons/core) of a wallet the set has, cached, same headers', async () => {
    for (const id of ['rainbow', 'coinbase', 'metamask']) {
      const response = await fetch(`${server.url}/v1/wallets/${id}/image`)
      assert.equal(response.status, 200)
      assert.equal(response.headers.get('content-type'), 'image/svg+xml; charset=utf-8')
      assert.equal(response.headers.get('cache-control'), 'public, max-age=86400')
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/)
      const svg = await response.text()
      assert.match(svg, /class="web3icons"/, id)
      assert.doesNotMatch(svg, /<text/, `${id} is no monogram`)
    }
  })

  test('serves network and token images by the icon set’s name; 404 or 400 otherwise', async () => {
    for (const path of [
      'networks/ethereum',
      'networks/base',
      'networks/solana',
      'tokens/USDC',
      // A well-known network by its CAIP-2 id, for a network the host gave no imageId.
      'networks/eip155:8453',
      'networks/solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ]) {
      const response = await fetch(`${server.url}/v1/assets/${path}`)
      assert.equal(response.status, 200, path)
      assert.equal(response.headers.get('content-type'), 'image/svg+xml; charset=utf-8')
      assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/)
      assert.match(await response.text(), /class="web3icons"/, path)
      // Public and inert: any page's fetch() may read it (no credentials are ever sent).
      assert.equal(response.headers.get('access-control-allow-origin'), '*')
    }
    const missing = await call(`${server.url}/v1/assets/networks/not-a-network`)
    assert.equal(missing.status, 404)
    assert.equal(missing.body.code, 'NOT_FOUND')
    assert.equal((await call(`${server.url}/v1/assets/networks/eip155:31337`)).status, 404)
    assert.equal((await call(`${server.url}/v1/assets/tokens/eip155:1`)).status, 404)
    assert.equal((await call(`${server.url}/v1/assets/wallets/metamask`)).status, 404)
    const traversal = await call(`${server.url}/v1/assets/networks/..%2F..%2Fpackage.json`)
    assert.equal(traversal.status, 400)
  })
})

describe('config endpoint input', () => {
  test('refuses a malformed projectId with 400 and an unknown one with 404', async () => {
    const headers = { origin: 'https://app.example.com' }
    const malformed = await call(`${server.url}/v1/projects/${'x'.repeat(65)}/config`, { headers })
    assert.equal(malformed.status, 400)
    assert.match(malformed.body.message, /3-64 letters/)
    const unknown = await call(`${server.url}/v1/projects/nobody/config`, { headers })
    assert.equal(unknown.status, 404)
    assert.deepEqual(unknown.body, {
      code: 'PROJECT_NOT_FOUND',
      message: 'No project with projectId nobody',
    })
  })
})
