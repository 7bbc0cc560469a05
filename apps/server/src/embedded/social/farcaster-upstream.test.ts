// Sign In With Farcaster through an upstream relay (OPENMODAL_FARCASTER_RELAY_URL): the login's
// channel is opened at the upstream, the phone posts there, and the server reads the status
// there and verifies the signature itself. The upstream is a second instance of this server
// (its relay routes are the open-source relay's API), with `@farcaster/auth-client`'s wallet
// client playing the phone. A forged completion: the upstream reads another IdRegistry, where
// the victim's fid belongs to the attacker, so it accepts the attacker's signature and answers
// `completed`; the first server checks the real registry and refuses it. Then an upstream that
// is down, answers garbage, an unsafe URL or nothing at all, and a cancel that stops the reads.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type TestContext, test } from 'node:test'
import {
  type AnvilInstance,
  deployTestIdRegistry,
  FARCASTER_ID_REGISTRY,
  freePort,
  startAnvil,
} from '@openmodal/testing/node'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../../bootstrap.js'
import type { Db } from '../../db/db.js'
import { syncConfig } from '../../projects/config-file.js'
import { createDeviceKey, type DeviceKey } from '../../testing/device-key.js'
import {
  DAPP,
  type EmbeddedStack,
  SECURE,
  startEmbeddedStack,
} from '../../testing/embedded-stack.js'
import { phoneSignsIn } from '../../testing/farcaster-wallet.js'
import { testProject } from '../../testing/harness.js'
import { openTestPglite } from '../../testing/pglite.js'
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink.js'
import { readFarcasterEnv } from '../config.js'
import type { FarcasterOptions } from './farcaster.js'

const RELAY_KEY = 'upstream-wallet-app-key'
const STEP = { timeout: 60_000 }

async function database(t: TestContext, projects = true) {
  const db = await openTestPglite()
  await prepareDatabase(db, { seed: false })
  if (projects) {
    await syncConfig(db, {
      projects: [
        testProject({
          features: { email: true, socials: ['farcaster'] },
          social: { farcaster: {} },
        }),
      ],
    })
  }
  t.after(() => db.close())
  return db
}

/** A server of ours over `db` with Farcaster settings `farcaster`. */
async function server(t: TestContext, db: Db, sink: SmtpSink, farcaster: FarcasterOptions) {
  const stack = await startEmbeddedStack(db, sink, {}, { farcaster })
  t.after(() => stack.close())
  return stack
}

const startLogin = (stack: EmbeddedStack, device: DeviceKey) =>
  stack.send('POST', '/v1/auth/farcaster/start', {
    body: { projectId: 'test-project', dappOrigin: DAPP },
    device,
  })
const collect = (stack: EmbeddedStack, device: DeviceKey, attemptId: string) =>
  stack.send('POST', '/v1/auth/social/status', { body: { attemptId }, device })
const cancel = (stack: EmbeddedStack, device: DeviceKey, attemptId: string) =>
  stack.send('POST', '/v1/auth/farcaster/cancel', { body: { attemptId }, device })

/**
 * A stand-in relay with the open-source relay's shapes (`POST /v1/channel` → 201, `GET
 * /v1/channel/status` → 202 pending) that can be told to misbehave; it counts status reads.
 */
async function standInRelay(t: TestContext) {
  const relay = {
    mode: 'ok' as 'ok' | 'garbage-status' | 'hang-status' | 'unsafe-url' | 'other-nonce' | 'empty',
    statusReads: 0,
    url: '',
  }
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    if (req.method === 'POST' && req.url === '/v1/channel') {
      const body = JSON.parse(raw) as { nonce: string; domain: string; siweUri: string }
      if (relay.mode === 'empty') return send(res, 201, {})
      const token = 'standin-channel-token-0001'
      const url =
        relay.mode === 'unsafe-url'
          ? 'javascript:alert(1)'
          : `https://farcaster.xyz/~/siwf?channelToken=${token}&nonce=${body.nonce}`
      const nonce = relay.mode === 'other-nonce' ? 'relaychosen1234' : body.nonce
      return send(res, 201, { channelToken: token, url, connectUri: url, nonce })
    }
    if (req.method === 'GET' && req.url === '/v1/channel/status') {
      relay.statusReads += 1
      if (relay.mode === 'hang-status') return // never answers
      if (relay.mode === 'garbage-status') return send(res, 200, '<html>oops</html>')
      return send(res, 202, { state: 'pending', nonce: 'x' })
    }
    send(res, 404, { error: 'Not found' })
  }
  const http = createServer((req, res) => void handler(req, res))
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  relay.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  t.after(() => {
    http.closeAllConnections()
    return new Promise<void>((resolve) => http.close(() => resolve()))
  })
  return relay
}

