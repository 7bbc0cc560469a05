// The embedded wallet's server side on embedded PGlite and on a real PostgreSQL: e-mail codes
// read from a real SMTP server, device-bound sessions, the share vault.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { type TestContext, test } from 'node:test'
import { prepareDatabase } from '../bootstrap.js'
import { type Db, openPglite, openPostgres } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import type { RunningServer } from '../server.js'
import { createDeviceKey, type DeviceKey } from '../testing/device-key.js'
import { call, type Json, startTestServer, testProject } from '../testing/harness.js'
import { findPostgresBin, startPostgresCluster } from '../testing/postgres.js'
import { otpOf, type SmtpSink, startSmtpSink } from '../testing/smtp-sink.js'
import type { EmbeddedLimits } from './config.js'
import { createSmtpMailer } from './mailer.js'

const SECURE = 'http://localhost:4400'
const DAPP = 'https://app.example.com'

interface Stack {
  server: RunningServer
  clock: { now: number }
  /** POST/GET as the secure frame from client address `ip`. */
  send(
    method: string,
    path: string,
    options?: { body?: unknown; device?: DeviceKey; token?: string; ip?: string; origin?: string },
  ): Promise<{ status: number; headers: Headers; body: Json }>
  close(): Promise<void>
}

async function startStack(db: Db, sink: SmtpSink, limits: Partial<EmbeddedLimits> = {}) {
  const clock = { now: Date.now() }
  const mailer = createSmtpMailer({ url: sink.url, from: 'OpenModal <no-reply@localhost>' })
  const server = await startTestServer(db, {
    now: () => clock.now,
    trustProxy: true,
    embedded: {
      secureOrigin: SECURE,
      authSecret: randomBytes(32),
      vaultKey: randomBytes(32),
      mailer,
      limits,
    },
  })
  const stack: Stack = {
    server,
    clock,
    async send(method, path, options = {}) {
      const url = `${server.url}${path}`
      const headers: Record<string, string> = {
        origin: options.origin ?? SECURE,
        'x-forwarded-for': options.ip ?? '10.0.0.1',
      }
      if (options.body !== undefined) headers['content-type'] = 'application/json'
      if (options.token) headers.authorization = `Bearer ${options.token}`
      if (options.device) {
        headers['openmodal-proof'] = await options.device.proof(method, url, {
          ...(options.token ? { token: options.token } : {}),
        })
      }
      return call(url, {
        method,
        headers,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      })
    },
    async close() {
      await server.close()
      mailer.close()
    },
  }
  return stack
}

/** Logs `email` in through the mailbox; returns the session token and user. */
async function login(
  stack: Stack,
  sink: SmtpSink,
  email: string,
  device: DeviceKey,
  ip?: string,
  projectId = 'test-project',
) {
  const before = sink.mails.filter((m) => m.to.includes(email.toLowerCase())).length
  const start = await stack.send('POST', '/v1/auth/email/start', {
    body: { projectId, email, dappOrigin: DAPP },
    ...(ip ? { ip } : {}),
  })
  assert.equal(start.status, 200, JSON.stringify(start.body))
  const otp = otpOf(await sink.waitForMail(email, { after: before }))
  const verify = await stack.send('POST', '/v1/auth/email/verify', {
    body: { attemptId: start.body.attemptId, otp },
    device,
    ...(ip ? { ip } : {}),
  })
  assert.equal(verify.status, 200, JSON.stringify(verify.body))
  return verify.body as { session: { token: string; expiresAt: string }; user: Json }
}

let emails = 0
const freshEmail = () => `user${++emails}.${Date.now()}@example.com`
const wrongOf = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0')

