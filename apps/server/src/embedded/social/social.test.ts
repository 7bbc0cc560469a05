// Social login on the server against stand-ins that answer like the providers: a real OpenID
// Provider for Google, GitHub's OAuth and REST shapes. The attacks on the flow (a forged or
// swapped state, a replayed code, a wrong nonce, a missing PKCE challenge) are refused.
import assert from 'node:assert/strict'
import { type TestContext, test } from 'node:test'
import { prepareDatabase } from '../../bootstrap.js'
import { syncConfig } from '../../projects/config-file.js'
import { createDeviceKey, type DeviceKey } from '../../testing/device-key.js'
import {
  DAPP,
  type EmbeddedStack,
  login,
  SECURE,
  startEmbeddedStack,
} from '../../testing/embedded-stack.js'
import { testProject } from '../../testing/harness.js'
import { openTestPglite } from '../../testing/pglite.js'
import { startSmtpSink } from '../../testing/smtp-sink.js'
import {
  appleStandinConfig,
  followToFormPost,
  followUntil,
  oauthStandinConfig,
  type Standin,
  startAppleStandin,
  startGoogleStandin,
  startOAuthStandin,
  startTelegramStandin,
} from '../../testing/social-standins.js'
import { POPUP_READY_PROVIDERS } from './providers.js'
import { TELEGRAM_MAX_AGE_S, telegramHash } from './telegram.js'

type Provider = 'google' | 'github' | 'discord' | 'x' | 'facebook' | 'apple'

async function setup(t: TestContext) {
  const db = await openTestPglite()
  await prepareDatabase(db, { seed: false })
  const sink = await startSmtpSink()
  const stack = await startEmbeddedStack(db, sink)
  const callback = `${stack.server.url}/v1/auth/social/callback`
  const google = await startGoogleStandin(callback)
  const github = await startOAuthStandin('github')
  const discord = await startOAuthStandin('discord')
  const x = await startOAuthStandin('x')
  const facebook = await startOAuthStandin('facebook')
  const apple = await startAppleStandin(callback)
  const telegram = await startTelegramStandin(() => stack.clock.now)
  const project = () =>
    testProject({
      features: {
        email: true,
        socials: ['google', 'github', 'discord', 'x', 'apple', 'telegram', 'farcaster'],
      },
      social: {
        // On for the project, but this server has no Farcaster chain: never reported.
        farcaster: {},
        apple: appleStandinConfig(apple),
        telegram: { botToken: telegram.botToken, authorizationUrl: `${telegram.url}/auth` },
        google: {
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          issuer: google.url,
          authorizationUrl: `${google.url}/auth`,
          tokenUrl: `${google.url}/token`,
          jwksUrl: `${google.url}/jwks`,
        },
        github: oauthStandinConfig(github),
        discord: oauthStandinConfig(discord),
        x: oauthStandinConfig(x),
        facebook: oauthStandinConfig(facebook),
      },
    })
  const restoreConfig = () => syncConfig(db, { projects: [project()] })
  await restoreConfig()
  t.after(async () => {
    for (const standin of [google, github, discord, x, facebook, apple, telegram]) {
      await standin.close()
    }
    await stack.close()
    await sink.close()
    await db.close()
  })
  const standins: Record<Provider, Standin> = { google, github, discord, x, facebook, apple }
  return { db, sink, stack, standins, callback, facebook, apple, telegram, restoreConfig }
}

type Stack = EmbeddedStack

async function start(stack: Stack, device: DeviceKey, provider: Provider | 'telegram') {
  const answer = await stack.send('POST', '/v1/auth/social/start', {
    body: { projectId: 'test-project', provider, dappOrigin: DAPP },
    device,
  })
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  return answer.body as { attemptId: string; url: string }
}

/** The visitor at the provider: from the authorization URL to the server's callback URL. */
const atProvider = (url: string, callback: string) =>
  followUntil(url, (next) => next.href.startsWith(callback))

/** The popup's last hop: the server's callback, answered with the secure site's page. */
async function callBack(callbackUrl: URL) {
  const response = await fetch(callbackUrl, { redirect: 'manual' })
  assert.equal(response.status, 303)
  return response.headers.get('location')
}

