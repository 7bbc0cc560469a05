// The embedded wallet's server side on embedded PGlite and on a real PostgreSQL: e-mail codes
// read from a real SMTP server, device-bound sessions, the share vault.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { type TestContext, test } from 'node:test'
import { privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import { type Db, openPostgres } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import { createDeviceKey, type DeviceKey } from '../testing/device-key.js'
import {
  DAPP,
  login,
  SECURE,
  startLogin,
  startEmbeddedStack as startStack,
} from '../testing/embedded-stack.js'
import { call, type Json, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { findPostgresBin, startPostgresCluster } from '../testing/postgres.js'
import { otpOf, startSmtpSink } from '../testing/smtp-sink.js'
import { rotationMessage } from './vault.js'

// Anvil's accounts 1 and 2: the wallet's committed address and a stranger.
const owner = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
)
const other = privateKeyToAccount(
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
)
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

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
      testProject({ projectId: 'no-hold-project', features: { email: true }, recoveryHoldMs: 0 }),
    ],
  })
  const sink = await startSmtpSink()
  const stack = await startStack(db, sink)

  /** A wallet of `owner`'s address made by a first device. */
  const makeWallet = async (email: string, ip: string, projectId = 'test-project') => {
    const device = await createDeviceKey(() => stack.clock.now)
    const { session, user } = await login(stack, sink, email, device, { ip, projectId })
    // The recovery share as the frame sends it: wrapped under the visitor's passkey.
    const wallet = {
      commitment: { eip155: owner.address, solana: SOLANA },
      authShare: randomBytes(33).toString('base64'),
      recoveryShare: randomBytes(93).toString('base64'),
      factor: {
        kind: 'passkey',
        credentialId: randomBytes(32).toString('base64url'),
        salt: randomBytes(32).toString('base64'),
      },
    }
    const put = await stack.send('PUT', '/v1/wallet', {
      device,
      token: session.token,
      ip,
      projectId,
      body: wallet,
    })
    assert.equal(put.status, 201)
    return { ...wallet, device, userId: user.id as string }
  }
  /** A rotation to fresh random shares under `factor`, signed by `owner` for `version`. */
  const signedRotation = async (commitment: unknown, version: number, factor: unknown) => {
    const authShare = randomBytes(33)
    const recoveryShare = randomBytes(93)
    return {
      commitment,
      authShare: authShare.toString('base64'),
      recoveryShare: recoveryShare.toString('base64'),
      factor,
      version,
      signature: await owner.signMessage({
        message: rotationMessage({ address: owner.address, version, authShare, recoveryShare }),
      }),
    }
  }
  try {
    await t.test('logs in with the code from the mail, which names the project', async () => {
      const email = freshEmail()
      const device = await createDeviceKey(() => stack.clock.now)
      const first = await login(stack, sink, email, device)
      assert.equal(first.user.email, email)
      assert.equal(first.user.isNew, true)
      const mail = await sink.waitForMail(email)
      assert.match(mail.text, /sign in to Test project/)
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

    await t.test(
      'the code mail names the project and its own origins, never the requesting origin',
      async () => {
        // A page on a host the project's wildcard covers (`https://*.example.org`), not one it
        // names: the mail must not vouch for it.
        const email = freshEmail()
        const device = await createDeviceKey(() => stack.clock.now)
        await startLogin(stack, sink, email, device, {
          dappOrigin: 'https://wallet-support.example.org',
          ip: '10.0.9.1',
        })
        const mail = await sink.waitForMail(email)
        for (const text of [mail.subject, mail.text]) {
          assert.doesNotMatch(text, /wallet-support/)
          assert.match(text, /Test project/)
        }
        assert.match(mail.text, /https:\/\/app\.example\.com, https:\/\/\*\.example\.org/)
      },
    )

    await t.test('answers the same whether the e-mail has an account or not', async () => {
      const known = freshEmail()
      const device = await createDeviceKey(() => stack.clock.now)
      await login(stack, sink, known, device, { ip: '10.1.0.1' })
      stack.clock.now += 31_000
      const answers = []
      for (const email of [known, freshEmail()]) {
        const answer = await stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email, dappOrigin: DAPP },
          device,
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

    await t.test('stores only an HMAC of the code, and not in the subject', async () => {
      const email = freshEmail()
      await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        device: await createDeviceKey(() => stack.clock.now),
        ip: '10.2.0.1',
      })
      const mail = await sink.waitForMail(email)
      const otp = otpOf(mail)
      assert.equal(mail.subject, 'Your code for Test project')
      const rows = await db.query<Json>('select * from embedded.otp_codes where email = $1', [
        email,
      ])
      assert.equal(rows.length, 1)
      assert.ok(!JSON.stringify(rows).includes(otp))
      assert.match(rows[0].code_hmac, /^[A-Za-z0-9_-]{43}$/)
    })

    await t.test('waits 30 s between codes to one device, and only its newest works', async () => {
      const email = freshEmail()
      const device = await createDeviceKey(() => stack.clock.now)
      const start = (ip: string, from = device) =>
        stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email, dappOrigin: DAPP },
          device: from,
          ip,
        })
      const first = await start('10.3.0.1')
      assert.equal(first.status, 200)
      const firstOtp = otpOf(await sink.waitForMail(email))
      stack.clock.now += 10_000
      // Another client address does not get around the device's gap.
      const early = await start('10.3.0.2')
      assert.equal(early.status, 429)
      assert.equal(early.body.error.code, 'RATE_LIMITED')
      assert.equal(early.body.error.message, 'Please try again after 20 seconds')
      assert.equal(early.headers.get('retry-after'), '20')
      // The secure frame may read it (a cross-origin answer shows it only when exposed).
      assert.equal(early.headers.get('access-control-expose-headers'), 'retry-after')
      // Another device's code neither waits for this one nor replaces it.
      const other = await createDeviceKey(() => stack.clock.now)
      const elsewhere = await start('10.3.0.3', other)
      assert.equal(elsewhere.status, 200)
      const otherOtp = otpOf(await sink.waitForMail(email, { after: 1 }))
      stack.clock.now += 20_000
      const second = await start('10.3.0.1')
      assert.equal(second.status, 200)
      const secondOtp = otpOf(await sink.waitForMail(email, { after: 2 }))
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
      const otherLogin = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: elsewhere.body.attemptId, otp: otherOtp },
        device: other,
        ip: '10.3.0.3',
      })
      assert.equal(otherLogin.status, 200, 'the other device kept its attempt')
    })

    await t.test('locks a code after 5 wrong tries, even for the right code', async () => {
      const email = freshEmail()
      const device = await createDeviceKey(() => stack.clock.now)
      const start = await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        device,
        ip: '10.4.0.1',
      })
      const otp = otpOf(await sink.waitForMail(email))
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
      const device = await createDeviceKey(() => stack.clock.now)
      const start = await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        device,
        ip: '10.5.0.1',
      })
      const otp = otpOf(await sink.waitForMail(email))
      stack.clock.now += 10 * 60_000
      const late = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId: start.body.attemptId, otp },
        device,
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
          device: await createDeviceKey(() => stack.clock.now),
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
      const { session } = await login(stack, sink, freshEmail(), device, { ip: '10.7.0.1' })
      const url = `${stack.server.url}/v1/me`
      const get = (headers: Record<string, string>) =>
        call(url, {
          headers: {
            origin: SECURE,
            authorization: `Bearer ${session.token}`,
            'openmodal-project': 'test-project',
            ...headers,
          },
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
      const noProofAtStart = await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email: freshEmail(), dappOrigin: DAPP },
        ip: '10.7.0.2',
      })
      assert.equal(noProofAtStart.status, 401, 'an attempt starts only with a device proof')
      assert.equal(noProofAtStart.body.error.code, 'INVALID_PROOF')
      const underB = await get({
        'openmodal-proof': await proof(device),
        'openmodal-project': 'other-project',
      })
      assert.equal(underB.status, 401, 'a session of one project is refused under another')
      assert.equal(underB.body.error.message, 'This session belongs to another project')

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
      const otherDevice = await createDeviceKey(() => stack.clock.now)
      const other = await login(stack, sink, email, otherDevice, { ip: '10.8.0.2' })
      const otherAuth = { device: otherDevice, token: other.session.token, ip: '10.8.0.2' }
      const { session, user } = await login(stack, sink, email, device, { ip: '10.8.0.1' })
      const auth = { device, token: session.token, ip: '10.8.0.1' }
      stack.clock.now += 31_000
      const start = await stack.send('POST', '/v1/auth/email/update/start', {
        ...auth,
        body: { newEmail },
      })
      assert.equal(start.status, 200, JSON.stringify(start.body))
      const primary = await sink.waitForMail(email, { after: 2 })
      assert.match(primary.text, /changing the e-mail/)
      // The frame asks where each code's mail stands, by step; another device cannot.
      const mailOf = (
        step: 'update_primary' | 'update_secondary',
        as: { device: DeviceKey; token?: string; ip: string } = auth,
      ) =>
        stack.send('POST', '/v1/auth/email/status', {
          ...as,
          body: { attemptId: start.body.attemptId, step },
        })
      // The mail may reach the sink a moment before the server records that it left.
      const sentMail = async (step: 'update_primary' | 'update_secondary') => {
        let answer = await mailOf(step)
        for (let i = 0; i < 50 && answer.body.mail === 'sending'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          answer = await mailOf(step)
        }
        return answer.body
      }
      assert.deepEqual(await sentMail('update_primary'), { mail: 'sent' })
      assert.equal((await mailOf('update_secondary')).status, 404)
      assert.equal((await mailOf('update_primary', otherAuth)).status, 404)
      // Without the session (a device proof alone), an update's mail is not told.
      assert.equal((await mailOf('update_primary', { device, ip: '10.8.0.1' })).status, 401)
      const step = await stack.send('POST', '/v1/auth/email/update/verify-primary', {
        ...auth,
        body: { attemptId: start.body.attemptId, otp: otpOf(primary) },
      })
      assert.deepEqual(step.body, { action: 'VERIFY_SECONDARY_OTP' })
      const secondary = otpOf(await sink.waitForMail(newEmail))
      assert.deepEqual(await sentMail('update_secondary'), { mail: 'sent' })
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
      // Every other session ends, and both addresses are told.
      assert.equal((await stack.send('GET', '/v1/me', otherAuth)).status, 401)
      for (const to of [email, newEmail]) {
        const notice = await sink.waitForMail(to, { after: to === email ? 3 : 1 })
        assert.equal(notice.subject, 'The e-mail of your wallet on Test project changed')
        assert.ok(notice.text.includes(`changed from ${email} to ${newEmail}`))
      }
      // A session older than a few minutes cannot start a change.
      stack.clock.now += 5 * 60_000 + 1
      const stale = await stack.send('POST', '/v1/auth/email/update/start', {
        ...auth,
        body: { newEmail: freshEmail() },
      })
      assert.equal(stale.status, 403)
      assert.equal(stale.body.error.code, 'SESSION_NOT_FRESH')
    })

    await t.test('keeps the shares sealed and gives them only to a fresh session', async () => {
      const device = await createDeviceKey(() => stack.clock.now)
      const email = freshEmail()
      const { session } = await login(stack, sink, email, device, { ip: '10.9.0.1' })
      const auth = { device, token: session.token, ip: '10.9.0.1' }
      const authShare = randomBytes(33).toString('base64')
      const recoveryShare = randomBytes(33).toString('base64')
      const commitment = { eip155: owner.address, solana: SOLANA }
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

      // The device that made the wallet gets the auth share, never the recovery share.
      const shares = await stack.send('GET', '/v1/wallet/shares', auth)
      assert.deepEqual(shares.body, { commitment, version: 1, authShare })
      const needless = await stack.send('POST', '/v1/wallet/recovery', { ...auth, body: {} })
      assert.equal(needless.status, 409)
      const me = await stack.send('GET', '/v1/me', auth)
      assert.deepEqual(me.body.wallet, { commitment })

      stack.clock.now += 5 * 60_000 + 1
      const stale = await stack.send('GET', '/v1/wallet/shares', auth)
      assert.equal(stale.status, 403)
      assert.equal(stale.body.error.code, 'SESSION_NOT_FRESH')
    })

    await t.test(
      'gives a new device the recovery share alone, with a notice whose link locks the wallet',
      async () => {
        const email = freshEmail()
        const wallet = await makeWallet(email, '10.11.0.1')
        stack.clock.now += 31_000
        const device2 = await createDeviceKey(() => stack.clock.now)
        const second = await login(stack, sink, email, device2, { ip: '10.11.0.2' })
        const auth2 = { device: device2, token: second.session.token, ip: '10.11.0.2' }
        const before = sink.mails.filter((m) => m.to.includes(email)).length
        const early = await stack.send('GET', '/v1/wallet/shares', auth2)
        assert.equal(early.status, 403)
        assert.equal(early.body.error.code, 'RECOVERY_REQUIRED')
        const recovery = await stack.send('POST', '/v1/wallet/recovery', { ...auth2, body: {} })
        assert.equal(recovery.status, 200, JSON.stringify(recovery.body))
        assert.deepEqual(recovery.body, {
          commitment: wallet.commitment,
          version: 1,
          recoveryShare: wallet.recoveryShare,
          factor: wallet.factor,
        })
        const notice = await sink.waitForMail(email, { after: before })
        assert.equal(notice.subject, 'A new device recovered your wallet on Test project')
        assert.match(
          notice.text,
          /A new device recovered your wallet on Test project at \d{4}-\d\d-\d\d \d\d:\d\d UTC/,
        )
        const after = await stack.send('GET', '/v1/wallet/shares', auth2)
        assert.deepEqual(after.body, {
          commitment: wallet.commitment,
          version: 1,
          authShare: wallet.authShare,
        })

        // The lock link: GET only asks (mail scanners open links), POST locks.
        const link = /(http:\/\/\S+\/v1\/lock\/\S+)/.exec(notice.text)?.[1]
        assert.ok(link, notice.text)
        const page = await call(link)
        assert.equal(page.status, 200)
        assert.match(page.body, /<form method="post">/)
        assert.equal((await stack.send('GET', '/v1/me', auth2)).status, 200, 'GET locks nothing')
        const locked = await call(link, { method: 'POST' })
        assert.equal(locked.status, 200)
        assert.match(locked.body, /Your wallet is locked/)
        assert.equal((await call(link, { method: 'POST' })).status, 404, 'a link works once')
        assert.equal((await stack.send('GET', '/v1/me', auth2)).status, 401, 'sessions end')
        stack.clock.now += 31_000
        const { attemptId, otp } = await startLogin(stack, sink, email, device2, {
          ip: '10.11.0.2',
        })
        const refused = await stack.send('POST', '/v1/auth/email/verify', {
          body: { attemptId, otp },
          device: device2,
          ip: '10.11.0.2',
        })
        assert.equal(refused.status, 403)
        assert.equal(refused.body.error.code, 'ACCOUNT_LOCKED')
      },
    )

    await t.test(
      'rotates only the same commitment, signed by its address, and keeps the old shares',
      async () => {
        const email = freshEmail()
        const wallet = await makeWallet(email, '10.12.0.1')
        stack.clock.now += 31_000
        const device2 = await createDeviceKey(() => stack.clock.now)
        const second = await login(stack, sink, email, device2, { ip: '10.12.0.2' })
        const auth2 = { device: device2, token: second.session.token, ip: '10.12.0.2' }
        const mailed = sink.mails.filter((m) => m.to.includes(email)).length
        await stack.send('POST', '/v1/wallet/recovery', { ...auth2, body: {} })
        // Its notice leaves after the answer: wait for it, so that the rotation's is the next.
        const recovered = await sink.waitForMail(email, { after: mailed })
        assert.match(recovered.subject, /^A new device recovered your wallet/)
        const newAuth = randomBytes(33)
        const wrapped = randomBytes(93)
        const signed = async (
          auth: Uint8Array,
          recovery: Uint8Array,
          version: number,
          signer = owner,
        ) =>
          signer.signMessage({
            message: rotationMessage({
              address: owner.address,
              version,
              authShare: auth,
              recoveryShare: recovery,
            }),
          })
        // The new device's re-split keeps the wallet's passkey (it is held: embedded/holds.ts).
        const body = (overrides: Record<string, unknown> = {}) => ({
          commitment: wallet.commitment,
          authShare: newAuth.toString('base64'),
          recoveryShare: wrapped.toString('base64'),
          factor: wallet.factor,
          version: 2,
          ...overrides,
        })
        const rowOf = async () =>
          JSON.stringify(
            await db.query('select * from embedded.wallets where user_id = $1', [wallet.userId]),
          )
        const unchanged = await rowOf()
        const garbage = randomBytes(3)
        const refusals = [
          // A changed commitment, even signed by the new address.
          body({
            commitment: { eip155: other.address, solana: SOLANA },
            signature: await signed(newAuth, wrapped, 2, other),
          }),
          // Garbage shares, signed.
          body({
            authShare: garbage.toString('base64'),
            signature: await signed(garbage, wrapped, 2),
          }),
          body({
            recoveryShare: garbage.toString('base64'),
            signature: await signed(newAuth, garbage, 2),
          }),
          // No signature, or one by another key, or over other shares.
          body(),
          body({ signature: await signed(newAuth, wrapped, 2, other) }),
          body({ signature: await signed(randomBytes(33), wrapped, 2) }),
          // A version that is not the next one (a replayed or skipped rotation).
          body({ version: 1, signature: await signed(newAuth, wrapped, 1) }),
          body({ version: 3, signature: await signed(newAuth, wrapped, 3) }),
          // A signed rotation to operator-held recovery in a non-custodial project.
          body({
            recoveryShare: newAuth.toString('base64'),
            factor: { kind: 'custodial' },
            signature: await signed(newAuth, newAuth, 2),
          }),
        ]
        const statuses = []
        for (const refused of refusals) {
          statuses.push(
            (await stack.send('POST', '/v1/wallet/rotate', { ...auth2, body: refused })).status,
          )
        }
        assert.deepEqual(statuses, [400, 400, 400, 400, 403, 403, 400, 409, 403])
        assert.equal(await rowOf(), unchanged, 'nothing changed')

        const before = sink.mails.filter((m) => m.to.includes(email)).length
        const rotated = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth2,
          body: body({ signature: await signed(newAuth, wrapped, 2) }),
        })
        assert.equal(rotated.status, 200, JSON.stringify(rotated.body))
        assert.deepEqual(rotated.body, { commitment: wallet.commitment, version: 2 })
        const notice = await sink.waitForMail(email, { after: before })
        assert.equal(notice.subject, 'The shares of your wallet on Test project were replaced')
        const replay = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth2,
          body: body({ signature: await signed(newAuth, wrapped, 2) }),
        })
        assert.equal(replay.status, 409, 'a signed rotation works once')
        const [row] = await db.query<Json>(
          'select recovery, recovery_factor from embedded.wallets where user_id = $1',
          [wallet.userId],
        )
        assert.deepEqual(row, { recovery: 'passkey', recovery_factor: wallet.factor })
        const after = await stack.send('GET', '/v1/wallet/shares', auth2)
        assert.deepEqual(after.body, {
          commitment: wallet.commitment,
          version: 2,
          authShare: newAuth.toString('base64'),
        })

        // The first device still gets the auth share of its version during the window.
        stack.clock.now += 31_000
        const first = await login(stack, sink, email, wallet.device, { ip: '10.12.0.1' })
        const auth1 = { device: wallet.device, token: first.session.token, ip: '10.12.0.1' }
        const old = await stack.send('GET', '/v1/wallet/shares', auth1)
        assert.deepEqual(old.body, {
          commitment: wallet.commitment,
          version: 1,
          authShare: wallet.authShare,
        })
        stack.clock.now += 7 * 24 * 3_600_000
        const later = await login(stack, sink, email, wallet.device, { ip: '10.12.0.1' })
        const retired = await stack.send('GET', '/v1/wallet/shares', {
          ...auth1,
          token: later.session.token,
        })
        assert.equal(retired.status, 403)
        assert.equal(retired.body.error.code, 'SHARES_RETIRED')
      },
    )

    await t.test(
      'changes the recovery factor from a known device: fresh login, all or nothing, once',
      async () => {
        const email = freshEmail()
        const wallet = await makeWallet(email, '10.13.0.1')
        const ip = '10.13.0.1'
        const passphrase = {
          kind: 'passphrase',
          salt: randomBytes(16).toString('base64'),
          kdf: { name: 'argon2id', m: 65_536, t: 3, p: 1 },
        }
        const newAuth = randomBytes(33)
        const wrapped = randomBytes(93)
        const body = {
          commitment: wallet.commitment,
          authShare: newAuth.toString('base64'),
          recoveryShare: wrapped.toString('base64'),
          factor: passphrase,
          version: 2,
          signature: await owner.signMessage({
            message: rotationMessage({
              address: owner.address,
              version: 2,
              authShare: newAuth,
              recoveryShare: wrapped,
            }),
          }),
        }
        const rowOf = async () =>
          JSON.stringify(
            await db.query(
              `select w.*, (select count(*) from embedded.wallet_share_history h
                 where h.user_id = w.user_id) as history,
               (select json_agg(d.version) from embedded.wallet_devices d
                 where d.user_id = w.user_id) as devices
               from embedded.wallets w where w.user_id = $1`,
              [wallet.userId],
            ),
          )
        const unchanged = await rowOf()

        // A stolen session past its fresh login: the signed change is refused.
        stack.clock.now += 5 * 60_000 + 1
        const stale = await login(stack, sink, email, wallet.device, { ip })
        stack.clock.now += 5 * 60_000 + 1
        const staleAuth = { device: wallet.device, token: stale.session.token, ip }
        const refused = await stack.send('POST', '/v1/wallet/rotate', { ...staleAuth, body })
        assert.equal(refused.status, 403)
        assert.equal(refused.body.error.code, 'SESSION_NOT_FRESH')
        assert.equal(await rowOf(), unchanged)

        // A new code on the known device makes the session fresh.
        stack.clock.now += 31_000
        const fresh = await login(stack, sink, email, wallet.device, { ip })
        const auth = { device: wallet.device, token: fresh.session.token, ip }
        // The server fails midway (after the old shares went to the history and the new ones
        // were written, at the device's new version): the transaction leaves the old factor.
        await db.query(`create or replace function embedded.test_fail() returns trigger
          language plpgsql as $$ begin raise exception 'killed midway'; end $$`)
        await db.query(`create trigger test_fail before insert or update on embedded.wallet_devices
          for each row execute function embedded.test_fail()`)
        try {
          const killed = await stack.send('POST', '/v1/wallet/rotate', { ...auth, body })
          assert.equal(killed.status, 500, JSON.stringify(killed.body))
        } finally {
          await db.query('drop trigger test_fail on embedded.wallet_devices')
          await db.query('drop function embedded.test_fail()')
        }
        assert.equal(await rowOf(), unchanged, 'the old factor still stands')

        const before = sink.mails.filter((m) => m.to.includes(email)).length
        const changed = await stack.send('POST', '/v1/wallet/rotate', { ...auth, body })
        assert.equal(changed.status, 200, JSON.stringify(changed.body))
        const notice = await sink.waitForMail(email, { after: before })
        assert.equal(notice.subject, 'The recovery of your wallet on Test project changed')
        assert.match(notice.text, /changed what recovers it on a new device\nat .+: a passphrase\./)
        assert.match(notice.text, /Not you\? Open this link to lock your wallet/)
        // The same signed change again (a replay, with a new proof): refused.
        const replay = await stack.send('POST', '/v1/wallet/rotate', { ...auth, body })
        assert.equal(replay.status, 409)
        assert.equal(replay.body.error.code, 'VERSION_CONFLICT')
        // The known device gets the new auth share; a new device gets only the new blob.
        const shares = await stack.send('GET', '/v1/wallet/shares', auth)
        assert.deepEqual(shares.body, {
          commitment: wallet.commitment,
          version: 2,
          authShare: newAuth.toString('base64'),
        })
        stack.clock.now += 31_000
        const device2 = await createDeviceKey(() => stack.clock.now)
        const second = await login(stack, sink, email, device2, { ip: '10.13.0.2' })
        const recovery = await stack.send('POST', '/v1/wallet/recovery', {
          device: device2,
          token: second.session.token,
          ip: '10.13.0.2',
          body: {},
        })
        assert.equal(recovery.status, 200, JSON.stringify(recovery.body))
        assert.deepEqual(recovery.body, {
          commitment: wallet.commitment,
          version: 2,
          recoveryShare: wrapped.toString('base64'),
          factor: passphrase,
        })
      },
    )

    await t.test(
      'holds a device that recovered the wallet: no factor or e-mail change until it ends',
      async () => {
        const HOLD = 24 * 3_600_000
        const email = freshEmail()
        const wallet = await makeWallet(email, '10.14.0.1')
        const auth1 = { device: wallet.device, token: '', ip: '10.14.0.1' }
        stack.clock.now += 31_000
        const device2 = await createDeviceKey(() => stack.clock.now)
        const second = await login(stack, sink, email, device2, { ip: '10.14.0.2' })
        const auth2 = { device: device2, token: second.session.token, ip: '10.14.0.2' }
        const mailed = sink.mails.filter((m) => m.to.includes(email)).length
        const recoveredAt = stack.clock.now
        const recovery = await stack.send('POST', '/v1/wallet/recovery', { ...auth2, body: {} })
        assert.equal(recovery.status, 200, JSON.stringify(recovery.body))
        const until = new Date(recoveredAt + HOLD).toISOString()
        const notice = await sink.waitForMail(email, { after: mailed })
        assert.match(notice.text, /Until \d{4}-\d\d-\d\d \d\d:\d\d UTC that device cannot change/)
        assert.deepEqual((await stack.send('GET', '/v1/me', auth2)).body.hold, { until })

        const passphrase = {
          kind: 'passphrase',
          salt: randomBytes(16).toString('base64'),
          kdf: { name: 'argon2id', m: 65_536, t: 3, p: 1 },
        }
        const rotation = (version: number, factor: unknown) =>
          signedRotation(wallet.commitment, version, factor)
        const rowsOf = async () =>
          JSON.stringify([
            await db.query('select * from embedded.wallets where user_id = $1', [wallet.userId]),
            await db.query(
              'select * from embedded.wallet_devices where user_id = $1 order by jkt',
              [wallet.userId],
            ),
            await db.query('select email from embedded.users where id = $1', [wallet.userId]),
          ])
        const held = (answer: { status: number; body: Json }) => {
          assert.equal(answer.status, 403, JSON.stringify(answer.body))
          assert.equal(answer.body.error.code, 'NEW_DEVICE_HOLD')
          assert.equal(answer.body.error.until, until)
        }
        const unchanged = await rowsOf()

        // The re-split that finishes the recovery may not swap the passkey for a passphrase...
        held(
          await stack.send('POST', '/v1/wallet/rotate', {
            ...auth2,
            body: await rotation(2, passphrase),
          }),
        )
        assert.equal(await rowsOf(), unchanged, 'nothing changed')
        // ...nor may this device change the e-mail: no code is even sent.
        const before = sink.mails.length
        held(
          await stack.send('POST', '/v1/auth/email/update/start', {
            ...auth2,
            body: { newEmail: freshEmail() },
          }),
        )
        assert.equal(sink.mails.length, before, 'no code mailed')
        // The re-split that keeps the wallet's factor is part of the recovery: it passes.
        const resplit = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth2,
          body: await rotation(2, wallet.factor),
        })
        assert.equal(resplit.status, 200, JSON.stringify(resplit.body))
        const settled = await rowsOf()
        // Once it holds its share, any later rotation waits for the hold, from any new session.
        held(
          await stack.send('POST', '/v1/wallet/rotate', {
            ...auth2,
            body: await rotation(3, wallet.factor),
          }),
        )
        stack.clock.now += 31_000
        const again = await login(stack, sink, email, device2, { ip: '10.14.0.2' })
        const auth2b = { ...auth2, token: again.session.token }
        held(
          await stack.send('POST', '/v1/wallet/rotate', {
            ...auth2b,
            body: await rotation(3, passphrase),
          }),
        )
        held(
          await stack.send('POST', '/v1/auth/email/update/start', {
            ...auth2b,
            body: { newEmail: freshEmail() },
          }),
        )
        assert.equal(await rowsOf(), settled, 'nothing changed')

        // Another key with one code, which never recovered the wallet, changes nothing either.
        stack.clock.now += 31_000
        const device3 = await createDeviceKey(() => stack.clock.now)
        const third = await login(stack, sink, email, device3, { ip: '10.14.0.3' })
        const auth3 = { device: device3, token: third.session.token, ip: '10.14.0.3' }
        for (const refused of [
          await stack.send('POST', '/v1/wallet/rotate', {
            ...auth3,
            body: await rotation(3, passphrase),
          }),
          await stack.send('POST', '/v1/auth/email/update/start', {
            ...auth3,
            body: { newEmail: freshEmail() },
          }),
        ]) {
          assert.equal(refused.status, 403, JSON.stringify(refused.body))
          assert.equal(refused.body.error.code, 'RECOVERY_REQUIRED')
        }
        assert.equal(await rowsOf(), settled, 'nothing changed')

        // The device that made the wallet is not held: it may start an e-mail change now.
        stack.clock.now += 31_000
        const first = await login(stack, sink, email, wallet.device, { ip: '10.14.0.1' })
        auth1.token = first.session.token
        assert.equal((await stack.send('GET', '/v1/me', auth1)).body.hold, undefined)
        stack.clock.now += 31_000
        const owners = await stack.send('POST', '/v1/auth/email/update/start', {
          ...auth1,
          body: { newEmail: freshEmail() },
        })
        assert.equal(owners.status, 200, JSON.stringify(owners.body))

        // Another new device recovers while the first is held (the demo's cancel + Try again):
        // its own re-split passes, keeping the factor; then it is held in turn.
        const recovered3 = await stack.send('POST', '/v1/wallet/recovery', { ...auth3, body: {} })
        assert.equal(recovered3.status, 200, JSON.stringify(recovered3.body))
        const resplit3 = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth3,
          body: await rotation(3, wallet.factor),
        })
        assert.equal(resplit3.status, 200, JSON.stringify(resplit3.body))
        const held3 = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth3,
          body: await rotation(4, passphrase),
        })
        assert.equal(held3.body.error?.code, 'NEW_DEVICE_HOLD')

        // After the hold, the same device changes the factor and starts an e-mail change.
        stack.clock.now = recoveredAt + HOLD + 1
        const later = await login(stack, sink, email, device2, { ip: '10.14.0.2' })
        const auth2c = { ...auth2, token: later.session.token }
        assert.equal((await stack.send('GET', '/v1/me', auth2c)).body.hold, undefined)
        const changed = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth2c,
          body: await rotation(4, passphrase),
        })
        assert.equal(changed.status, 200, JSON.stringify(changed.body))
        stack.clock.now += 31_000
        const update = await stack.send('POST', '/v1/auth/email/update/start', {
          ...auth2c,
          body: { newEmail: freshEmail() },
        })
        assert.equal(update.status, 200, JSON.stringify(update.body))
      },
    )

    await t.test(
      'the lock link works during the hold; a project may turn the hold off',
      async () => {
        const email = freshEmail()
        await makeWallet(email, '10.15.0.1')
        stack.clock.now += 31_000
        const device2 = await createDeviceKey(() => stack.clock.now)
        const second = await login(stack, sink, email, device2, { ip: '10.15.0.2' })
        const auth2 = { device: device2, token: second.session.token, ip: '10.15.0.2' }
        const mailed = sink.mails.filter((m) => m.to.includes(email)).length
        await stack.send('POST', '/v1/wallet/recovery', { ...auth2, body: {} })
        const notice = await sink.waitForMail(email, { after: mailed })
        assert.ok((await stack.send('GET', '/v1/me', auth2)).body.hold, 'held')
        const link = /(http:\/\/\S+\/v1\/lock\/\S+)/.exec(notice.text)?.[1]
        assert.ok(link, notice.text)
        assert.equal((await call(link, { method: 'POST' })).status, 200)
        assert.equal((await stack.send('GET', '/v1/me', auth2)).status, 401, 'signed out')

        // recoveryHoldMs 0: the recovered device may change the factor at once.
        const project = { projectId: 'no-hold-project' }
        const other = freshEmail()
        const wallet = await makeWallet(other, '10.15.0.3', project.projectId)
        stack.clock.now += 31_000
        const device4 = await createDeviceKey(() => stack.clock.now)
        const fourth = await login(stack, sink, other, device4, { ip: '10.15.0.4', ...project })
        const auth4 = { device: device4, token: fourth.session.token, ip: '10.15.0.4', ...project }
        const before = sink.mails.filter((m) => m.to.includes(other)).length
        assert.equal(
          (await stack.send('POST', '/v1/wallet/recovery', { ...auth4, body: {} })).status,
          200,
        )
        const quiet = await sink.waitForMail(other, { after: before })
        assert.doesNotMatch(quiet.text, /cannot change/)
        assert.equal((await stack.send('GET', '/v1/me', auth4)).body.hold, undefined)
        const changed = await stack.send('POST', '/v1/wallet/rotate', {
          ...auth4,
          body: await signedRotation(wallet.commitment, 2, {
            kind: 'passphrase',
            salt: randomBytes(16).toString('base64'),
            kdf: { name: 'argon2id', m: 65_536, t: 3, p: 1 },
          }),
        })
        assert.equal(changed.status, 200, JSON.stringify(changed.body))
      },
    )

    await t.test(
      'a custodial project keeps the recovery share itself (explicit opt-in)',
      async () => {
        const device = await createDeviceKey(() => stack.clock.now)
        const email = freshEmail()
        const project = { projectId: 'custodial-project' }
        const { session } = await login(stack, sink, email, device, { ip: '10.9.1.1', ...project })
        const auth = { device, token: session.token, ip: '10.9.1.1', ...project }
        const body = {
          commitment: { eip155: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
          authShare: randomBytes(33).toString('base64'),
          recoveryShare: randomBytes(33).toString('base64'),
          factor: { kind: 'custodial' },
        }
        const put = await stack.send('PUT', '/v1/wallet', { ...auth, body })
        assert.equal(put.status, 201, JSON.stringify(put.body))
        // A new device gets the share itself with its factor: a fresh login alone recovers.
        stack.clock.now += 31_000
        const device2 = await createDeviceKey(() => stack.clock.now)
        const second = await login(stack, sink, email, device2, { ip: '10.9.1.2', ...project })
        const recovery = await stack.send('POST', '/v1/wallet/recovery', {
          device: device2,
          token: second.session.token,
          ip: '10.9.1.2',
          ...project,
          body: {},
        })
        assert.equal(recovery.status, 200, JSON.stringify(recovery.body))
        assert.deepEqual(recovery.body.factor, { kind: 'custodial' })
        assert.equal(recovery.body.recoveryShare, body.recoveryShare)
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
      const device = await createDeviceKey(() => limited.clock.now)
      const attempts = []
      for (let i = 0; i < 3; i++) {
        const email = freshEmail()
        const start = await limited.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email, dappOrigin: DAPP },
          device,
          ip,
        })
        assert.equal(start.status, 200)
        attempts.push({ id: start.body.attemptId, otp: otpOf(await sink2.waitForMail(email)) })
      }
      const fourth = await limited.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email: freshEmail(), dappOrigin: DAPP },
        device: await createDeviceKey(() => limited.clock.now),
        ip,
      })
      assert.equal(fourth.status, 429)
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

