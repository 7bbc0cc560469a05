// Social login in Chromium through a real popup: the dapp page opens it, the secure frame gives
// the provider's URL (GET_SOCIAL_REDIRECT_URI), the popup signs in at a stand-in provider (a real
// OpenID Provider for Google, GitHub's shapes on loopback) and comes back through this server to
// the secure site's /loading; the frame polls the attempt (CONNECT_SOCIAL) and opens the wallet.
// The same address on the next login from a fresh device; a provider error, then a login that
// works. The project is `custodial` here (no recovery prompt): the passkey path is the e-mail
// login's and is tested in passkey-recovery.browser.test.ts.
// Sign In With Farcaster: the frame opens a relay channel (GET_FARCASTER_URI) and waits
// (CONNECT_FARCASTER) while the test plays the phone with `@farcaster/auth-client`'s wallet
// client and a custody key registered in the IdRegistry stand-in on anvil; CANCEL_FARCASTER (the
// modal closed) makes a later signature log nobody in.
import assert from 'node:assert/strict'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { buildSecureSite } from '@openmodal/secure-site/serve'
import {
  type AnvilInstance,
  addVirtualAuthenticator,
  deployTestIdRegistry,
  freePort,
  startAnvil,
} from '@openmodal/testing/node'
import { type Browser, chromium, type Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CHROMIUM_ARGS, chromiumPath } from '../../../tools/chromium.mjs'
import { prepareDatabase } from './bootstrap.js'
import type { Db } from './db/db.js'
import { createSmtpMailer } from './embedded/mailer.js'
import { syncConfig } from './projects/config-file.js'
import { upsertProject } from './projects/store.js'
import type { RunningServer } from './server.js'
import { startDappPage } from './testing/dapp-page.js'
import { phoneSignsIn as signInAsPhone } from './testing/farcaster-wallet.js'
import { startTestServer, testProject } from './testing/harness.js'
import { openTestPglite } from './testing/pglite.js'
import { type SmtpSink, startSmtpSink } from './testing/smtp-sink.js'
import {
  type AppleStandin,
  appleStandinConfig,
  followUntil,
  type OAuthStandinName,
  oauthStandinConfig,
  type Standin,
  startAppleStandin,
  startGoogleStandin,
  startOAuthStandin,
  startTelegramStandin,
  type TelegramStandin,
} from './testing/social-standins.js'

const SITE_DIST = join(
  fileURLToPath(import.meta.resolve('@openmodal/secure-site/serve')),
  '../../dist',
)
const PROJECT = 'social-project'

type Reply = { status: 'SUCCESS' | 'ERROR'; payload: Record<string, unknown> }

let db: Db
let server: RunningServer
let sink: SmtpSink
let dapp: { origin: string; server: Server }
let browser: Browser
let secure: string
let google: Standin
let apple: AppleStandin
let github: Awaited<ReturnType<typeof startOAuthStandin>>
let telegram: TelegramStandin
let anvil: AnvilInstance
let registry: Awaited<ReturnType<typeof deployTestIdRegistry>>
const RELAY_KEY = 'browser-test-wallet-key'

before(async () => {
  if (!existsSync(join(SITE_DIST, 'frame.html'))) await buildSecureSite({ outDir: SITE_DIST })
  ;[db, sink, dapp] = await Promise.all([
    openTestPglite(),
    startSmtpSink(),
    startDappPage(() => secure, PROJECT),
  ])
  await prepareDatabase(db)
  anvil = await startAnvil()
  registry = await deployTestIdRegistry(anvil.rpcUrl)
  const port = await freePort()
  secure = `http://localhost:${port}`
  server = await startTestServer(db, {
    secureSite: { dist: SITE_DIST, port, origin: secure },
    embedded: {
      authSecret: randomBytes(32),
      vaultKey: randomBytes(32),
      mailer: createSmtpMailer({ url: sink.url, from: 'test <t@localhost>' }),
      farcaster: { rpcUrl: anvil.rpcUrl, idRegistry: registry.address, relayKey: RELAY_KEY },
    },
  })
  google = await startGoogleStandin(`${server.url}/v1/auth/social/callback`)
  apple = await startAppleStandin(`${server.url}/v1/auth/social/callback`)
  github = await startOAuthStandin('github')
  telegram = await startTelegramStandin(() => Date.now())
  await syncConfig(db, {
    projects: [
      testProject({
        projectId: PROJECT,
        allowedOrigins: [dapp.origin],
        features: { email: true, socials: ['google', 'apple', 'github', 'telegram'] },
        recovery: 'custodial',
        social: {
          google: {
            clientId: google.clientId,
            clientSecret: google.clientSecret,
            issuer: google.url,
            authorizationUrl: `${google.url}/auth`,
            tokenUrl: `${google.url}/token`,
            jwksUrl: `${google.url}/jwks`,
          },
          apple: appleStandinConfig(apple),
          github: oauthStandinConfig(github),
          telegram: { botToken: telegram.botToken, authorizationUrl: `${telegram.url}/auth` },
          farcaster: {},
        },
      }),
    ],
  })
  // Partitioned storage for the cross-site frame, as other browsers allow (Chromium 156 denies it
  // by default): the Telegram mini app case leaves the page and comes back to the same frame key.
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-features=TrackingProtection3pcd'],
  })
})

