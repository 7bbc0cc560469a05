// Issue 24, the HTTP edges: trusted proxy hops counted from the right of X-Forwarded-For (a
// spoofed left-most entry resets no per-address cap), the per-address bucket ahead of every
// embedded route, `ath` required with a token, and the SIWX cookie's `Secure`.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { prepareDatabase } from './bootstrap.js'
import type { Db } from './db/db.js'
import { createSmtpMailer } from './embedded/mailer.js'
import { verifyProof } from './embedded/proof.js'
import { syncConfig } from './projects/config-file.js'
import { secureCookie } from './routes/auth.js'
import type { RunningServer } from './server.js'
import { createDeviceKey } from './testing/device-key.js'
import { call, startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'

const SECURE = 'http://localhost:4400'
const ORIGIN = 'https://app.example.com'

let db: Db
const servers: RunningServer[] = []
const mailer = createSmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'test <t@localhost>' })

before(async () => {
  db = await openTestPglite()
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, { projects: [testProject({ features: { email: true } })] })
})

after(async () => {
  await Promise.all(servers.map((server) => server.close()))
  mailer.close()
  await db?.close()
})

async function serve(options: Parameters<typeof startTestServer>[1]) {
  const server = await startTestServer(db, options)
  servers.push(server)
  return server
}

/** X-Forwarded-For as a client that lies, seen through `proxies` trusted hops. */
const forwarded = (spoof: string, client: string, proxies: string[] = []) =>
  [spoof, client, ...proxies].join(', ')

describe('X-Forwarded-For behind trusted proxies', () => {
  test('one hop: a new spoofed left-most entry does not reset the per-address cap', async () => {
    const server = await serve({ trustProxy: 1, rateLimit: { burst: 2, perSecond: 0.001 } })
    const read = (xff: string) =>
      call(`${server.url}/v1/projects/test-project/config`, {
        headers: { origin: ORIGIN, 'x-forwarded-for': xff },
      })
    assert.equal((await read(forwarded('6.6.6.1', '203.0.113.7'))).status, 200)
    assert.equal((await read(forwarded('6.6.6.2', '203.0.113.7'))).status, 200)
    const third = await read(forwarded('6.6.6.3', '203.0.113.7'))
    assert.equal(third.status, 429)
    assert.equal(third.body.code, 'RATE_LIMITED')
    // Another client behind the same proxy has its own bucket.
    assert.equal((await read(forwarded('6.6.6.3', '203.0.113.8'))).status, 200)
  })

  test('two hops: the address the outer proxy saw, whatever the client prepends', async () => {
    const server = await serve({ trustProxy: 2, rateLimit: { burst: 1, perSecond: 0.001 } })
    const read = (xff: string) =>
      call(`${server.url}/v1/projects/test-project/config`, {
        headers: { origin: ORIGIN, 'x-forwarded-for': xff },
      })
    assert.equal((await read(forwarded('6.6.6.1', '198.51.100.4', ['10.0.0.2']))).status, 200)
    assert.equal((await read(forwarded('6.6.6.2', '198.51.100.4', ['10.0.0.2']))).status, 429)
    assert.equal(
      (await read(`1.1.1.1, 2.2.2.2, ${forwarded('x', '198.51.100.4', ['10.0.0.2'])}`)).status,
      429,
    )
  })
})

describe('the per-address bucket of the embedded routes', () => {
  test('counts before any proof is verified; a spoofed entry does not refill it', async () => {
    const server = await serve({
      trustProxy: 1,
      rateLimit: { burst: 1000, perSecond: 1000 },
      embeddedRateLimit: { burst: 3, perSecond: 0.001 },
      embedded: {
        secureOrigin: SECURE,
        authSecret: randomBytes(32),
        vaultKey: randomBytes(32),
        mailer,
      },
    })
    const send = (path: string, xff: string) =>
      call(`${server.url}${path}`, {
        method: 'POST',
        headers: { origin: SECURE, 'content-type': 'application/json', 'x-forwarded-for': xff },
        body: JSON.stringify({ attemptId: 'a'.repeat(22), otp: '000000' }),
      })
    for (let i = 0; i < 3; i++) {
      const refused = await send('/v1/auth/email/verify', forwarded(`6.6.6.${i}`, '203.0.113.9'))
      assert.equal(refused.status, 401, JSON.stringify(refused.body))
      assert.equal(refused.body.error.code, 'INVALID_PROOF')
    }
    for (const path of ['/v1/auth/email/verify', '/v1/auth/email/start', '/v1/wallet/rotate']) {
      const limited = await send(path, forwarded('6.6.6.9', '203.0.113.9'))
      assert.equal(limited.status, 429, path)
      assert.equal(limited.body.error.code, 'RATE_LIMITED')
      assert.ok(Number(limited.headers.get('retry-after')) > 0)
      assert.equal(limited.headers.get('access-control-allow-origin'), SECURE)
    }
    const me = await call(`${server.url}/v1/me`, {
      headers: { origin: SECURE, 'x-forwarded-for': '203.0.113.9' },
    })
    assert.equal(me.status, 429)
    // Another address is not held back.
    assert.equal((await send('/v1/auth/email/verify', '203.0.113.10')).status, 401)
  })
})