test('caps wrong codes per e-mail and counts send quotas per requester', async (t) => {
  const db = await openTestPglite()
  const sink = await startSmtpSink()
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, { projects: [testProject({ features: { email: true } })] })
  const stack = await startStack(db, sink, { failedCodesPer30Days: 12, emailLockMs: 60_000 })
  try {
    await t.test('a victim still gets a code while another requester is out of quota', async () => {
      const victim = freshEmail()
      const attacker = await createDeviceKey(() => stack.clock.now)
      const owner = await createDeviceKey(() => stack.clock.now)
      const first = await startLogin(stack, sink, victim, owner, { ip: '10.30.0.1' })
      const statuses = []
      for (let i = 0; i < 11; i++) {
        const answer = await stack.send('POST', '/v1/auth/email/start', {
          body: { projectId: 'test-project', email: victim, dappOrigin: DAPP },
          device: attacker,
          ip: '10.30.0.2',
        })
        statuses.push(answer.status)
        stack.clock.now += 31_000
      }
      assert.deepEqual(statuses, [...Array(10).fill(200), 429], 'the requester hit its own cap')
      // The attacker's codes replaced nothing of the visitor's, and the visitor gets new ones.
      const verify = await stack.send('POST', '/v1/auth/email/verify', {
        body: first,
        device: owner,
        ip: '10.30.0.1',
      })
      assert.equal(verify.status, 200, JSON.stringify(verify.body))
      await login(stack, sink, victim, owner, { ip: '10.30.0.1' })
    })

    await t.test('locks the e-mail at the total of wrong codes, then twice as long', async () => {
      const email = freshEmail()
      const attacker = await createDeviceKey(() => stack.clock.now)
      const guess = async () => {
        const { attemptId, otp } = await startLogin(stack, sink, email, attacker, {
          ip: '10.31.0.1',
        })
        const codes = []
        for (let i = 0; i < 5; i++) {
          const answer = await stack.send('POST', '/v1/auth/email/verify', {
            body: { attemptId, otp: wrongOf(otp) },
            device: attacker,
            ip: `10.31.${i}.2`,
          })
          codes.push(answer.body.error.code)
          if (answer.body.error.code === 'EMAIL_LOCKED') break
        }
        stack.clock.now += 31_000
        return codes
      }
      assert.deepEqual(await guess(), [...Array(4).fill('INVALID_OTP'), 'OTP_LOCKED'])
      assert.deepEqual(await guess(), [...Array(4).fill('INVALID_OTP'), 'OTP_LOCKED'])
      assert.deepEqual(await guess(), ['INVALID_OTP', 'EMAIL_LOCKED'], 'the 12th wrong code locks')
      const mail = await sink.waitForMail(email, { after: 3 })
      assert.equal(mail.subject, 'Logins to your wallet on Test project are locked')
      // Locked: no code is sent, not even to the visitor's own device.
      const owner = await createDeviceKey(() => stack.clock.now)
      const start = await stack.send('POST', '/v1/auth/email/start', {
        body: { projectId: 'test-project', email, dappOrigin: DAPP },
        device: owner,
        ip: '10.31.9.9',
      })
      assert.equal(start.status, 429)
      assert.equal(start.body.error.code, 'EMAIL_LOCKED')
      const firstLock = Number(start.headers.get('retry-after'))
      assert.ok(firstLock > 0 && firstLock <= 60)
      // After the lock, the next wrong code in the 30 days locks again, twice as long.
      stack.clock.now += 61_000
      const { attemptId, otp } = await startLogin(stack, sink, email, attacker, { ip: '10.31.0.1' })
      const again = await stack.send('POST', '/v1/auth/email/verify', {
        body: { attemptId, otp: wrongOf(otp) },
        device: attacker,
        ip: '10.31.0.3',
      })
      assert.equal(again.body.error.code, 'EMAIL_LOCKED')
      assert.equal(again.headers.get('retry-after'), '120')
      // The 30-day window passes: logins work again.
      stack.clock.now += 31 * 24 * 3_600_000
      await login(stack, sink, email, owner, { ip: '10.31.9.9' })
    })

    await t.test('keeps users per project unless the operator links them', async () => {
      await syncConfig(db, {
        projects: [
          testProject({ features: { email: true } }),
          testProject({ projectId: 'project-b', name: 'B', features: { email: true } }),
          testProject({ projectId: 'linked-c', name: 'C', features: { email: true } }),
        ],
      })
      const linked = await startStack(
        db,
        sink,
        {},
        {
          sharedWallets: { suite: ['test-project', 'linked-c'] },
        },
      )
      try {
        const email = freshEmail()
        const device = await createDeviceKey(() => linked.clock.now)
        const a = await login(linked, sink, email, device, { ip: '10.32.0.1' })
        linked.clock.now += 31_000
        const b = await login(linked, sink, email, device, {
          ip: '10.32.0.1',
          projectId: 'project-b',
        })
        assert.notEqual(b.user.id, a.user.id, 'two projects, two users')
        assert.equal(b.user.isNew, true)
        linked.clock.now += 31_000
        const c = await login(linked, sink, email, device, {
          ip: '10.32.0.1',
          projectId: 'linked-c',
        })
        assert.equal(c.user.id, a.user.id, 'linked projects share the user')
        // Each session still belongs to its project.
        const cross = await linked.send('GET', '/v1/me', {
          device,
          token: c.session.token,
          projectId: 'test-project',
        })
        assert.equal(cross.status, 401)
      } finally {
        await linked.close()
      }
    })
  } finally {
    await stack.close()
    await sink.close()
    await db.close()
  }
})