after(async () => {
  await browser?.close()
  await google?.close()
  await apple?.close()
  await github?.close()
  await telegram?.close()
  await server?.close()
  await db?.close()
  await sink?.close()
  await anvil?.stop()
  dapp?.server.close()
})

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
 * One social login on a fresh device (a new browser context): the popup opens in the page
 * (600×800, at the secure site's /loading), is sent on to the provider, and comes back; the
 * frame's CONNECT_SOCIAL answers. Returns the answer and the popup's last address.
 */
async function socialLogin(
  provider: 'google' | 'apple' | 'github' | 'telegram' | OAuthStandinName,
  origin = dapp.origin,
) {
  const context = await browser.newContext()
  // How the provider sent the popup to the server's callback (GET, or Apple's form POST).
  const callbacks: string[] = []
  context.on('request', (sent) => {
    if (sent.url().startsWith(`${server.url}/v1/auth/social/callback`))
      callbacks.push(sent.method())
  })
  const page = await context.newPage()
  await page.goto(`${origin}/`)
  // The frame is up and its channel open before the popup takes the front.
  assert.equal((await request(page, 'IS_CONNECTED', {})).status, 'SUCCESS')
  const popupOpened = context.waitForEvent('page')
  await page.evaluate((target) => {
    ;(window as unknown as { popup: Window | null }).popup = window.open(
      `${target}/loading`,
      'openmodal-social',
      'popup,width=600,height=800',
    )
  }, secure)
  const popup = await popupOpened
  const redirect = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider })
  assert.equal(redirect.status, 'SUCCESS', JSON.stringify(redirect.payload))
  const connected = request(page, 'CONNECT_SOCIAL', { uri: '' })
  await page.evaluate((uri) => {
    const popup = (window as unknown as { popup: Window }).popup
    popup.location.href = uri
  }, redirect.payload.uri as string)
  await popup.waitForURL(`${secure}/loading?social=*`, { timeout: 20_000, waitUntil: 'commit' })
  const answer = await connected
  const last = popup.url()
  await context.close()
  return { answer, last, callbacks }
}

test("a 429 reaches the page with its Retry-After (the modal's 'try again after N seconds')", async () => {
  // A second code within the server's 30 s send gap: what a recovery change right after a
  // login meets. Cross-origin, the frame reads the wait only because the server exposes it.
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(`${dapp.origin}/`)
    const email = `gap-${randomBytes(3).toString('hex')}@example.com`
    const first = await request(page, 'CONNECT_EMAIL', { email })
    assert.equal(first.status, 'SUCCESS', JSON.stringify(first.payload))
    const again = await request(page, 'CONNECT_EMAIL', { email })
    assert.equal(again.status, 'ERROR')
    assert.equal(again.payload.errorCode, 'RATE_LIMITED')
    const seconds = again.payload.retryAfter as number
    assert.ok(Number.isInteger(seconds) && seconds >= 1 && seconds <= 30, String(seconds))
    assert.equal(again.payload.message, `Please try again after ${seconds} seconds`)
  } finally {
    await context.close()
  }
})

test('GitHub through the popup: a wallet, and the same address on a new device', async () => {
  const first = await socialLogin('github')
  assert.equal(first.last, `${secure}/loading?social=done`)
  assert.equal(first.answer.status, 'SUCCESS', JSON.stringify(first.answer.payload))
  assert.match(String(first.answer.payload.address), /^0x[0-9a-fA-F]{40}$/)
  assert.equal(first.answer.payload.userName, 'octocat')
  const second = await socialLogin('github')
  assert.equal(second.answer.payload.address, first.answer.payload.address)
})

