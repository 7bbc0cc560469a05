// Recovery only the visitor can do, in Chromium against this server (PGlite, the built secure
// site on its own origin, a real SMTP mailbox): a first login registers a passkey of the secure
// origin with the PRF extension (Chromium's virtual authenticator over CDP) and locks the
// recovery share under it; a new device (a fresh frame: the stock browser keeps no storage for
// the cross-site frame) recovers the same address only with that passkey. A second browser
// profile without it, one with the credential copied over CDP (Chromium's export carries no PRF
// secret), a wrong passphrase, and the operator's database and vault key: refused.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildSecureSite } from '@openmodal/secure-site/serve'
import { addVirtualAuthenticator, freePort } from '@openmodal/testing/node'
import { type Browser, chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { clickAfterRest } from '../../../tools/frame-approve.mjs'
// The secure site's own rebuild (Shamir + derivation + commitment check), run as an operator.
import { rebuildKeys } from '../../secure-site/src/keys/shares.js'
import { prepareDatabase } from './bootstrap.js'
import type { Db } from './db/db.js'
import { createSmtpMailer } from './embedded/mailer.js'
import { readWallet } from './embedded/vault.js'
import { syncConfig } from './projects/config-file.js'
import type { RunningServer } from './server.js'
import { startDappPage } from './testing/dapp-page.js'
import { startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'
import { otpOf, type SmtpSink, startSmtpSink } from './testing/smtp-sink.js'

const SITE_DIST = join(
  fileURLToPath(import.meta.resolve('@openmodal/secure-site/serve')),
  '../../dist',
)
const PROJECT = 'keys-project'
const STEP = 30_000

type Reply = { status: 'SUCCESS' | 'ERROR'; payload: Record<string, unknown> }

let db: Db
let server: RunningServer
let sink: SmtpSink
let dapp: { origin: string; server: Server }
let browser: Browser
let secure: string
const vaultKey = randomBytes(32)

before(async () => {
  if (!existsSync(join(SITE_DIST, 'frame.html'))) await buildSecureSite({ outDir: SITE_DIST })
  ;[db, sink, dapp] = await Promise.all([
    openTestPglite(),
    startSmtpSink(),
    startDappPage(() => secure, PROJECT),
  ])
  await prepareDatabase(db)
  await syncConfig(db, {
    projects: [
      testProject({
        projectId: PROJECT,
        allowedOrigins: [dapp.origin],
        features: { email: true },
      }),
    ],
  })
  const port = await freePort()
  secure = `http://localhost:${port}`
  server = await startTestServer(db, {
    secureSite: { dist: SITE_DIST, port, origin: secure },
    embedded: {
      authSecret: randomBytes(32),
      vaultKey,
      mailer: createSmtpMailer({ url: sink.url, from: 'test <t@localhost>' }),
      // Several logins of one address in a row: no 30 s gap between codes here.
      limits: { sendGapMs: 0, sendsPerEmailPerHour: 100 },
    },
  })
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
})

after(async () => {
  await browser?.close()
  await server?.close()
  await db?.close()
  await sink?.close()
  dapp?.server.close()
})

/** A browser profile with Chromium's virtual authenticator (PRF on) on its one page. */
async function profile(query = '') {
  const context = await browser.newContext()
  const page = await context.newPage()
  const authenticator = await addVirtualAuthenticator(page)
  await page.goto(`${dapp.origin}/${query}`)
  return { context, page, authenticator }
}

const frameButton = (page: Page, name: string) =>
  page.frameLocator('iframe[title="Secure wallet"]').getByRole('button', { name })
const frameAlert = (page: Page) =>
  page.frameLocator('iframe[title="Secure wallet"]').getByRole('alert')

const request = (page: Page, type: string, payload: unknown = {}) =>
  page.evaluate(
    ([type, payload]) =>
      (window as unknown as { request(t: unknown, p: unknown): Promise<Reply> }).request(
        type,
        payload,
      ),
    [type, payload] as const,
  )

/**
 * Sends a code to `email` from the frame, opens its code entry (CONNECT_OTP) and types the code
 * there, as the visitor does; the answer is not awaited.
 */
async function enterCode(page: Page, email: string) {
  const before = sink.mails.filter((mail) => mail.to.includes(email)).length
  const started = await request(page, 'CONNECT_EMAIL', { email })
  assert.equal(started.status, 'SUCCESS', JSON.stringify(started.payload))
  const otp = otpOf(await sink.waitForMail(email, { after: before }))
  const entered = request(page, 'CONNECT_OTP', {})
  await page
    .frameLocator('iframe[title="Secure wallet"]')
    .getByLabel('Code', { exact: true })
    .fill(otp, { timeout: STEP })
  return entered
}

async function address(page: Page): Promise<string> {
  const user = await request(page, 'GET_USER', {})
  assert.equal(user.status, 'SUCCESS', JSON.stringify(user.payload))
  return user.payload.address as string
}

const walletRow = async (email: string) =>
  (
    await db.query<{ user_id: string; recovery: string; version: number; factor: unknown }>(
      `select w.user_id, w.recovery, w.version, w.recovery_factor as factor
       from embedded.wallets w join embedded.users u on u.id = w.user_id where u.email = $1`,
      [email],
    )
  )[0]

describe('recovery with a passkey only the visitor holds', () => {
  const email = `passkey-${randomBytes(3).toString('hex')}@example.com`
  let first: Awaited<ReturnType<typeof profile>>
  let created: string
  const figures: Record<string, number> = {}

  after(() => console.log('passkey recovery figures (ms):', figures))

  test('the first login registers a passkey of the secure origin and locks the share', async () => {
    first = await profile()
    const connecting = enterCode(first.page, email)
    await frameButton(first.page, 'Create a passkey').click({ timeout: STEP })
    const connected = await connecting
    assert.equal(connected.status, 'SUCCESS', JSON.stringify(connected.payload))
    created = await address(first.page)
    assert.match(created, /^0x[0-9a-fA-F]{40}$/)
    const credentials = await first.authenticator.credentials()
    assert.equal(credentials.length, 1)
    // The passkey's RP is the secure site's host, not the dapp's.
    assert.equal(credentials[0]?.rpId, 'localhost')
    const row = await walletRow(email)
    assert.equal(row?.recovery, 'passkey')
    assert.deepEqual(Object.keys(row?.factor as object).sort(), ['credentialId', 'kind', 'salt'])
  })

  test("the operator's database and vault key alone rebuild no key", async () => {
    const row = await walletRow(email)
    assert.ok(row)
    const shares = await readWallet(db, vaultKey, row.user_id)
    assert.ok(shares)
    assert.equal(shares.commitment.eip155, created)
    // Auth share + the recovery blob (all the server holds, opened with the vault key): the
    // blob is AES-GCM ciphertext under the passkey's PRF output, so the pair is not this wallet.
    await assert.rejects(
      rebuildKeys([shares.authShare, shares.recoveryShare], shares.commitment as never),
    )
    // Whereas the auth share and the real recovery share would: the share in the blob is the
    // only thing missing (the frame shows this with the passkey in the next test).
    assert.equal(shares.recoveryShare.length > 33 + 12, true)
  })

  test('a new device recovers the same address only with the passkey', async () => {
    const before = (await walletRow(email))?.version ?? 0
    // The same browser (its authenticator holds the passkey), a new frame with no storage: a
    // new device key, no device share, no session.
    await first.page.reload()
    const connecting = enterCode(first.page, email)
    const unlock = frameButton(first.page, 'Use your passkey')
    await unlock.waitFor({ timeout: STEP })
    const clicked = Date.now()
    await unlock.click()
    const connected = await connecting
    figures.passkeyClickToWalletReady = Date.now() - clicked
    assert.equal(connected.status, 'SUCCESS', JSON.stringify(connected.payload))
    assert.equal(await address(first.page), created)
    // The new device re-split the key: the server's shares were replaced.
    assert.equal((await walletRow(email))?.version, before + 1)
    // And it signs with the recovered key.
    const signing = request(first.page, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68690a', created],
    })
    await clickAfterRest(frameButton(first.page, 'Approve'), { timeout: STEP })
    assert.equal((await signing).status, 'SUCCESS')
  })

  test('another browser profile without the passkey: refused, nothing changes', async () => {
    const before = await walletRow(email)
    const other = await profile()
    const connecting = enterCode(other.page, email)
    await frameButton(other.page, 'Use your passkey').click({ timeout: STEP })
    await assert.doesNotReject(
      frameAlert(other.page)
        .filter({ hasText: 'The passkey was not used' })
        .waitFor({ timeout: STEP }),
    )
    await frameButton(other.page, 'Cancel').click()
    const refused = await connecting
    assert.equal(refused.status, 'ERROR')
    assert.equal(refused.payload.message, 'Recovery was cancelled')
    assert.equal((await request(other.page, 'IS_CONNECTED')).payload.isConnected, false)
    assert.deepEqual(await walletRow(email), before)
    await other.context.close()
  })

  test('a profile with the credential copied over CDP (no PRF secret in it): refused', async () => {
    const before = await walletRow(email)
    const [credential] = await first.authenticator.credentials()
    assert.ok(credential)
    const copy = await profile()
    await copy.authenticator.addCredential(credential)
    const connecting = enterCode(copy.page, email)
    await frameButton(copy.page, 'Use your passkey').click({ timeout: STEP })
    await frameAlert(copy.page).filter({ hasText: 'no PRF support' }).waitFor({ timeout: STEP })
    await frameButton(copy.page, 'Cancel').click()
    assert.equal((await connecting).status, 'ERROR')
    assert.deepEqual(await walletRow(email), before)
    await copy.context.close()
  })

  test('a cancelled recovery whose login went stale: Try again mails a new code, then the passkey', async () => {
    // A new device cancels the passkey dialog after its code (4001); the visitor comes back
    // after the 5 minutes in which the server opens a wallet for that login (aged here in the
    // database). Try again (CONNECT_OTP once more) mails a new code, typed in the frame, then
    // asks for the passkey: the same address.
    await first.page.reload()
    const connecting = enterCode(first.page, email)
    await frameButton(first.page, 'Use your passkey').waitFor({ timeout: STEP })
    await frameButton(first.page, 'Cancel').click()
    assert.deepEqual(await connecting, {
      status: 'ERROR',
      payload: { message: 'Recovery was cancelled', code: 4001 },
    })
    const row = await walletRow(email)
    assert.ok(row)
    await db.query(
      `update embedded.sessions set authenticated_at = authenticated_at - interval '6 minutes'
       where user_id = $1`,
      [row.user_id],
    )
    const mailed = sink.mails.filter((mail) => mail.to.includes(email)).length
    const retried = request(first.page, 'CONNECT_OTP', {})
    // The new-device notice of the cancelled try may land in between: the code's mail counts.
    let otp = ''
    for (let after = mailed; !otp; after++) {
      const mail = await sink.waitForMail(email, { after, timeoutMs: STEP })
      if (mail.subject.startsWith('Your code for ')) otp = otpOf(mail)
    }
    await first.page
      .frameLocator('iframe[title="Secure wallet"]')
      .getByLabel('Code', { exact: true })
      .fill(otp, { timeout: STEP })
    await frameButton(first.page, 'Use your passkey').click({ timeout: STEP })
    const connected = await retried
    assert.equal(connected.status, 'SUCCESS', JSON.stringify(connected.payload))
    assert.equal(await address(first.page), created)
    assert.equal((await walletRow(email))?.version, row.version + 1)
  })
})

describe('recovery with a passphrase', () => {
  const email = `phrase-${randomBytes(3).toString('hex')}@example.com`
  let one: Awaited<ReturnType<typeof profile>>
  let created: string
  const fill = async (page: Page, label: string, value: string) =>
    page
      .frameLocator('iframe[title="Secure wallet"]')
      .getByLabel(label, { exact: true })
      .fill(value, { timeout: STEP })

  after(() => one?.context.close())

  test('a new device with the wrong passphrase: refused, nothing changes', async () => {
    const passphrase = 'correct horse battery staple'
    one = await profile('?passphrase')
    const connecting = enterCode(one.page, email)
    await fill(one.page, 'Passphrase', passphrase)
    await fill(one.page, 'Repeat it', passphrase)
    await frameButton(one.page, 'Continue').click()
    assert.equal((await connecting).status, 'SUCCESS')
    created = await address(one.page)
    const row = await walletRow(email)
    assert.equal(row?.recovery, 'passphrase')
    assert.deepEqual((row?.factor as { kdf?: unknown } | undefined)?.kdf, {
      name: 'argon2id',
      m: 65_536,
      t: 3,
      p: 1,
    })

    const two = await profile()
    const recovering = enterCode(two.page, email)
    await fill(two.page, 'Passphrase', 'wrong horse battery staple')
    await frameButton(two.page, 'Continue').click()
    await frameAlert(two.page).filter({ hasText: 'Wrong passphrase' }).waitFor({ timeout: 90_000 })
    assert.equal((await request(two.page, 'IS_CONNECTED')).payload.isConnected, false)
    assert.deepEqual(await walletRow(email), row)
    // The visitor gives up in the passphrase dialog: the login ends as the visitor's refusal
    // (4001, no hang), nothing is open in the frame, nothing changed on the server.
    await frameButton(two.page, 'Cancel').click()
    const cancelled = await recovering
    assert.equal(cancelled.status, 'ERROR')
    assert.deepEqual(cancelled.payload, { message: 'Recovery was cancelled', code: 4001 })
    assert.equal((await request(two.page, 'IS_CONNECTED')).payload.isConnected, false)
    assert.deepEqual(await walletRow(email), row)
    await two.context.close()
  })

  test('the known device changes the passphrase for a passkey, after a new code', async () => {
    const before = await walletRow(email)
    assert.equal(before?.recovery, 'passphrase')
    // The page cannot hand the frame a factor: the change takes no payload.
    const forged = await request(one.page, 'CHANGE_RECOVERY', { passphrase: 'attacker chosen' })
    assert.equal(forged.status, 'ERROR')
    assert.deepEqual(await walletRow(email), before)
    // The page may ask; the visitor confirms with a new code typed in the frame.
    const mailed = sink.mails.filter((mail) => mail.to.includes(email)).length
    const changing = request(one.page, 'CHANGE_RECOVERY', {})
    const otp = otpOf(await sink.waitForMail(email, { after: mailed }))
    await one.page
      .frameLocator('iframe[title="Secure wallet"]')
      .getByRole('heading', { name: 'Confirm it is you' })
      .waitFor({ timeout: STEP })
    assert.deepEqual(await walletRow(email), before, 'nothing changes before the code')
    await fill(one.page, 'Code', otp)
    // The answer is cut off after the server took the new shares (the frame sees a network
    // error): the device must keep the share the server now expects, and a second try lands.
    let cut = 0
    await one.context.route('**/v1/wallet/rotate', async (route) => {
      await route.fetch()
      cut += 1
      await route.abort('connectionreset')
    })
    await frameButton(one.page, 'Create a passkey').click({ timeout: STEP })
    await frameAlert(one.page).filter({ hasText: /\S/ }).waitFor({ timeout: STEP })
    await one.context.unrouteAll()
    assert.equal(cut, 1)
    assert.equal((await walletRow(email))?.version, (before?.version ?? 0) + 1)
    await frameButton(one.page, 'Create a passkey').click({ timeout: STEP })
    // Bounded: a device left with the wrong share would keep the dialog open with an error.
    const changed = await Promise.race([
      changing,
      new Promise<Reply>((_, reject) =>
        setTimeout(() => reject(new Error('the change did not finish')), STEP).unref(),
      ),
    ])
    assert.equal(changed.status, 'SUCCESS', JSON.stringify(changed.payload))
    assert.deepEqual(changed.payload, { recovery: 'passkey' })
    const row = await walletRow(email)
    assert.equal(row?.recovery, 'passkey')
    assert.equal(row?.version, (before?.version ?? 0) + 2)
    const notice = await sink.waitForMail(email, { after: mailed + 1 })
    assert.match(notice.subject, /^The recovery of your wallet on .+ changed$/)
    // This device still signs (its new device share matches the new auth share).
    const signing = request(one.page, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68690a', created],
    })
    await clickAfterRest(frameButton(one.page, 'Approve'), { timeout: STEP })
    assert.equal((await signing).status, 'SUCCESS')

    // A new device (a fresh frame) is asked for the passkey, no longer the passphrase.
    await one.page.reload()
    const recovering = enterCode(one.page, email)
    await frameButton(one.page, 'Use your passkey').click({ timeout: STEP })
    const recovered = await recovering
    assert.equal(recovered.status, 'SUCCESS', JSON.stringify(recovered.payload))
    assert.equal(await address(one.page), created)
  })
})