/** Apple's last hop: the form the provider's page posts to the server's callback. */
async function postBack(action: URL, fields: URLSearchParams) {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  })
  assert.equal(response.status, 303)
  return response.headers.get('location')
}

/**
 * The visitor at Telegram, and the secure site's /loading page after it: Telegram sends the
 * popup to `return_to#tgAuthResult=…`; the page forwards the fragment with `state` to the
 * server's callback. Returns that callback URL (the test may change it before calling back).
 */
async function atTelegram(url: string, callback: string) {
  const response = await fetch(url, { redirect: 'manual' })
  assert.equal(response.status, 302, await response.text())
  const back = new URL(response.headers.get('location') ?? '')
  assert.equal(`${back.origin}${back.pathname}`, `${SECURE}/loading`)
  const result = new URLSearchParams(back.hash.slice(1)).get('tgAuthResult') ?? ''
  const forwarded = new URL(callback)
  forwarded.searchParams.set('state', back.searchParams.get('state') ?? '')
  forwarded.searchParams.set('tgAuthResult', result)
  return forwarded
}

/** The JSON result inside a forwarded callback URL, and a way to put another one in. */
const resultOf = (url: URL) =>
  JSON.parse(
    Buffer.from(url.searchParams.get('tgAuthResult') ?? '', 'base64').toString(),
  ) as Record<string, unknown>
const withResult = (url: URL, result: unknown) => {
  const next = new URL(url)
  next.searchParams.set('tgAuthResult', Buffer.from(JSON.stringify(result)).toString('base64'))
  return next
}

const status = (stack: Stack, device: DeviceKey, attemptId: string) =>
  stack.send('POST', '/v1/auth/social/status', { body: { attemptId }, device })

/** A whole login through `provider` from `device`; returns the status answer's body. */
async function socialLogin(
  env: Awaited<ReturnType<typeof setup>>,
  device: DeviceKey,
  provider: Provider,
) {
  const { attemptId, url } = await start(env.stack, device, provider)
  const pending = await status(env.stack, device, attemptId)
  assert.deepEqual(pending.body, { status: 'pending' })
  if (provider === 'apple') {
    const { action, fields } = await followToFormPost(url)
    assert.equal(action.href, env.callback)
    assert.equal(await postBack(action, fields), `${SECURE}/loading?social=done`)
  } else {
    const back = await atProvider(url, env.callback)
    assert.equal(await callBack(back), `${SECURE}/loading?social=done`)
  }
  const done = await status(env.stack, device, attemptId)
  assert.equal(done.status, 200, JSON.stringify(done.body))
  return done.body
}