test('Google (OIDC) through the popup: the same address on the next login', async () => {
  google.account = { subject: 'g-browser', email: 'grace@example.com', emailVerified: true }
  const first = await socialLogin('google')
  assert.deepEqual(first.callbacks, ['GET'])
  assert.equal(first.answer.status, 'SUCCESS', JSON.stringify(first.answer.payload))
  assert.equal(first.answer.payload.email, 'grace@example.com')
  const second = await socialLogin('google')
  assert.equal(second.answer.payload.address, first.answer.payload.address)
})

test('Apple (form_post) through the popup: the form POST completes; same address next time', async () => {
  // Apple's page answers with a form that posts the code to the server's callback (cross-site
  // POST from the provider's origin); the server answers it with a 303 to /loading.
  const first = await socialLogin('apple')
  assert.deepEqual(first.callbacks, ['POST'])
  assert.equal(first.last, `${secure}/loading?social=done`)
  assert.equal(first.answer.status, 'SUCCESS', JSON.stringify(first.answer.payload))
  assert.equal(first.answer.payload.email, 'x7k2p@privaterelay.appleid.com')
  const second = await socialLogin('apple')
  assert.equal(second.answer.payload.address, first.answer.payload.address)
})

test('Telegram through the popup: /loading hands its result on; same address next time', async () => {
  const first = await socialLogin('telegram')
  // The fragment went to the server, and is gone from the popup's address.
  assert.equal(first.last, `${secure}/loading?social=done`)
  assert.equal(first.answer.status, 'SUCCESS', JSON.stringify(first.answer.payload))
  assert.equal(first.answer.payload.userName, 'pavel_tg')
  const second = await socialLogin('telegram')
  assert.equal(second.answer.payload.address, first.answer.payload.address)
})

test('a provider error: "Failed to initiate social connection", and the next login works', async () => {
  github.deny = true
  const refused = await socialLogin('github')
  assert.equal(refused.last, `${secure}/loading?social=failed`)
  assert.equal(refused.answer.status, 'ERROR')
  assert.equal(refused.answer.payload.message, 'Failed to initiate social connection')
  github.deny = false
  const next = await socialLogin('github')
  assert.equal(next.answer.status, 'SUCCESS', JSON.stringify(next.answer.payload))
})

