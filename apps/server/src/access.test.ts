// Who may call: the origin rules of spec §5 through HTTP, CORS, rate limits, error answers, logs.
import assert from 'node:assert/strict'
import { request } from 'node:http'
import { after, before, describe, test } from 'node:test'
import { prepareDatabase } from './bootstrap.js'
import type { Db } from './db/db.js'
import { createLogger } from './http/logger.js'
import { syncConfig } from './projects/config-file.js'
import type { RunningServer } from './server.js'
import { call, startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'

let db: Db
let server: RunningServer

before(async () => {
  db = await openTestPglite()
  await prepareDatabase(db)
  await syncConfig(db, {
    projects: [
      testProject({ allowedOrigins: ['https://app.example.com', 'https://*.example.org'] }),
      testProject({ projectId: 'other-project', allowedOrigins: [] }),
    ],
  })
  server = await startTestServer(db)
})

after(async () => {
  await server.close()
  await db.close()
})

const config = (origin?: string, projectId = 'test-project') =>
  call(`${server.url}/v1/projects/${projectId}/config`, {
    headers: origin === undefined ? {} : { origin },
  })

describe('origin rules of the config endpoint', () => {
  const allowed = [
    ['https://app.example.com', 'is listed exactly'],
    ['https://shop.example.org', 'matches the listed *.example.org'],
    ['https://app.example.com:443', 'is the listed origin with its default port'],
  ] as const
  for (const [origin, why] of allowed) {
    test(`allows ${origin}: it ${why}`, async () => {
      const { status, body, headers } = await config(origin)
      assert.equal(status, 200)
      assert.equal(body.projectId, 'test-project')
      assert.equal(headers.get('access-control-allow-origin'), origin)
      assert.equal(headers.get('vary'), 'Origin')
    })
  }

  const refused = [
    // Issue 24: the spec's default ancestors are trusted only when the project lists them.
    ['https://a.vercel.app', 'is a *.vercel.app host the project does not list'],
    ['http://localhost:5173', 'is localhost, which the project neither lists nor opts in to'],
    ['https://evil-vercel.app', 'only looks like vercel.app'],
    ['https://vercel.app.evil.io', 'has vercel.app as a subdomain of another host'],
    ['https://a.b.vercel.app', 'has two labels where * stands for one'],
    ['http://a.vercel.app', 'is http where https was listed'],
    ['null', 'is the opaque null origin'],
    ['https://app.example.com:8443', 'has a port that was not listed'],
    ['https://example.org', 'lacks the label the wildcard needs'],
    ['https://app.example.com/path', 'is not a bare origin'],
  ] as const
  for (const [origin, why] of refused) {
    test(`refuses ${origin}: it ${why}`, async () => {
      const { status, body, headers } = await config(origin)
      assert.equal(status, 403)
      assert.equal(body.code, 'INVALID_APP_CONFIGURATION')
      assert.match(body.message, /is not allowed for project test-project/)
      // The refusal stays readable by a real origin so the SDK can show the right alert.
      const echoed = headers.get('access-control-allow-origin')
      assert.equal(echoed, /^https?:\/\/[^/]+$/.test(origin) ? origin : null)
      assert.notEqual(echoed, '*')
    })
  }

  test('refuses a request without an Origin header', async () => {
    const { status, body } = await config()
    assert.equal(status, 403)
    assert.deepEqual(body, {
      code: 'INVALID_APP_CONFIGURATION',
      message: 'The Origin header is required',
    })
  })

  test('answers 404 PROJECT_NOT_FOUND for an unknown projectId', async () => {
    const { status, body } = await config('https://app.example.com', 'no-such-project')
    assert.equal(status, 404)
    assert.equal(body.code, 'PROJECT_NOT_FOUND')
  })

  test("keeps one project's origins away from another project", async () => {
    const { status } = await config('https://app.example.com', 'other-project')
    assert.equal(status, 403)
  })
})

describe('CORS', () => {
  const preflight = (path: string, origin: string, headers = 'content-type') =>
    fetch(`${server.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': headers,
      },
    })

  test('answers a preflight from an allowed origin with that origin, never *', async () => {
    for (const path of [
      '/v1/rpc/test-project/eip155:1',
      '/e?projectId=test-project',
      '/v1/wallets?projectId=test-project',
      '/v1/projects/test-project/config',
    ]) {
      const response = await preflight(path, 'https://app.example.com')
      assert.equal(response.status, 204, path)
      assert.equal(response.headers.get('access-control-allow-origin'), 'https://app.example.com')
      assert.equal(response.headers.get('access-control-allow-headers'), 'content-type')
      assert.match(response.headers.get('access-control-allow-methods') ?? '', /POST/)
    }
  })

  test('refuses a preflight from another origin without CORS headers', async () => {
    const response = await preflight('/v1/rpc/test-project/eip155:1', 'https://evil.io')
    assert.equal(response.status, 403)
    assert.equal(response.headers.get('access-control-allow-origin'), null)
  })

  test('refuses a preflight asking for headers the API does not take', async () => {
    const response = await preflight(
      '/e?projectId=test-project',
      'https://app.example.com',
      'x-api-key',
    )
    assert.equal(response.status, 403)
    assert.equal(response.headers.get('access-control-allow-origin'), null)
  })

  test('serves the registry to allowed origins and to callers without an origin only', async () => {
    const url = `${server.url}/v1/wallets?projectId=test-project&entries=1`
    const allowed = await call(url, { headers: { origin: 'https://shop.example.org' } })
    assert.equal(allowed.status, 200)
    assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://shop.example.org')
    const refused = await call(url, { headers: { origin: 'https://evil.io' } })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.code, 'INVALID_APP_CONFIGURATION')
    assert.equal(refused.headers.get('access-control-allow-origin'), null)
    const serverSide = await call(url)
    assert.equal(serverSide.status, 200)
    assert.equal(serverSide.headers.get('access-control-allow-origin'), null)
  })
})

// node:http lets a test pick the client address (any of 127.0.0.0/8 is loopback on Linux).
function getFrom(
  url: string,
  localAddress: string,
): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { localAddress, headers: { origin: 'https://app.example.com' } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            ...(res.headers['retry-after']
              ? { retryAfter: String(res.headers['retry-after']) }
              : {}),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('rate limiting', () => {
  test('gives each projectId and client address its own bucket, then 429 with Retry-After', async () => {
    const limited = await startTestServer(db, { rateLimit: { burst: 3, perSecond: 0.5 } })
    try {
      const url = (projectId: string) => `${limited.url}/v1/projects/${projectId}/config`
      for (let i = 0; i < 3; i++) {
        assert.equal((await getFrom(url('test-project'), '127.0.0.1')).status, 200)
      }
      const refused = await getFrom(url('test-project'), '127.0.0.1')
      assert.equal(refused.status, 429)
      assert.equal(refused.retryAfter, '2')
      assert.equal(JSON.parse(refused.body).code, 'RATE_LIMITED')
      assert.equal((await getFrom(url('test-project'), '127.0.0.2')).status, 200)
      // Another project from the same address is counted apart (403: its origins differ).
      assert.equal((await getFrom(url('other-project'), '127.0.0.1')).status, 403)
    } finally {
      await limited.close()
    }
  })
})

describe('failures and logs', () => {
  test('answers 500 SERVER_ERROR, readable by the page, when the database fails', async () => {
    const broken = await openTestPglite()
    const failing = await startTestServer(broken)
    try {
      await broken.close()
      const { status, body, headers } = await call(
        `${failing.url}/v1/projects/test-project/config`,
        { headers: { origin: 'https://app.example.com' } },
      )
      assert.equal(status, 500)
      assert.deepEqual(body, {
        code: 'SERVER_ERROR',
        message: 'Could not load the project configuration',
      })
      assert.equal(headers.get('access-control-allow-origin'), 'https://app.example.com')
      // Alive, but not ready: a load balancer stops sending it requests.
      assert.equal((await call(`${failing.url}/health`)).status, 200)
      const ready = await call(`${failing.url}/ready`)
      assert.equal(ready.status, 503)
      assert.equal(ready.body.checks.database, 'failed')
    } finally {
      await failing.close()
    }
  })

  test('reports health with the database kind', async () => {
    const { status, body } = await call(`${server.url}/health`)
    assert.equal(status, 200)
    assert.deepEqual(body, { status: 'ok', database: 'pglite' })
  })

  test('answers unknown routes with 404 JSON', async () => {
    const { status, body } = await call(`${server.url}/v2/nothing`, { method: 'POST' })
    assert.equal(status, 404)
    assert.deepEqual(body, { code: 'NOT_FOUND', message: 'No route for POST /v2/nothing' })
  })

  test('logs one JSON line per request with method, path, status, ms and projectId', async () => {
    const lines: string[] = []
    const logged = await startTestServer(db, {
      logger: createLogger('info', (line) => lines.push(line)),
    })
    try {
      await call(`${logged.url}/v1/projects/test-project/config?x=1`, {
        headers: { origin: 'https://evil.io' },
      })
      await call(`${logged.url}/health`)
      assert.equal(lines.length, 2)
      const [first, second] = lines.map((line) => JSON.parse(line))
      assert.equal(first.msg, 'request')
      assert.equal(first.method, 'GET')
      assert.equal(first.path, '/v1/projects/test-project/config')
      assert.equal(first.status, 403)
      assert.equal(first.projectId, 'test-project')
      assert.equal(typeof first.ms, 'number')
      assert.equal(second.projectId, null)
    } finally {
      await logged.close()
    }
  })
})

describe('liveness, readiness and metrics', () => {
  const TOKEN = 'metrics-token-0123456789'

  test('/ready fails while the schema is behind the code, /health does not', async () => {
    assert.equal((await call(`${server.url}/ready`)).status, 200)
    const [newest] = await db.query<{ version: number; name: string; checksum: string }>(
      'select version, name, checksum from schema_migrations order by version desc limit 1',
    )
    assert.ok(newest)
    await db.query('delete from schema_migrations where version = $1', [newest.version])
    try {
      const behind = await call(`${server.url}/ready`)
      assert.equal(behind.status, 503)
      assert.deepEqual(behind.body, {
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'failed', accepting: 'ok' },
      })
      assert.equal((await call(`${server.url}/health`)).status, 200)
    } finally {
      await db.query(
        'insert into schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [newest.version, newest.name, newest.checksum],
      )
    }
    assert.equal((await call(`${server.url}/ready`)).status, 200)
  })

  test('/metrics counts the request just made, for the bearer of the token only', async () => {
    const measured = await startTestServer(db, { metricsToken: TOKEN })
    try {
      const scrape = async () => {
        const answer = await call(`${measured.url}/metrics`, {
          headers: { authorization: `Bearer ${TOKEN}` },
        })
        assert.equal(answer.status, 200)
        return String(answer.body)
      }
      const configCount = (text: string) =>
        Number(
          /openmodal_http_requests_total\{method="GET",route="\/v1\/projects\/:projectId\/config",status="200"\} (\d+)/.exec(
            text,
          )?.[1] ?? 0,
        )
      const before = configCount(await scrape())
      const answer = await call(`${measured.url}/v1/projects/test-project/config`, {
        headers: { origin: 'https://app.example.com' },
      })
      assert.equal(answer.status, 200)
      const after = await scrape()
      assert.equal(configCount(after), before + 1)
      assert.match(after, /openmodal_http_request_duration_seconds_bucket\{le="0.5",method="GET"/)
      // Label values are route patterns, never raw paths.
      assert.doesNotMatch(after, /route="\/v1\/projects\/test-project/)

      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
        const refused = await call(`${measured.url}/metrics`, {
          headers: authorization ? { authorization } : {},
        })
        assert.equal(refused.status, 404)
      }
    } finally {
      await measured.close()
    }
    // Without a token configured there is no /metrics at all.
    const plain = await call(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    assert.equal(plain.status, 404)
  })
})