test('social login through the providers, and the attacks on it', async (t) => {
  const env = await setup(t)
  const { stack, standins, callback, db } = env

  await t.test('asks for PKCE S256, state and (OIDC) a nonce; no secret in the URL', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    for (const provider of ['google', 'github'] as const) {
      const { url } = await start(stack, device, provider)
      const params = new URL(url).searchParams
      assert.equal(params.get('code_challenge_method'), 'S256')
      assert.match(params.get('code_challenge') ?? '', /^[\w-]{43}$/)
      assert.match(params.get('state') ?? '', /^[\w-]{20,}$/)
      assert.equal(params.get('redirect_uri'), callback)
      assert.equal(params.has('nonce'), provider === 'google')
      assert.ok(!url.includes(standins[provider].clientSecret))
    }
    const [row] = await db.query<{ n: number }>(
      'select count(*)::int as n from embedded.social_attempts where code_verifier is not null',
    )
    assert.equal(row?.n, 2)
  })

  await t.test(
    'GitHub: the same user on the next login; username and verified e-mail',
    async () => {
      const device = await createDeviceKey(() => stack.clock.now)
      const first = await socialLogin(env, device, 'github')
      assert.equal(first.user.provider, 'github')
      assert.equal(first.user.username, 'octocat')
      assert.equal(first.user.email, 'octocat@github.com')
      assert.match(first.session.token, /\S{20,}/)
      const second = await socialLogin(env, await createDeviceKey(() => stack.clock.now), 'github')
      assert.equal(second.user.id, first.user.id)
      // The session works like an e-mail one: /v1/me answers with the device's proof.
      const me = await stack.send('GET', '/v1/me', { device, token: first.session.token })
      assert.equal(me.status, 200, JSON.stringify(me.body))
    },
  )

  await t.test('Google (OIDC): the same user on the next login', async () => {
    standins.google.account = { subject: 'g-1', email: 'grace@example.com', emailVerified: true }
    const first = await socialLogin(env, await createDeviceKey(() => stack.clock.now), 'google')
    assert.equal(first.user.provider, 'google')
    assert.equal(first.user.email, 'grace@example.com')
    const second = await socialLogin(env, await createDeviceKey(() => stack.clock.now), 'google')
    assert.equal(second.user.id, first.user.id)
  })

  await t.test(
    'Apple (OIDC, form_post, ES256 client secret): the same user next time',
    async () => {
      const { url } = await start(stack, await createDeviceKey(() => stack.clock.now), 'apple')
      const params = new URL(url).searchParams
      assert.equal(params.get('response_mode'), 'form_post')
      assert.equal(params.get('scope'), 'openid email name')
      assert.ok(params.has('nonce'))
      const first = await socialLogin(env, await createDeviceKey(() => stack.clock.now), 'apple')
      assert.equal(first.user.provider, 'apple')
      // Apple's relay address, verified ("true" as a string in its ID token).
      assert.equal(first.user.email, 'x7k2p@privaterelay.appleid.com')
      const second = await socialLogin(env, await createDeviceKey(() => stack.clock.now), 'apple')
      assert.equal(second.user.id, first.user.id)
    },
  )

  await t.test('attack on Apple: forged state, replayed form, other nonce, no PKCE', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const forged = await start(stack, device, 'apple')
    const posted = await followToFormPost(forged.url)
    const forgedFields = new URLSearchParams(posted.fields)
    forgedFields.set('state', 'forged-state-forged-state-forged')
    assert.equal(await postBack(posted.action, forgedFields), `${SECURE}/loading?social=failed`)
    assert.deepEqual((await status(stack, device, forged.attemptId)).body, { status: 'pending' })
    // The genuine form once: done; the same form again: nothing more.
    assert.equal(await postBack(posted.action, posted.fields), `${SECURE}/loading?social=done`)
    assert.equal(await postBack(posted.action, posted.fields), `${SECURE}/loading?social=failed`)
    assert.equal((await status(stack, device, forged.attemptId)).status, 200)
    for (const tamper of [
      (url: URL) => url.searchParams.set('nonce', 'nonce-of-another-login'),
      (url: URL) => {
        url.searchParams.delete('code_challenge')
        url.searchParams.delete('code_challenge_method')
      },
    ]) {
      const next = await createDeviceKey(() => stack.clock.now)
      const { attemptId, url } = await start(stack, next, 'apple')
      const tampered = new URL(url)
      tamper(tampered)
      // Both come back as a form: an error (no PKCE) or a code whose ID token fails the nonce.
      const form = await followToFormPost(tampered.href)
      assert.equal(await postBack(form.action, form.fields), `${SECURE}/loading?social=failed`)
      assert.equal((await status(stack, next, attemptId)).status, 400)
    }
  })

  await t.test('Apple refuses a client secret signed with another key', async () => {
    const other = await startAppleStandin(callback)
    await syncConfig(db, {
      projects: [
        testProject({
          features: { email: true, socials: ['apple'] },
          // The right client, team and key id, but a key Apple does not know.
          social: { apple: { ...appleStandinConfig(env.apple), privateKey: other.privateKey } },
        }),
      ],
    })
    try {
      const device = await createDeviceKey(() => stack.clock.now)
      const { attemptId, url } = await start(stack, device, 'apple')
      const { action, fields } = await followToFormPost(url)
      assert.equal(await postBack(action, fields), `${SECURE}/loading?social=failed`)
      const answer = await status(stack, device, attemptId)
      assert.equal(answer.body.error.message, 'Failed to initiate social connection')
    } finally {
      await other.close()
      await env.restoreConfig()
    }
  })

  await t.test(
    'Discord, X and Facebook: their profile shapes, the same user next time',
    async () => {
      const device = await createDeviceKey(() => stack.clock.now)
      const discordUser = await socialLogin(env, device, 'discord')
      // Discord's unique names carry the `#0` the modal strips.
      assert.equal(discordUser.user.username, 'nelly#0')
      assert.equal(discordUser.user.email, 'nelly@example.com')
      const xUser = await socialLogin(env, device, 'x')
      assert.equal(xUser.user.username, 'XDevelopers')
      assert.equal(xUser.user.email, null)
      assert.equal((await socialLogin(env, device, 'discord')).user.id, discordUser.user.id)
      assert.equal((await socialLogin(env, device, 'x')).user.id, xUser.user.id)
      assert.notEqual(discordUser.user.id, xUser.user.id)
    },
  )

  await t.test('Facebook: profile read with its fields; its e-mail links nothing', async () => {
    await syncConfig(db, {
      projects: [
        testProject({
          features: { email: true, socials: ['facebook'] },
          social: { facebook: oauthStandinConfig(env.facebook) },
        }),
      ],
    })
    try {
      const device = await createDeviceKey(() => stack.clock.now)
      const { user: emailUser } = await login(stack, env.sink, 'mark@example.com', device)
      const fb = await socialLogin(env, device, 'facebook')
      assert.equal(fb.user.username, 'Mark Example')
      assert.equal(fb.user.email, null)
      assert.notEqual(fb.user.id, emailUser.id)
    } finally {
      await env.restoreConfig()
    }
  })

  await t.test('links to an e-mail user only on an e-mail the provider verified', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const { user: emailUser } = await login(stack, env.sink, 'lin@example.com', device)
    standins.github.account = {
      subject: '7001',
      login: 'lin',
      email: 'lin@example.com',
      emailVerified: false,
    }
    const unverified = await socialLogin(env, device, 'github')
    assert.notEqual(unverified.user.id, emailUser.id)
    assert.equal(unverified.user.email, null)
    standins.google.account = { subject: 'g-lin', email: 'lin@example.com', emailVerified: true }
    const verified = await socialLogin(env, device, 'google')
    assert.equal(verified.user.id, emailUser.id)
  })

  await t.test('only the device key that started the attempt collects it, once', async () => {
    standins.github.account = {
      subject: '583231',
      login: 'octocat',
      email: 'octocat@github.com',
      emailVerified: true,
    }
    const device = await createDeviceKey(() => stack.clock.now)
    const thief = await createDeviceKey(() => stack.clock.now)
    const { attemptId, url } = await start(stack, device, 'github')
    await callBack(await atProvider(url, callback))
    const stolen = await status(stack, thief, attemptId)
    assert.equal(stolen.status, 404)
    assert.equal((await status(stack, device, attemptId)).status, 200)
    assert.equal((await status(stack, device, attemptId)).status, 409)
  })

  await t.test('attack: a forged state completes nothing', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const { attemptId, url } = await start(stack, device, 'github')
    const back = await atProvider(url, callback)
    back.searchParams.set('state', 'forged-state-forged-state-forged')
    assert.equal(await callBack(back), `${SECURE}/loading?social=failed`)
    assert.deepEqual((await status(stack, device, attemptId)).body, { status: 'pending' })
  })

  await t.test("attack: a code injected under another attempt's state is refused", async () => {
    // The attacker's own code (their account, their PKCE challenge) sent with the visitor's state.
    const visitor = await createDeviceKey(() => stack.clock.now)
    const attacker = await createDeviceKey(() => stack.clock.now)
    const victimAttempt = await start(stack, visitor, 'github')
    const attackerAttempt = await start(stack, attacker, 'github')
    const attackerBack = await atProvider(attackerAttempt.url, callback)
    const injected = new URL(attackerBack)
    injected.searchParams.set('state', new URL(victimAttempt.url).searchParams.get('state') ?? '')
    assert.equal(await callBack(injected), `${SECURE}/loading?social=failed`)
    const answer = await status(stack, visitor, victimAttempt.attemptId)
    assert.equal(answer.status, 400)
    assert.equal(answer.body.error.message, 'Failed to initiate social connection')
  })

  await t.test('attack: a replayed callback (the same code and state) is refused', async () => {
    for (const provider of ['github', 'google'] as const) {
      const device = await createDeviceKey(() => stack.clock.now)
      const { attemptId, url } = await start(stack, device, provider)
      const back = await atProvider(url, callback)
      assert.equal(await callBack(back), `${SECURE}/loading?social=done`)
      assert.equal(await callBack(back), `${SECURE}/loading?social=failed`, provider)
      assert.equal((await status(stack, device, attemptId)).status, 200)
      const [row] = await db.query<{ n: number }>(
        'select count(*)::int as n from embedded.sessions s join embedded.social_attempts a on a.user_id = s.user_id where a.id = $1 and s.jkt = a.jkt',
        [attemptId],
      )
      assert.equal(row?.n, 1, provider)
    }
  })

  await t.test('attack: an ID token with another nonce is refused', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const { attemptId, url } = await start(stack, device, 'google')
    const tampered = new URL(url)
    tampered.searchParams.set('nonce', 'nonce-of-another-login')
    assert.equal(
      await callBack(await atProvider(tampered.href, callback)),
      `${SECURE}/loading?social=failed`,
    )
    const answer = await status(stack, device, attemptId)
    assert.equal(answer.status, 400)
    assert.equal(answer.body.error.code, 'SOCIAL_FAILED')
  })

  await t.test('attack: an authorization without the PKCE challenge is refused', async () => {
    // X refuses it at once (PKCE is mandatory there); the others refuse the verifier later.
    for (const provider of ['github', 'google', 'discord', 'x'] as const) {
      const device = await createDeviceKey(() => stack.clock.now)
      const { attemptId, url } = await start(stack, device, provider)
      const stripped = new URL(url)
      stripped.searchParams.delete('code_challenge')
      stripped.searchParams.delete('code_challenge_method')
      assert.equal(
        await callBack(await atProvider(stripped.href, callback)),
        `${SECURE}/loading?social=failed`,
        provider,
      )
      assert.equal((await status(stack, device, attemptId)).status, 400, provider)
    }
  })

  await t.test('a provider error fails the attempt; the next login works', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    standins.github.deny = true
    const { attemptId, url } = await start(stack, device, 'github')
    assert.equal(await callBack(await atProvider(url, callback)), `${SECURE}/loading?social=failed`)
    const answer = await status(stack, device, attemptId)
    assert.equal(answer.body.error.message, 'Failed to initiate social connection')
    standins.github.deny = false
    await socialLogin(env, device, 'github')
  })

  await t.test('Telegram: its login URL, then the same user on the next login', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const { attemptId, url } = await start(stack, device, 'telegram')
    const params = new URL(url).searchParams
    assert.equal(params.get('bot_id'), env.telegram.botToken.split(':')[0])
    assert.equal(params.get('origin'), SECURE)
    assert.equal(params.get('request_access'), 'write')
    const returnTo = new URL(params.get('return_to') ?? '')
    assert.equal(`${returnTo.origin}${returnTo.pathname}`, `${SECURE}/loading`)
    assert.equal(returnTo.searchParams.get('projectId'), 'test-project')
    assert.ok(!url.includes(env.telegram.botToken.split(':')[1] ?? '-'), 'no bot secret in the URL')
    assert.deepEqual((await status(stack, device, attemptId)).body, { status: 'pending' })
    const back = await atTelegram(url, callback)
    assert.deepEqual(Object.keys(resultOf(back)).sort(), [
      'auth_date',
      'first_name',
      'hash',
      'id',
      'photo_url',
      'username',
    ])
    assert.equal(await callBack(back), `${SECURE}/loading?social=done`)
    const first = (await status(stack, device, attemptId)).body
    assert.equal(first.user.provider, 'telegram')
    assert.equal(first.user.username, 'pavel_tg')
    assert.equal(first.user.email, null)
    // Telegram signs the id and the second of the login: a new login is a new second.
    stack.clock.now += 1000
    const again = await createDeviceKey(() => stack.clock.now)
    const next = await start(stack, again, 'telegram')
    await callBack(await atTelegram(next.url, callback))
    const second = (await status(stack, again, next.attemptId)).body
    assert.equal(second.user.id, first.user.id)
  })

  await t.test('attacks on Telegram: forged, changed, other bot, stale, replayed', async () => {
    const refused = async (tamper: (back: URL) => URL | Promise<URL>, what: string) => {
      const device = await createDeviceKey(() => stack.clock.now)
      const { attemptId, url } = await start(stack, device, 'telegram')
      const back = await tamper(await atTelegram(url, callback))
      assert.equal(await callBack(back), `${SECURE}/loading?social=failed`, what)
      const answer = await status(stack, device, attemptId)
      assert.equal(answer.status, 400, what)
      assert.equal(answer.body.error.message, 'Failed to initiate social connection', what)
    }
    const before = await db.query('select count(*)::int as n from embedded.social_identities')
    // A hash made up by the attacker.
    await refused(
      (back) => withResult(back, { ...resultOf(back), hash: 'ab'.repeat(32) }),
      'forged',
    )
    // Someone else's Telegram id (or name) under the visitor's signature.
    await refused((back) => withResult(back, { ...resultOf(back), id: 1 }), 'changed id')
    await refused(
      (back) => withResult(back, { ...resultOf(back), username: 'durov' }),
      'changed username',
    )
    await refused((back) => withResult(back, { ...resultOf(back), last_name: 'X' }), 'added field')
    // A result signed by another bot (the attacker's own, whose token they hold).
    await refused((back) => {
      const { hash: _hash, ...fields } = resultOf(back)
      const other = `${Number(env.telegram.botToken.split(':')[0]) + 1}:${'A'.repeat(35)}`
      return withResult(back, { ...fields, hash: telegramHash(fields, other) })
    }, 'another bot')
    // A result older than the window: captured from an earlier login, sent with a new attempt.
    stack.clock.now += 1000
    const earlier = await start(stack, await createDeviceKey(() => stack.clock.now), 'telegram')
    const captured = resultOf(await atTelegram(earlier.url, callback))
    stack.clock.now += (TELEGRAM_MAX_AGE_S + 1) * 1000
    await refused((back) => withResult(back, captured), 'stale auth_date')
    // The visitor declined at Telegram.
    env.telegram.deny = true
    await refused((back) => back, 'declined')
    env.telegram.deny = false
    // The same signed result used for a second attempt (e.g. an attacker's own).
    await refused(async (back) => {
      const victim = await createDeviceKey(() => stack.clock.now)
      const first = await start(stack, victim, 'telegram')
      const used = await atTelegram(first.url, callback)
      assert.equal(await callBack(used), `${SECURE}/loading?social=done`)
      assert.equal((await status(stack, victim, first.attemptId)).status, 200)
      return withResult(back, resultOf(used))
    }, 'replayed result')
    const after = await db.query('select count(*)::int as n from embedded.social_identities')
    assert.deepEqual(after, before, 'no identity made by a refused result')
    // Malformed fragments: not base64, not an object, no hash.
    for (const bad of ['%%%', Buffer.from('[1]').toString('base64'), '']) {
      const device = await createDeviceKey(() => stack.clock.now)
      const { url } = await start(stack, device, 'telegram')
      const back = await atTelegram(url, callback)
      back.searchParams.set('tgAuthResult', bad)
      assert.equal(await callBack(back), `${SECURE}/loading?social=failed`, bad)
    }
  })

  await t.test('refuses a provider the project did not configure or turned off', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    // Farcaster is no OAuth provider; Facebook is configured but not in features.socials.
    for (const [provider, code] of [
      ['farcaster', 400],
      ['facebook', 403],
    ] as const) {
      const answer = await stack.send('POST', '/v1/auth/social/start', {
        body: { projectId: 'test-project', provider, dappOrigin: DAPP },
        device,
      })
      assert.equal(answer.status, code, provider)
    }
    const foreign = await stack.send('POST', '/v1/auth/social/start', {
      body: {
        projectId: 'test-project',
        provider: 'github',
        dappOrigin: 'https://evil.example.net',
      },
      device,
    })
    assert.equal(foreign.status, 403)
  })

  await t.test('the project config reports only providers that work end to end', async () => {
    const config = await fetch(`${stack.server.url}/v1/projects/test-project/config`, {
      headers: { origin: DAPP },
    })
    const body = await config.json()
    // Listed and configured; Facebook is configured but not listed in features.socials.
    assert.deepEqual(body.socialProviders, [
      'google',
      'github',
      'discord',
      'x',
      'apple',
      'telegram',
    ])
    assert.deepEqual(POPUP_READY_PROVIDERS, [
      'google',
      'apple',
      'github',
      'discord',
      'x',
      'facebook',
      'telegram',
    ])
  })
})