test('a frame that already opened a social wallet can start the next login', async () => {
  // The visitor closed the popup just after the provider sent it back: the host gave up
  // ("Popup closed") while the frame went on and opened the wallet with a session. The next
  // login's start must not carry that session's token (its proof was refused: Session Expired).
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${dapp.origin}/`)
  assert.equal((await request(page, 'IS_CONNECTED', {})).status, 'SUCCESS')
  const first = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
  const connected = request(page, 'CONNECT_SOCIAL', { uri: '' })
  await followUntil(first.payload.uri as string, (next) => next.pathname === '/loading')
  assert.equal((await connected).status, 'SUCCESS')
  assert.equal((await request(page, 'IS_CONNECTED', {})).payload.isConnected, true)
  const next = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
  assert.equal(next.status, 'SUCCESS', JSON.stringify(next.payload))
  await context.close()
})

describe('Discord, X and Facebook through the popup', () => {
  // Their own project and dapp page, so that the cases above keep theirs.
  const project = 'oauth2-social-project'
  const names = { discord: 'nelly#0', x: 'XDevelopers', facebook: 'Mark Example' } as const
  const standins = new Map<keyof typeof names, Awaited<ReturnType<typeof startOAuthStandin>>>()
  let page: { origin: string; server: Server }

  before(async () => {
    page = await startDappPage(() => secure, project)
    for (const name of ['discord', 'x', 'facebook'] as const) {
      standins.set(name, await startOAuthStandin(name))
    }
    const social = Object.fromEntries(
      [...standins].map(([name, standin]) => [name, oauthStandinConfig(standin)]),
    )
    await syncConfig(db, {
      projects: [
        testProject({
          projectId: project,
          allowedOrigins: [page.origin],
          features: { email: true, socials: ['discord', 'x', 'facebook'] },
          recovery: 'custodial',
          social,
        }),
      ],
    })
  })

  after(async () => {
    for (const standin of standins.values()) await standin.close()
    page?.server.close()
  })

  test('each through the popup: a wallet, and the same address on a new device', async () => {
    // The three side by side: each login mostly waits for the frame's once-a-second poll.
    await Promise.all(
      (['discord', 'x', 'facebook'] as const).map(async (provider) => {
        const first = await socialLogin(provider, page.origin)
        assert.equal(first.last, `${secure}/loading?social=done`, provider)
        assert.equal(first.answer.status, 'SUCCESS', JSON.stringify(first.answer.payload))
        assert.match(String(first.answer.payload.address), /^0x[0-9a-fA-F]{40}$/)
        // As the provider gives it: the modal strips Discord's `#0` when it shows it.
        assert.equal(first.answer.payload.userName, names[provider])
        const second = await socialLogin(provider, page.origin)
        assert.equal(second.answer.status, 'SUCCESS', JSON.stringify(second.answer.payload))
        assert.equal(second.answer.payload.address, first.answer.payload.address, provider)
        return first.answer.payload.address
      }),
    ).then((addresses) => assert.equal(new Set(addresses).size, 3))
  })

  test("X's stand-in refuses a token request without the PKCE verifier, as X does", async () => {
    const x = standins.get('x')
    assert.ok(x)
    const redirectUri = `${server.url}/v1/auth/social/callback`
    const verifier = randomBytes(32).toString('base64url')
    const authorize = new URL(`${x.url}${x.paths.authorizePath}`)
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: x.clientId,
      redirect_uri: redirectUri,
      scope: 'users.read tweet.read',
      state: 'state',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString()
    const exchange = async (withVerifier: boolean) => {
      const sent = await fetch(authorize, { redirect: 'manual' })
      const code = new URL(sent.headers.get('location') ?? '').searchParams.get('code') ?? ''
      const answer = await fetch(`${x.url}${x.paths.tokenPath}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${x.clientId}:${x.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          ...(withVerifier ? { code_verifier: verifier } : {}),
        }),
      })
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
    }
    const refused = await exchange(false)
    assert.equal(refused.status, 400)
    assert.equal(refused.body.error, 'invalid_request')
    const granted = await exchange(true)
    assert.equal(granted.status, 200, JSON.stringify(granted.body))
    assert.equal(granted.body.token_type, 'bearer')
  })
})

test('Telegram mini app: no popup; the page comes back with result_uri and completes', async () => {
  // Inside Telegram (a stand-in `Telegram.WebApp`) the page itself goes to the provider and
  // the server sends it back with `result_uri` (spec §2); a new frame collects the attempt.
  const context = await browser.newContext()
  await context.addInitScript(() => {
    ;(window as unknown as { Telegram: unknown }).Telegram = { WebApp: { platform: 'ios' } }
  })
  const page = await context.newPage()
  // Telegram's launch data rides in the fragment, often over 1 kB: it comes back too.
  const launch = `#tgWebAppData=${'q'.repeat(1500)}&tgWebAppPlatform=ios`
  await page.goto(`${dapp.origin}/?tgWebAppStartParam=1${launch}`)
  assert.equal((await request(page, 'IS_CONNECTED', {})).status, 'SUCCESS')
  // Another origin to come back to is refused (no open redirect through the callback).
  const elsewhere = await request(page, 'GET_SOCIAL_REDIRECT_URI', {
    provider: 'github',
    returnTo: 'https://evil.example/',
  })
  assert.equal(elsewhere.status, 'ERROR')
  const returnTo = page.url()
  const redirect = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github', returnTo })
  assert.equal(redirect.status, 'SUCCESS', JSON.stringify(redirect.payload))
  await page.goto(redirect.payload.uri as string)
  await page.waitForURL(`${dapp.origin}/?*result_uri=*`, { timeout: 20_000, waitUntil: 'commit' })
  const back = new URL(page.url())
  assert.equal(back.searchParams.get('tgWebAppStartParam'), '1')
  assert.equal(back.hash, launch)
  const resultUri = back.searchParams.get('result_uri') ?? ''
  assert.match(resultUri, new RegExp(`^${secure}/loading\\?social=done&attempt=`))
  // A forged result naming the attempt on another origin: refused by the frame.
  const forged = await request(page, 'CONNECT_SOCIAL', {
    uri: resultUri.replace(secure, 'https://evil.example'),
  })
  assert.equal(forged.status, 'ERROR')
  // Another device (another frame key) cannot collect someone's result_uri.
  const other = await browser.newContext()
  const stranger = await other.newPage()
  await stranger.goto(`${dapp.origin}/`)
  const stolen = await request(stranger, 'CONNECT_SOCIAL', { uri: resultUri })
  assert.equal(stolen.status, 'ERROR')
  await other.close()
  const answer = await request(page, 'CONNECT_SOCIAL', { uri: resultUri })
  assert.equal(answer.status, 'SUCCESS', JSON.stringify(answer.payload))
  assert.equal(answer.payload.userName, 'octocat')
  // The same result again: already collected.
  assert.equal((await request(page, 'CONNECT_SOCIAL', { uri: resultUri })).status, 'ERROR')
  await context.close()
})

/** A Farcaster account: a custody key with its fid in the registry stand-in. */
async function farcasterAccount() {
  const custody = privateKeyToAccount(generatePrivateKey())
  return { custody, fid: Number(await registry.register(custody.address)) }
}

/** The phone's part: read the QR code's URL, build the SIWF message, sign it, post it. */
const phoneSignsIn = (url: string, who: Awaited<ReturnType<typeof farcasterAccount>>) =>
  signInAsPhone({
    relay: `${server.url}/farcaster`,
    rpcUrl: anvil.rpcUrl,
    authKey: RELAY_KEY,
    url,
    fid: who.fid,
    signer: who.custody,
    username: `farcaster${who.fid}`,
  })

async function farcasterPage() {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${dapp.origin}/`)
  assert.equal((await request(page, 'IS_CONNECTED', {})).status, 'SUCCESS')
  const start = await request(page, 'GET_FARCASTER_URI')
  assert.equal(start.status, 'SUCCESS', JSON.stringify(start.payload))
  return { context, page, url: String(start.payload.url) }
}

test('Farcaster: the phone signs, the wallet opens; the same address on a new device', async () => {
  const who = await farcasterAccount()
  const addresses: unknown[] = []
  for (let device = 0; device < 2; device++) {
    const { context, page, url } = await farcasterPage()
    assert.match(url, /^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/)
    const connected = request(page, 'CONNECT_FARCASTER')
    const signed = await phoneSignsIn(url, who)
    assert.equal(signed.response.status, 201, JSON.stringify(signed.data))
    const answer = await connected
    assert.equal(answer.status, 'SUCCESS', JSON.stringify(answer.payload))
    assert.equal(answer.payload.userName, `farcaster${who.fid}`)
    const user = await request(page, 'GET_USER', {})
    assert.equal(user.status, 'SUCCESS', JSON.stringify(user.payload))
    assert.match(String(user.payload.address), /^0x[0-9a-fA-F]{40}$/)
    addresses.push(user.payload.address)
    await context.close()
  }
  assert.equal(addresses[1], addresses[0])
})

test('Farcaster: cancelled when the modal closes, a later signature logs nobody in', async () => {
  const who = await farcasterAccount()
  const { context, page, url } = await farcasterPage()
  const connected = request(page, 'CONNECT_FARCASTER')
  const cancel = await request(page, 'CANCEL_FARCASTER')
  assert.deepEqual(cancel, { status: 'SUCCESS', payload: { cancelled: true } })
  const late = await phoneSignsIn(url, who)
  assert.equal(late.response.status, 401)
  const answer = await connected
  // The host rejected with "Modal closed" already; the frame's wait ended the same way.
  assert.equal(answer.status, 'ERROR')
  assert.equal(answer.payload.message, 'Modal closed')
  assert.equal((await request(page, 'IS_CONNECTED', {})).payload.isConnected, false)
  // The next login on the same page works.
  const next = await request(page, 'GET_FARCASTER_URI')
  const again = request(page, 'CONNECT_FARCASTER')
  assert.equal((await phoneSignsIn(String(next.payload.url), who)).response.status, 201)
  assert.equal((await again).status, 'SUCCESS')
  await context.close()
})

// A project whose recovery is the visitor's own factor (the default, not `custodial`): a social
// login opens the wallet as an e-mail login does. The first login makes the wallet and locks
// its recovery share under a passkey of the secure origin (Chromium's virtual authenticator with
// PRF); a device without that passkey that signs in with the same GitHub account is asked for
// it and refused, nothing changes; a new device holding the passkey (the frame's storage wiped:
// a new device key, no share, no session; the passkey still in the authenticator, as a synced
// passkey would be) is asked for it and recovers the same address. A passkey, not a passphrase:
// each Argon2id 64 MiB x 3 derivation costs seconds. The provider's redirects are followed from
// Node (the popup is the tests above): what counts here is what the frame asks afterwards.
describe("GitHub on a project where recovery is the visitor's own passkey", () => {
  const OWN = 'social-own-factor'
  let own: { origin: string; server: Server }

  before(async () => {
    own = await startDappPage(() => secure, OWN)
    await upsertProject(
      db,
      testProject({
        projectId: OWN,
        allowedOrigins: [own.origin],
        features: { email: true, socials: ['github'] },
        social: { github: oauthStandinConfig(github) },
      }),
      'cli',
    )
  })
  after(() => own?.server.close())

  const button = (page: Page, name: string) =>
    page.frameLocator('iframe[title="Secure wallet"]').getByRole('button', { name })
  const ownWallet = async () =>
    (
      await db.query<{ recovery: string; version: number; factor: unknown }>(
        `select w.recovery, w.version, w.recovery_factor as factor
         from embedded.wallets w join embedded.users u on u.id = w.user_id where u.realm = $1`,
        [OWN],
      )
    )[0]

  /** A browser profile with a virtual authenticator (PRF on) on its one page. */
  async function device() {
    const context = await browser.newContext()
    const page = await context.newPage()
    const { session: cdp } = await addVirtualAuthenticator(page)
    return { context, page, cdp }
  }

  /** Signs in with GitHub on `page`; CONNECT_SOCIAL's answer is not awaited. */
  async function signIn(page: Page) {
    await page.goto(`${own.origin}/`)
    const redirect = await request(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'github' })
    assert.equal(redirect.status, 'SUCCESS', JSON.stringify(redirect.payload))
    const connected = request(page, 'CONNECT_SOCIAL', { uri: '' })
    await followUntil(redirect.payload.uri as string, (next) => next.pathname === '/loading')
    return connected
  }

  test('another device is asked for the passkey: refused without it, the same address with it', async () => {
    const first = await device()
    const making = signIn(first.page)
    await button(first.page, 'Create a passkey').click({ timeout: 30_000 })
    const made = await making
    assert.equal(made.status, 'SUCCESS', JSON.stringify(made.payload))
    const address = made.payload.address
    assert.match(String(address), /^0x[0-9a-fA-F]{40}$/)
    const row = await ownWallet()
    assert.equal(row?.recovery, 'passkey')

    // A device without the passkey: asked for it, refused, nothing opened or changed.
    const other = await device()
    let settled = false
    const refusing = signIn(other.page)
    void refusing.then(() => {
      settled = true
    })
    await button(other.page, 'Use your passkey').click({ timeout: 30_000 })
    await other.page
      .frameLocator('iframe[title="Secure wallet"]')
      .getByRole('alert')
      .filter({ hasText: 'The passkey was not used' })
      .waitFor({ timeout: 30_000 })
    assert.equal(settled, false, 'the login waits for the factor')
    await button(other.page, 'Cancel').click()
    assert.deepEqual(await refusing, {
      status: 'ERROR',
      payload: { message: 'Recovery was cancelled', code: 4001 },
    })
    assert.equal((await request(other.page, 'IS_CONNECTED')).payload.isConnected, false)
    assert.deepEqual(await ownWallet(), row, 'nothing changed')
    await other.context.close()

    // A new device with the passkey: the first profile's frame storage wiped (its partition's
    // storage key, once no frame holds it open).
    const secureFrame = first.page.frames().find((frame) => frame.url().startsWith(secure))
    assert.ok(secureFrame, 'the secure frame')
    // The cross-site frame runs in its own process: its own CDP session names its storage key.
    const frameCdp = await first.context.newCDPSession(secureFrame)
    const { frameTree } = await frameCdp.send('Page.getFrameTree')
    const { storageKey } = await frameCdp.send('Storage.getStorageKeyForFrame', {
      frameId: frameTree.frame.id,
    })
    await first.page.goto('about:blank')
    await first.cdp.send('Storage.clearDataForStorageKey', { storageKey, storageTypes: 'all' })
    const recovering = signIn(first.page)
    await button(first.page, 'Use your passkey').click({ timeout: 30_000 })
    const recovered = await recovering
    assert.equal(recovered.status, 'SUCCESS', JSON.stringify(recovered.payload))
    assert.equal(recovered.payload.address, address)
    // The new device re-split the key: the server's shares were replaced, the factor kept.
    const after = await ownWallet()
    assert.equal(after?.recovery, 'passkey')
    assert.equal(after?.version, (row?.version ?? 0) + 1)
    await first.context.close()
  })
})