describe('DPoP: ath with a token', () => {
  const url = 'http://127.0.0.1:8787/v1/me'
  test('a proof without ath is refused when the request carries a token', async () => {
    const device = await createDeviceKey()
    const check = { method: 'GET', url, now: Date.now(), maxAgeMs: 60_000 }
    await assert.rejects(
      verifyProof(db, {
        ...check,
        proof: await device.proof('GET', url),
        token: 'session-token-1',
      }),
      (error: Error) => /must carry ath/.test(error.message),
    )
    await assert.rejects(
      verifyProof(db, {
        ...check,
        proof: await device.proof('GET', url, { token: 'another-token' }),
        token: 'session-token-1',
      }),
      (error: Error) => /another token/.test(error.message),
    )
    const jkt = await verifyProof(db, {
      ...check,
      proof: await device.proof('GET', url, { token: 'session-token-1' }),
      token: 'session-token-1',
    })
    assert.match(jkt, /^[A-Za-z0-9_-]{43}$/)
    // Without a token (login), no ath is needed.
    await verifyProof(db, { ...check, proof: await device.proof('GET', url) })
  })
})

describe('the SIWX cookie', () => {
  test('is Secure unless the public URL is plain-http loopback', () => {
    assert.equal(secureCookie('https://api.example.com'), true)
    // Behind a TLS-terminating proxy the request itself is http on an internal host.
    assert.equal(secureCookie('http://10.0.0.5:8787/v1/auth/nonce'), true)
    assert.equal(secureCookie('http://api.internal:8787'), true)
    assert.equal(secureCookie('https://localhost:8787'), true)
    assert.equal(secureCookie('http://localhost:8787'), false)
    assert.equal(secureCookie('http://127.0.0.1:8787'), false)
    assert.equal(secureCookie('http://[::1]:8787'), false)
  })

  test('a server behind a TLS proxy (public URL https) sets Secure on a plain-http request', async () => {
    const server = await serve({ publicUrl: 'https://api.example.com' })
    // Sign-out answers a Set-Cookie that clears the cookie with the same attributes.
    const answer = await call(`${server.url}/v1/auth/sign-out?projectId=test-project`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: 'openmodal_siwx=abc' },
    })
    assert.equal(answer.status, 200)
    assert.match(answer.headers.get('set-cookie') ?? '', /; Secure/)
    const local = await serve({})
    const plain = await call(`${local.url}/v1/auth/sign-out?projectId=test-project`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: 'openmodal_siwx=abc' },
    })
    assert.doesNotMatch(plain.headers.get('set-cookie') ?? '', /Secure/)
  })
})

describe('analytics quota and retention', () => {
  const event = (id: string) =>
    JSON.stringify({
      eventId: id,
      url: 'https://app.example.com/',
      domain: 'app.example.com',
      timestamp: Date.now(),
      props: { type: 'track', event: 'MODAL_OPEN', errorMessage: 'x'.repeat(400) },
    })
  const count = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from analytics_events'))[0]?.n

  test('one project gets its byte quota, from however many addresses', async () => {
    await db.query('delete from analytics_events')
    const server = await serve({
      trustProxy: 1,
      rateLimit: { burst: 100, perSecond: 100 },
      analytics: { quotaBurstBytes: 3_000, quotaBytesPerSecond: 1 },
    })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const answer = await call(`${server.url}/e?projectId=test-project&st=html&sv=1`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'x-forwarded-for': `198.51.100.${i}` },
        body: event(`quota-${i}`),
      })
      statuses.push(answer.status)
      if (answer.status === 429) assert.equal(answer.body.code, 'RATE_LIMITED')
    }
    // ~560 bytes an event: 5 fit in 3000 bytes, the rest wait for the quota to refill.
    assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429, 429, 429, 429, 429])
    assert.equal(await count(), 5)
  })

  test('events older than the retention period are deleted', async () => {
    await db.query('delete from analytics_events')
    const clock = { now: Date.now() }
    const server = await serve({ now: () => clock.now, analytics: { retentionDays: 30 } })
    const post = (id: string) =>
      call(`${server.url}/e?projectId=test-project&st=html&sv=1`, {
        method: 'POST',
        headers: { origin: ORIGIN },
        body: event(id),
      })
    assert.equal((await post('kept')).status, 202)
    assert.equal(await count(), 1)
    clock.now += 31 * 86_400_000
    assert.equal((await post('later')).status, 202)
    // The prune runs off the request's path: both rows were received over 30 days before the
    // moved clock.
    for (let i = 0; i < 50 && (await count()) !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    assert.equal(await count(), 0)
  })
})