async function embeddedSuite(t: TestContext, db: Db) {
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    projects: [
      testProject({ features: { email: true } }),
      testProject({
        projectId: 'custodial-project',
        features: { email: true },
        recovery: 'custodial',
      }),
    ],
  })
  const sink = await startSmtpSink()
  const stack = await startStack(db, sink)
  try {
    await t.test('logs in with the code from the mail, which names the dapp origin', async () => {
      const email = freshEmail()
      const device = await createDeviceKey(() => stack.clock.now)
      const first = await login(stack, sink, email, device)
      assert.equal(first.user.email, email)
      assert.equal(first.user.isNew, true)
      const mail = await sink.waitForMail(email)
      assert.match(mail.text, /sign in to https:\/\/app\.example\.com/)
      assert.ok(Date.parse(first.session.expiresAt) > stack.clock.now)

      const me = await stack.send('GET', '/v1/me', { device, token: first.session.token })
      assert.equal(me.status, 200)
      assert.deepEqual(me.body, { user: { id: first.user.id, email }, wallet: null })
      assert.equal(me.headers.get('access-control-allow-origin'), SECURE)
      assert.equal(me.headers.get('cache-control'), 'no-store')

      stack.clock.now += 31_000
      const again = await login(stack, sink, email.toUpperCase(), device)
      assert.equal(again.user.id, first.user.id)
      assert.equal(again.user.isNew, false)
    })

    await t.test('answers the same whether the e-mail has an account or not', async () => {
      const known = freshEmail()
      await login(stack, sink, known, await createDeviceKey(() => stack.clock.now), '10.1.0.1')
      stack.clock.now += 31_000
      const answers = []
      for (const email of [known, freshEmail()]) {
        const answer = await stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email, dappOrigin: DAPP },
          ip: '10.1.0.2',
        })
        answers.push({
          status: answer.status,
          keys: Object.keys(answer.body).sort(),
          action: answer.body.action,
        })
      }
      assert.deepEqual(answers[0], {
        status: 200,
        keys: ['action', 'attemptId'],
        action: 'VERIFY_OTP',
      })
      assert.deepEqual(answers[1], answers[0])
    })

    await t.test('stores only an HMAC of the code', async () => {
      const email = freshEmail()
      await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        ip: '10.2.0.1',
      })
      const otp = otpOf(await sink.waitForMail(email))
      const rows = await db.query<Json>('select * from embedded.otp_codes where email = $1', [
        email,
      ])
      assert.equal(rows.length, 1)
      assert.ok(!JSON.stringify(rows).includes(otp))
      assert.match(rows[0].code_hmac, /^[A-Za-z0-9_-]{43}$/)
    })

    await t.test('waits 30 s between codes to one e-mail, and only the newest works', async () => {
      const email = freshEmail()
      const start = (ip: string) =>
        stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email, dappOrigin: DAPP },
          ip,
        })
      const first = await start('10.3.0.1')
      assert.equal(first.status, 200)
      const firstOtp = otpOf(await sink.waitForMail(email))
      stack.clock.now += 10_000
      // Another client address does not get around the per-e-mail gap.
      const early = await start('10.3.0.2')
      assert.equal(early.status, 429)
      assert.equal(early.body.error.code, 'RATE_LIMITED')
      assert.equal(early.body.error.message, 'Please try again after 20 seconds')
      assert.equal(early.headers.get('retry-after'), '20')
      stack.clock.now += 20_000
      const second = await start('10.3.0.1')
      assert.equal(second.status, 200)
      const secondOtp = otpOf(await sink.waitForMail(email, { after: 1 }))
      const device = await createDeviceKey(() => stack.clock.now)
      const stale = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: first.body.attemptId, otp: firstOtp },
        device,
        ip: '10.3.0.1',
      })
      assert.equal(stale.status, 400)
      assert.equal(stale.body.error.code, 'INVALID_OTP')
      const fresh = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: second.body.attemptId, otp: secondOtp },
        device,
        ip: '10.3.0.1',
      })
      assert.equal(fresh.status, 200)
      const reused = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: second.body.attemptId, otp: secondOtp },
        device,
        ip: '10.3.0.1',
      })
      assert.equal(reused.status, 400, 'a code works once')
    })

    await t.test('locks a code after 5 wrong tries, even for the right code', async () => {
      const email = freshEmail()
      const start = await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        ip: '10.4.0.1',
      })
      const otp = otpOf(await sink.waitForMail(email))
      const device = await createDeviceKey(() => stack.clock.now)
      const verify = (code: string) =>
        stack.send('POST', '/v1/auth/email/verify', {
          body: { attemptId: start.body.attemptId, otp: code },
          device,
          ip: '10.4.0.1',
        })
      const messages = []
      for (let i = 0; i < 5; i++) messages.push((await verify(wrongOf(otp))).body.error)
      assert.deepEqual(
        messages.map((e) => e.code),
        ['INVALID_OTP', 'INVALID_OTP', 'INVALID_OTP', 'INVALID_OTP', 'OTP_LOCKED'],
      )
      assert.equal(messages[0].message, 'Wrong code; 4 tries left')
      const right = await verify(otp)
      assert.equal(right.status, 400)
      assert.equal(right.body.error.code, 'OTP_LOCKED')
    })

    await t.test('refuses a code after 10 minutes', async () => {
      const email = freshEmail()
      const start = await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        ip: '10.5.0.1',
      })
      const otp = otpOf(await sink.waitForMail(email))
      stack.clock.now += 10 * 60_000
      const late = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: start.body.attemptId, otp },
        device: await createDeviceKey(() => stack.clock.now),
        ip: '10.5.0.1',
      })
      assert.equal(late.status, 400)
      assert.equal(late.body.error.code, 'OTP_EXPIRED')
    })

    await t.test(
      'refuses an origin outside the project, bad e-mails and other callers',
      async () => {
        const refused = await stack.send('POST', '/v1/auth/email/start', {
          body: {
            projectId: 'test-project',
            email: freshEmail(),
            dappOrigin: 'https://evil.example.net',
          },
          ip: '10.6.0.1',
        })
        assert.equal(refused.status, 403)
        assert.deepEqual(refused.body.error.field, 'dappOrigin')
        const badEmail = await stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email: 'not-an-email', dappOrigin: DAPP },
          ip: '10.6.0.1',
        })
        assert.equal(badEmail.status, 400)
        assert.deepEqual(badEmail.body.error, {
          code: 'INVALID_EMAIL',
          message: 'Invalid email',
          field: 'email',
        })
        const foreign = await stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email: freshEmail(), dappOrigin: DAPP },
          origin: DAPP,
        })
        assert.equal(foreign.status, 403)
        assert.equal(foreign.headers.get('access-control-allow-origin'), null)
        const preflight = await call(`${stack.server.url}/v1/wallet/shares`, {
          method: 'OPTIONS',
          headers: { origin: SECURE, 'access-control-request-method': 'GET' },
        })
        assert.equal(preflight.status, 204)
        assert.equal(preflight.headers.get('access-control-allow-origin'), SECURE)
        assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /openmodal-proof/)
        assert.equal(sink.mails.filter((m) => m.text.includes('evil')).length, 0)
      },
    )

    await t.test('binds the session to the device key', async () => {
      const device = await createDeviceKey(() => stack.clock.now)
      const { session } = await login(stack, sink, freshEmail(), device, '10.7.0.1')
      const url = `${stack.server.url}/v1/me`
      const get = (headers: Record<string, string>) =>
        call(url, {
          headers: { origin: SECURE, authorization: `Bearer ${session.token}`, ...headers },
        })
      const proof = (d: DeviceKey, options: { iat?: number; jti?: string; url?: string } = {}) =>
        d.proof('GET', options.url ?? url, { token: session.token, ...options })

      assert.equal((await get({ 'openmodal-proof': await proof(device) })).status, 200)
      assert.equal((await get({})).body.error.code, 'INVALID_PROOF')
      const other = await createDeviceKey(() => stack.clock.now)
      const stolen = await get({ 'openmodal-proof': await proof(other) })
      assert.equal(stolen.status, 401)
      assert.equal(stolen.body.error.message, 'The proof was signed by another device key')
      const replayed = await proof(device, { jti: 'same-jti-0001' })
      assert.equal((await get({ 'openmodal-proof': replayed })).status, 200)
      const replay = await get({ 'openmodal-proof': replayed })
      assert.equal(replay.body.error.message, 'The OpenModal-Proof was already used')
      const old = await get({
        'openmodal-proof': await proof(device, { iat: stack.clock.now - 61_000 }),
      })
      assert.equal(old.body.error.message, 'The OpenModal-Proof is too old or from the future')
      const elsewhere = await get({
        'openmodal-proof': await proof(device, { url: `${stack.server.url}/v1/wallet/shares` }),
      })
      assert.equal(elsewhere.body.error.message, 'The OpenModal-Proof was made for another URL')
      const noProofAtVerify = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: 'AAAAAAAAAAAA', otp: '123456' },
      })
      assert.equal(noProofAtVerify.status, 401)

      const out = await stack.send('POST', '/v1/auth/email/sign-out', {
        device,
        token: session.token,
      })
      assert.equal(out.status, 204)
      const after = await stack.send('GET', '/v1/me', { device, token: session.token })
      assert.equal(after.status, 401)
      assert.equal(after.body.error.message, 'Session Expired')
    })

    await t.test('updates the e-mail with a code to the old, then to the new address', async () => {
      const email = freshEmail()
      const newEmail = freshEmail()
      const device = await createDeviceKey(() => stack.clock.now)
      const { session, user } = await login(stack, sink, email, device, '10.8.0.1')
      const auth = { device, token: session.token, ip: '10.8.0.1' }
      stack.clock.now += 31_000
      const start = await stack.send('POST', '/v1/auth/email/update/start', {
        ...auth,
        body: { newEmail },
      })
      assert.equal(start.status, 200, JSON.stringify(start.body))
      const primary = await sink.waitForMail(email, { after: 1 })
      assert.match(primary.text, /changing the e-mail/)
      const step = await stack.send('POST', '/v1/auth/email/update/verify-primary', {
        ...auth,
        body: { attemptId: start.body.attemptId, otp: otpOf(primary) },
      })
      assert.deepEqual(step.body, { action: 'VERIFY_SECONDARY_OTP' })
      const secondary = otpOf(await sink.waitForMail(newEmail))
      const wrong = await stack.send('POST', '/v1/auth/email/update/verify-secondary', {
        ...auth,
        body: { attemptId: start.body.attemptId, otp: wrongOf(secondary) },
      })
      assert.equal(wrong.status, 400)
      const done = await stack.send('POST', '/v1/auth/email/update/verify-secondary', {
        ...auth,
        body: { attemptId: start.body.attemptId, otp: secondary },
      })
      assert.deepEqual(done.body, { email: newEmail })
      const me = await stack.send('GET', '/v1/me', auth)
      assert.deepEqual(me.body.user, { id: user.id, email: newEmail })
    })

    await t.test('keeps the shares sealed and gives them only to a fresh session', async () => {
      const device = await createDeviceKey(() => stack.clock.now)
      const { session } = await login(stack, sink, freshEmail(), device, '10.9.0.1')
      const auth = { device, token: session.token, ip: '10.9.0.1' }
      const authShare = randomBytes(33).toString('base64')
      const recoveryShare = randomBytes(33).toString('base64')
      const commitment = {
        eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      }
      const noShare = await stack.send('GET', '/v1/wallet/shares', auth)
      assert.equal(noShare.body.error.code, 'WALLET_NOT_FOUND')
      const factor = {
        kind: 'passkey',
        credentialId: randomBytes(32).toString('base64url'),
        salt: randomBytes(32).toString('base64'),
      }
      const bad = await stack.send('PUT', '/v1/wallet', {
        ...auth,
        body: { commitment, authShare, factor },
      })
      assert.equal(bad.status, 400)
      assert.equal(bad.body.error.field, 'recoveryShare')
      // The project is non-custodial (the default): a share the operator could open is refused.
      const custodial = await stack.send('PUT', '/v1/wallet', {
        ...auth,
        body: { commitment, authShare, recoveryShare, factor: { kind: 'custodial' } },
      })
      assert.equal(custodial.status, 403)
      assert.equal(custodial.body.error.code, 'CUSTODIAL_RECOVERY_OFF')
      // Passphrase costs below 64 MiB x 3 are refused.
      const weak = await stack.send('PUT', '/v1/wallet', {
        ...auth,
        body: {
          commitment,
          authShare,
          recoveryShare,
          factor: {
            kind: 'passphrase',
            salt: randomBytes(16).toString('base64'),
            kdf: { name: 'argon2id', m: 19_456, t: 2, p: 1 },
          },
        },
      })
      assert.equal(weak.status, 400)
      assert.equal((await db.query('select 1 from embedded.wallets')).length, 0)
      const put = await stack.send('PUT', '/v1/wallet', {
        ...auth,
        body: { commitment, authShare, recoveryShare, factor },
      })
      assert.equal(put.status, 201, JSON.stringify(put.body))
      const twice = await stack.send('PUT', '/v1/wallet', {
        ...auth,
        body: { commitment, authShare, recoveryShare, factor },
      })
      assert.equal(twice.status, 409)

      const [row] = await db.query<Json>('select * from embedded.wallets')
      const stored = JSON.stringify(await db.query('select * from embedded.wallets'))
      for (const share of [authShare, recoveryShare]) {
        assert.ok(!stored.includes(share))
        assert.ok(!stored.includes(Buffer.from(share, 'base64').toString('base64url').slice(0, 40)))
      }
      assert.ok(row)
      assert.equal(row.recovery, 'passkey')

      const shares = await stack.send('GET', '/v1/wallet/shares', auth)
      assert.deepEqual(shares.body, { commitment, authShare, recoveryShare, factor })
      const me = await stack.send('GET', '/v1/me', auth)
      assert.deepEqual(me.body.wallet, { commitment })

      stack.clock.now += 5 * 60_000 + 1
      const stale = await stack.send('GET', '/v1/wallet/shares', auth)
      assert.equal(stale.status, 403)
      assert.equal(stale.body.error.code, 'SESSION_NOT_FRESH')

      // A new device: log in again, rebuild, re-split under a passphrase.
      stack.clock.now += 31_000
      const device2 = await createDeviceKey(() => stack.clock.now)
      const email = (await stack.send('GET', '/v1/me', auth)).body.user.email
      const second = await login(stack, sink, email, device2, '10.9.0.1')
      const auth2 = { device: device2, token: second.session.token, ip: '10.9.0.1' }
      const wrapped = randomBytes(93).toString('base64')
      const newAuth = randomBytes(33).toString('base64')
      const passphrase = {
        kind: 'passphrase',
        salt: randomBytes(16).toString('base64'),
        kdf: { name: 'argon2id', m: 65_536, t: 3, p: 1 },
      }
      const toCustodial = await stack.send('POST', '/v1/wallet/rotate', {
        ...auth2,
        body: { commitment, authShare: newAuth, recoveryShare, factor: { kind: 'custodial' } },
      })
      assert.equal(toCustodial.body.error.code, 'CUSTODIAL_RECOVERY_OFF')
      const rotated = await stack.send('POST', '/v1/wallet/rotate', {
        ...auth2,
        body: { commitment, authShare: newAuth, recoveryShare: wrapped, factor: passphrase },
      })
      assert.equal(rotated.status, 200, JSON.stringify(rotated.body))
      const after = await stack.send('GET', '/v1/wallet/shares', auth2)
      assert.deepEqual(after.body, {
        commitment,
        authShare: newAuth,
        recoveryShare: wrapped,
        factor: passphrase,
      })
    })

    await t.test(
      'a custodial project keeps the recovery share itself (explicit opt-in)',
      async () => {
        const device = await createDeviceKey(() => stack.clock.now)
        const email = freshEmail()
        const { session } = await login(stack, sink, email, device, '10.9.1.1', 'custodial-project')
        const auth = { device, token: session.token, ip: '10.9.1.1' }
        const body = {
          commitment: { eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
          authShare: randomBytes(33).toString('base64'),
          recoveryShare: randomBytes(33).toString('base64'),
          factor: { kind: 'custodial' },
        }
        const put = await stack.send('PUT', '/v1/wallet', { ...auth, body })
        assert.equal(put.status, 201, JSON.stringify(put.body))
        const shares = await stack.send('GET', '/v1/wallet/shares', auth)
        assert.deepEqual(shares.body.factor, { kind: 'custodial' })
      },
    )
  } finally {
    await stack.close()
    await sink.close()
  }

  await t.test('limits code checks and sends per client address', async () => {
    const sink2 = await startSmtpSink()
    const limited = await startStack(db, sink2, { verifiesPerIpPer10Min: 6, sendsPerIpPerHour: 3 })
    try {
      const ip = '10.10.0.1'
      const attempts = []
      for (let i = 0; i < 3; i++) {
        const email = freshEmail()
        const start = await limited.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email, dappOrigin: DAPP },
          ip,
        })
        assert.equal(start.status, 200)
        attempts.push({ id: start.body.attemptId, otp: otpOf(await sink2.waitForMail(email)) })
      }
      const fourth = await limited.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email: freshEmail(), dappOrigin: DAPP },
        ip,
      })
      assert.equal(fourth.status, 429)
      const device = await createDeviceKey(() => limited.clock.now)
      // Spreading guesses over many codes: 2 wrong tries on each of 3 codes, then refused.
      const statuses = []
      for (const attempt of [...attempts, ...attempts, attempts[0]]) {
        const answer = await limited.send('POST', '/v1/auth/email/verify', {
          body: { attemptId: attempt?.id, otp: wrongOf(attempt?.otp ?? '000000') },
          device,
          ip,
        })
        statuses.push(answer.status)
      }
      assert.deepEqual(statuses, [400, 400, 400, 400, 400, 400, 429])
      const other = await limited.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: attempts[1]?.id, otp: attempts[1]?.otp },
        device,
        ip: '10.10.0.2',
      })
      assert.equal(other.status, 200, 'another address is not limited')
    } finally {
      await limited.close()
      await sink2.close()
    }
  })
}

