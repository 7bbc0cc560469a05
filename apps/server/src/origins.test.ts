// Issue 24, test 6: no project trusts the spec's default ancestors (`*.vercel.app`,
// `*.pages.dev`, `*.ngrok-free.app`, `localhost:*`) unless it lists them. Refused by the public
// reads, by Sign-In With X and its credentialed CORS, and by the e-mail login; a project's
// `allowDevOrigins` opens loopback for the public reads only.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { prepareDatabase } from './bootstrap.js'
import type { Db } from './db/db.js'
import { createSmtpMailer } from './embedded/mailer.js'
import { syncConfig } from './projects/config-file.js'
import type { RunningServer } from './server.js'
import { createDeviceKey } from './testing/device-key.js'
import { call, countRows, startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'
import { type SmtpSink, startSmtpSink } from './testing/smtp-sink.js'

const SECURE = 'http://localhost:4400'
const LISTED = 'https://app.example.com'
/** Hosts anyone can register a name under, and loopback: listed by no project below. */
const FOREIGN = [
  'https://wallet-support.vercel.app',
  'https://wallet-support.pages.dev',
  'https://wallet-support.ngrok-free.app',
  'https://secure-mobile.walletconnect.com',
  'http://localhost:5173',
  'https://localhost:3000',
  'http://127.0.0.1:8080',
]
const LOOPBACK = ['http://localhost:5173', 'https://localhost:3000', 'http://127.0.0.1:8080']

let db: Db
let sink: SmtpSink
let mailer: ReturnType<typeof createSmtpMailer>
let server: RunningServer

before(async () => {
  db = await openTestPglite()
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({ allowedOrigins: [LISTED], features: { email: true } }),
      testProject({
        projectId: 'dev-project',
        allowedOrigins: [LISTED],
        allowDevOrigins: true,
        features: { email: true },
      }),
    ],
  })
  sink = await startSmtpSink()
  mailer = createSmtpMailer({ url: sink.url, from: 'OpenModal <no-reply@localhost>' })
  server = await startTestServer(db, {
    embedded: {
      secureOrigin: SECURE,
      authSecret: randomBytes(32),
      vaultKey: randomBytes(32),
      mailer,
    },
  })
})

after(async () => {
  await server?.close()
  mailer?.close()
  await sink?.close()
  await db?.close()
})

const config = (projectId: string, origin: string) =>
  call(`${server.url}/v1/projects/${projectId}/config`, { headers: { origin } })
const nonce = (projectId: string, origin: string) =>
  call(`${server.url}/v1/auth/nonce?projectId=${projectId}`, { headers: { origin } })
const authPreflight = (projectId: string, origin: string) =>
  call(`${server.url}/v1/auth/me?projectId=${projectId}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization',
    },
  })
/** `start` as the secure frame: a code attempt belongs to the device key that proves it. */
const emailStart = async (projectId: string, dappOrigin: string) => {
  const url = `${server.url}/v1/auth/email/start`
  const device = await createDeviceKey()
  return call(url, {
    method: 'POST',
    headers: {
      origin: SECURE,
      'content-type': 'application/json',
      'openmodal-project': projectId,
      'openmodal-proof': await device.proof('POST', url),
    },
    body: JSON.stringify({ projectId, email: 'ada@example.com', dappOrigin }),
  })
}

describe('origins a project does not list', () => {
  for (const origin of FOREIGN) {
    test(`${origin}: refused by the config, SIWX, its credentialed preflight and e-mail login`, async () => {
      const rows = await countRows(db)
      const mails = sink.mails.length
      const read = await config('test-project', origin)
      assert.equal(read.status, 403)
      assert.equal(read.body.code, 'INVALID_APP_CONFIGURATION')
      const issued = await nonce('test-project', origin)
      assert.equal(issued.status, 403)
      assert.equal(issued.headers.get('access-control-allow-origin'), null)
      assert.equal(issued.headers.get('access-control-allow-credentials'), null)
      const preflight = await authPreflight('test-project', origin)
      assert.equal(preflight.status, 403)
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null)
      const start = await emailStart('test-project', origin)
      assert.equal(start.status, 403)
      assert.equal(start.body.error.code, 'ORIGIN_NOT_ALLOWED')
      assert.deepEqual(await countRows(db), rows, 'nothing stored')
      assert.equal(sink.mails.length, mails, 'no mail sent')
    })
  }

  test('the listed origin still passes everywhere', async () => {
    assert.equal((await config('test-project', LISTED)).status, 200)
    const issued = await nonce('test-project', LISTED)
    assert.equal(issued.status, 200)
    assert.equal(issued.headers.get('access-control-allow-credentials'), 'true')
    assert.equal((await authPreflight('test-project', LISTED)).status, 204)
    const start = await emailStart('test-project', LISTED)
    assert.equal(start.status, 200, JSON.stringify(start.body))
    const mail = await sink.waitForMail('ada@example.com')
    assert.match(mail.text, /https:\/\/app\.example\.com/)
    assert.doesNotMatch(mail.text, /vercel|pages\.dev|localhost/)
  })
})

describe('allowDevOrigins: loopback for the public reads only', () => {
  for (const origin of LOOPBACK) {
    test(`${origin}: the config answers; SIWX and e-mail login still refuse`, async () => {
      const read = await config('dev-project', origin)
      assert.equal(read.status, 200)
      assert.equal(read.headers.get('access-control-allow-origin'), origin)
      assert.equal((await nonce('dev-project', origin)).status, 403)
      assert.equal((await authPreflight('dev-project', origin)).status, 403)
      assert.equal((await emailStart('dev-project', origin)).status, 403)
    })
  }

  test('the public preview hosts stay refused: dev origins are loopback only', async () => {
    for (const origin of FOREIGN.filter((o) => !LOOPBACK.includes(o))) {
      assert.equal((await config('dev-project', origin)).status, 403, origin)
    }
  })

  test('the secure origin is no SIWX origin of any project', async () => {
    assert.equal((await nonce('test-project', SECURE)).status, 403)
    assert.equal((await authPreflight('test-project', SECURE)).status, 403)
  })
})