test('Sign In With Farcaster through an upstream relay', { timeout: 180_000 }, async (t) => {
  const anvil: AnvilInstance = await startAnvil()
  t.after(() => anvil.stop())
  const registry = await deployTestIdRegistry(anvil.rpcUrl, { at: FARCASTER_ID_REGISTRY })
  // The registry the upstream reads: fid 2 is the attacker's there.
  const lying = await deployTestIdRegistry(anvil.rpcUrl)
  const alice = privateKeyToAccount(generatePrivateKey())
  const victim = privateKeyToAccount(generatePrivateKey())
  const attacker = privateKeyToAccount(generatePrivateKey())
  const aliceFid = Number(await registry.register(alice.address))
  const victimFid = Number(await registry.register(victim.address))
  assert.equal(Number(await lying.register(alice.address)), aliceFid)
  assert.equal(Number(await lying.register(attacker.address)), victimFid)

  const sink = await startSmtpSink()
  t.after(() => sink.close())
  // The upstream: a second instance of this server, its own database, another registry.
  const upstream = await server(t, await database(t, false), sink, {
    rpcUrl: anvil.rpcUrl,
    idRegistry: lying.address,
    relayKey: RELAY_KEY,
  })
  const upstreamRelayUrl = `${upstream.server.url}/farcaster`
  const db = await database(t)
  const stack = await server(t, db, sink, {
    rpcUrl: anvil.rpcUrl,
    idRegistry: registry.address,
    relayUrl: upstreamRelayUrl,
  })

  /** The phone: reads the channel's URL, signs as `fid` with `signer`, posts to the upstream. */
  const phone = (url: string, fid: number, signer: typeof alice) =>
    phoneSignsIn({
      relay: upstreamRelayUrl,
      rpcUrl: anvil.rpcUrl,
      authKey: RELAY_KEY,
      url,
      fid,
      signer,
      username: `user${fid}`,
    })

  await t.test('the phone posts to the upstream, the login completes here', STEP, async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const started = await startLogin(stack, device)
    assert.equal(started.status, 200, JSON.stringify(started.body))
    // The upstream's channel (its sign-in URL, our secure site's domain and nonce).
    const url = new URL(started.body.url)
    assert.equal(url.origin + url.pathname, 'https://farcaster.xyz/~/siwf')
    assert.equal(url.searchParams.get('domain'), new URL(SECURE).host)
    const [channel] = await db.query<{ nonce: string; upstream_token: string }>(
      'select nonce, upstream_token from embedded.farcaster_channels where attempt_id = $1',
      [started.body.attemptId],
    )
    assert.equal(url.searchParams.get('nonce'), channel?.nonce)
    assert.equal(url.searchParams.get('channelToken'), channel?.upstream_token)
    // Our own relay routes do not serve the upstream's channel.
    const ours = await fetch(`${stack.server.url}/farcaster/v1/channel/status`, {
      headers: { authorization: `Bearer ${channel?.upstream_token}` },
    })
    assert.equal(ours.status, 401)

    assert.equal((await collect(stack, device, started.body.attemptId)).body.status, 'pending')
    const posted = await phone(started.body.url, aliceFid, alice)
    assert.equal(posted.response.status, 201, JSON.stringify(posted.data))
    const done = await collect(stack, device, started.body.attemptId)
    assert.equal(done.status, 200, JSON.stringify(done.body))
    assert.equal(done.body.status, 'done')
    assert.equal(done.body.user.provider, 'farcaster')
    assert.equal(done.body.user.username, `user${aliceFid}`)
    const me = await stack.send('GET', '/v1/me', { device, token: done.body.session.token })
    assert.equal(me.status, 200, JSON.stringify(me.body))
    // The channel is gone here once completed.
    const left = await db.query('select 1 from embedded.farcaster_channels where attempt_id = $1', [
      started.body.attemptId,
    ])
    assert.equal(left.length, 0)

    // The same fid on another device: the same user.
    const other = await createDeviceKey(() => stack.clock.now)
    const second = await startLogin(stack, other)
    await phone(second.body.url, aliceFid, alice)
    const again = await collect(stack, other, second.body.attemptId)
    assert.equal(again.body.status, 'done', JSON.stringify(again.body))
    assert.equal(again.body.user.id, done.body.user.id)
  })

  await t.test(
    'a completion the upstream vouches for but the registry does not: refused',
    STEP,
    async () => {
      const device = await createDeviceKey(() => stack.clock.now)
      const started = await startLogin(stack, device)
      // The upstream accepts the attacker's signature for the victim's fid (its registry lies).
      const posted = await phone(started.body.url, victimFid, attacker)
      assert.equal(posted.response.status, 201, JSON.stringify(posted.data))
      const refused = await collect(stack, device, started.body.attemptId)
      assert.equal(refused.status, 400, JSON.stringify(refused.body))
      assert.equal(refused.body.error.code, 'SOCIAL_FAILED')
      const identities = await db.query(
        "select 1 from embedded.social_identities where provider = 'farcaster' and subject = $1",
        [String(victimFid)],
      )
      assert.equal(identities.length, 0, 'nobody was logged in as the victim')
    },
  )

  await t.test('a cancel stops reading the upstream', STEP, async () => {
    const relay = await standInRelay(t)
    const follower = await server(t, db, sink, {
      rpcUrl: anvil.rpcUrl,
      idRegistry: registry.address,
      relayUrl: relay.url,
    })
    const device = await createDeviceKey(() => follower.clock.now)
    const started = await startLogin(follower, device)
    assert.equal(started.status, 200, JSON.stringify(started.body))
    assert.equal((await collect(follower, device, started.body.attemptId)).body.status, 'pending')
    assert.equal(relay.statusReads, 1)
    assert.deepEqual((await cancel(follower, device, started.body.attemptId)).body, {
      cancelled: true,
    })
    const after = await collect(follower, device, started.body.attemptId)
    assert.equal(after.body.error.code, 'SOCIAL_FAILED')
    assert.equal(relay.statusReads, 1, 'no read after the cancel')
  })

  await t.test(
    'an upstream down, answering garbage or nothing: the login fails',
    STEP,
    async () => {
      // Down: nothing listens there.
      const down = await server(t, db, sink, {
        rpcUrl: anvil.rpcUrl,
        idRegistry: registry.address,
        relayUrl: `http://127.0.0.1:${await freePort()}`,
      })
      const device = await createDeviceKey(() => down.clock.now)
      const refused = await startLogin(down, device)
      assert.equal(refused.status, 502, JSON.stringify(refused.body))
      assert.deepEqual(refused.body.error, {
        code: 'FARCASTER_FAILED',
        message: 'Failed to connect to farcaster',
      })

      const relay = await standInRelay(t)
      const follower = await server(t, db, sink, {
        rpcUrl: anvil.rpcUrl,
        idRegistry: registry.address,
        relayUrl: relay.url,
        relayTimeoutMs: 500,
      })
      const startWith = async (mode: typeof relay.mode) => {
        relay.mode = mode
        return startLogin(follower, await createDeviceKey(() => follower.clock.now))
      }
      // A channel without its fields, a URL that is no web page, a nonce other than ours.
      for (const mode of ['empty', 'unsafe-url', 'other-nonce'] as const) {
        const answer = await startWith(mode)
        assert.equal(answer.status, 502, `${mode}: ${JSON.stringify(answer.body)}`)
        assert.equal(answer.body.error.code, 'FARCASTER_FAILED')
      }
      // A status that is not the relay's shape, then one that never comes (the deadline).
      for (const mode of ['garbage-status', 'hang-status'] as const) {
        relay.mode = 'ok'
        const deviceOf = await createDeviceKey(() => follower.clock.now)
        const started = await startLogin(follower, deviceOf)
        assert.equal(started.status, 200, JSON.stringify(started.body))
        relay.mode = mode
        const began = Date.now()
        const failed = await collect(follower, deviceOf, started.body.attemptId)
        assert.equal(failed.status, 400, `${mode}: ${JSON.stringify(failed.body)}`)
        assert.equal(failed.body.error.code, 'SOCIAL_FAILED')
        assert.ok(Date.now() - began < 5_000, `${mode}: answered in ${Date.now() - began} ms`)
      }
    },
  )
})

test('reads the upstream relay setting, https only (http on loopback)', () => {
  const base = { OPENMODAL_FARCASTER_RPC_URL: 'https://mainnet.optimism.io' }
  assert.equal(readFarcasterEnv(base)?.relayUrl, undefined)
  assert.equal(
    readFarcasterEnv({ ...base, OPENMODAL_FARCASTER_RELAY_URL: 'https://relay.farcaster.xyz' })
      ?.relayUrl,
    'https://relay.farcaster.xyz',
  )
  assert.throws(
    () => readFarcasterEnv({ ...base, OPENMODAL_FARCASTER_RELAY_URL: 'http://relay.example' }),
    /OPENMODAL_FARCASTER_RELAY_URL=http:\/\/relay.example must be an https URL/,
  )
})