test('answers MAIL_FAILED when the SMTP server cannot be reached', async () => {
  const db = await openPglite()
  const sink = await startSmtpSink()
  await sink.close()
  // The sink's port is closed now: nodemailer's connection is refused.
  const stack = await startStack(db, sink)
  try {
    await prepareDatabase(db, { seed: false })
    await syncConfig(db, { projects: [testProject({ features: { email: true } })] })
    const answer = await stack.send('POST', '/v1/auth/email/start', {
      body: { projectId: 'test-project', email: freshEmail(), dappOrigin: DAPP },
    })
    assert.equal(answer.status, 502)
    assert.equal(answer.body.error.code, 'MAIL_FAILED')
    assert.equal(answer.body.error.message, 'The e-mail could not be sent; try again')
  } finally {
    await stack.close()
    await db.close()
  }
})

test('embedded wallet server on embedded PGlite', async (t) => {
  const db = await openPglite()
  try {
    await embeddedSuite(t, db)
  } finally {
    await db.close()
  }
})

test('embedded wallet server on a real PostgreSQL', async (t) => {
  const bin = findPostgresBin()
  if (!bin) {
    t.skip(
      'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)',
    )
    return
  }
  const cluster = await startPostgresCluster(bin)
  try {
    const db = openPostgres(await cluster.createDatabase('embedded'))
    try {
      await embeddedSuite(t, db)
    } finally {
      await db.close()
    }
  } finally {
    await cluster.stop()
  }
})