test('answers MAIL_FAILED when the SMTP server cannot be reached', async () => {
  const db = await openTestPglite()
  const sink = await startSmtpSink()
  await sink.close()
  // The sink's port is closed now: nodemailer's connection is refused.
  const stack = await startStack(db, sink)
  try {
    await prepareDatabase(db, { seed: false })
    await syncConfig(db, { projects: [testProject({ features: { email: true } })] })
    const device = await createDeviceKey(() => stack.clock.now)
    // The answer does not wait for the mail; the failure is on the attempt.
    const answer = await stack.send('POST', '/v1/auth/email/start', {
      body: { projectId: 'test-project', email: freshEmail(), dappOrigin: DAPP },
      device,
    })
    assert.equal(answer.status, 200)
    const attemptId = answer.body.attemptId
    let status = await stack.send('POST', '/v1/auth/email/status', { body: { attemptId }, device })
    for (let i = 0; i < 100 && status.status === 200; i++) {
      assert.equal(status.body.mail, 'sending')
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = await stack.send('POST', '/v1/auth/email/status', { body: { attemptId }, device })
    }
    assert.equal(status.status, 502)
    assert.equal(status.body.error.code, 'MAIL_FAILED')
    assert.equal(status.body.error.message, 'The e-mail could not be sent; try again')
    const verify = await stack.send('POST', '/v1/auth/email/verify', {
      body: { attemptId, otp: '123456' },
      device,
    })
    assert.equal(verify.status, 502)
    assert.equal(verify.body.error.code, 'MAIL_FAILED')
  } finally {
    await stack.close()
    await db.close()
  }
})

test('embedded wallet server on embedded PGlite', async (t) => {
  const db = await openTestPglite()
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
