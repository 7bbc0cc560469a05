// Sign In With Farcaster against our relay routes, driven by `@farcaster/auth-client` itself
// (its app client opens and watches the channel, its wallet client builds the message), with a
// custody key registered in the IdRegistry stand-in on anvil (installed at Optimism's address,
// where the app client's viem connector reads). The attacks: a signer that is not the fid's
// custody, a message for another channel (nonce) or another site (domain), a forged relay key,
// a cancelled login.
import assert from 'node:assert/strict'
import { type TestContext, test } from 'node:test'
import { createAppClient, type StatusAPIResponse, viemConnector } from '@farcaster/auth-client'
import {
  type AnvilInstance,
  deployTestIdRegistry,
  FARCASTER_ID_REGISTRY,
  startAnvil,
} from '@openmodal/testing/node'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../../bootstrap.js'
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
import { startSmtpSink } from '../../testing/smtp-sink.js'
import { readFarcasterEnv } from '../config.js'

const RELAY_KEY = 'test-wallet-app-key'

async function setup(t: TestContext) {
  const anvil: AnvilInstance = await startAnvil()
  const registry = await deployTestIdRegistry(anvil.rpcUrl, { at: FARCASTER_ID_REGISTRY })
  const db = await openTestPglite()
  await prepareDatabase(db, { seed: false })
  const sink = await startSmtpSink()
  const stack = await startEmbeddedStack(
    db,
    sink,
    {},
    { farcaster: { rpcUrl: anvil.rpcUrl, idRegistry: registry.address, relayKey: RELAY_KEY } },
  )
  await syncConfig(db, {
    projects: [
      testProject({
        features: { email: true, socials: ['google', 'farcaster'] },
        social: { farcaster: {} },
      }),
      testProject({ projectId: 'no-farcaster', features: { email: true, socials: ['google'] } }),
    ],
  })
  t.after(async () => {
    await stack.close()
    await sink.close()
    await db.close()
    await anvil.stop()
  })
  const relay = `${stack.server.url}/farcaster`
  const ethereum = viemConnector({ rpcUrl: anvil.rpcUrl })
  const appClient = createAppClient({ relay, ethereum })
  /** A Farcaster account: a custody key with its fid in the registry. */
  const account = async () => {
    const custody = privateKeyToAccount(generatePrivateKey())
    const fid = Number(await registry.register(custody.address))
    return { custody, fid }
  }
  return { stack, appClient, relay, rpcUrl: anvil.rpcUrl, account }
}

type Setup = Awaited<ReturnType<typeof setup>>
type Account = Awaited<ReturnType<Setup['account']>>

/** The phone's part: read the channel's URL, build the message, sign it with `signer`. */
const signIn = (
  { relay, rpcUrl }: Setup,
  url: string,
  who: Account,
  options: { signer?: Account['custody']; nonce?: string; domain?: string; authKey?: string } = {},
) =>
  phoneSignsIn({
    relay,
    rpcUrl,
    authKey: options.authKey ?? RELAY_KEY,
    url,
    fid: who.fid,
    signer: options.signer ?? who.custody,
    username: `user${who.fid}`,
    ...(options.nonce ? { nonce: options.nonce } : {}),
    ...(options.domain ? { domain: options.domain } : {}),
  })

async function startLogin(stack: EmbeddedStack, device: DeviceKey, projectId = 'test-project') {
  return stack.send('POST', '/v1/auth/farcaster/start', {
    body: { projectId, dappOrigin: DAPP },
    device,
  })
}

const collect = (stack: EmbeddedStack, device: DeviceKey, attemptId: string) =>
  stack.send('POST', '/v1/auth/social/status', { body: { attemptId }, device })

test('Sign In With Farcaster', async (t) => {
  const setup_ = await setup(t)
  const { stack, appClient, account } = setup_

  await t.test("the app client's channel completes on our relay and verifies", async () => {
    const alice = await account()
    const channel = await appClient.createChannel({
      siweUri: 'https://app.example.com/login',
      domain: 'app.example.com',
    })
    assert.equal(channel.isError, false)
    assert.equal(channel.response.status, 201)
    const pending = await appClient.status({ channelToken: channel.data.channelToken })
    assert.equal(pending.response.status, 202)
    assert.equal(pending.data.state, 'pending')
    assert.equal(pending.data.nonce, channel.data.nonce)

    const answer = await signIn(setup_, channel.data.url, alice)
    assert.equal(answer.response.status, 201, JSON.stringify(answer.data))

    const done = await appClient.watchStatus({
      channelToken: channel.data.channelToken,
      timeout: 10_000,
      interval: 100,
    })
    assert.equal(done.isError, false)
    const data = done.data as StatusAPIResponse
    assert.equal(data.state, 'completed')
    assert.equal(data.fid, alice.fid)
    assert.equal(data.username, `user${alice.fid}`)
    assert.equal(data.custody?.toLowerCase(), alice.custody.address.toLowerCase())
    // The app client's own check (idOf on the registry's address) agrees.
    const verified = await appClient.verifySignInMessage({
      nonce: channel.data.nonce,
      domain: 'app.example.com',
      message: data.message ?? '',
      signature: data.signature as Hex,
      acceptAuthAddress: false,
    })
    assert.equal(verified.isError, false, String(verified.error))
    assert.equal(verified.fid, alice.fid)
    // Read once, then closed (as at the open-source relay).
    const again = await appClient.status({ channelToken: channel.data.channelToken })
    assert.equal(again.response.status, 401)
  })

  await t.test('a login completes into a session, the same user next time', async () => {
    const bob = await account()
    const device = await createDeviceKey(() => stack.clock.now)
    const started = await startLogin(stack, device)
    assert.equal(started.status, 200, JSON.stringify(started.body))
    const url = new URL(started.body.url)
    assert.equal(url.searchParams.get('domain'), new URL(SECURE).host)
    assert.equal(url.searchParams.get('siweUri'), `${SECURE}/`)
    assert.equal((await collect(stack, device, started.body.attemptId)).body.status, 'pending')

    const answer = await signIn(setup_, started.body.url, bob)
    assert.equal(answer.response.status, 201, JSON.stringify(answer.data))
    const first = await collect(stack, device, started.body.attemptId)
    assert.equal(first.status, 200, JSON.stringify(first.body))
    assert.equal(first.body.status, 'done')
    assert.equal(first.body.user.provider, 'farcaster')
    assert.equal(first.body.user.username, `user${bob.fid}`)
    const me = await stack.send('GET', '/v1/me', { device, token: first.body.session.token })
    assert.equal(me.status, 200, JSON.stringify(me.body))
    // Collected once.
    assert.equal((await collect(stack, device, started.body.attemptId)).status, 409)

    // Another device, the same fid: the same user (its wallet then asks for the recovery factor).
    const other = await createDeviceKey(() => stack.clock.now)
    const second = await startLogin(stack, other)
    await signIn(setup_, second.body.url, bob)
    const again = await collect(stack, other, second.body.attemptId)
    assert.equal(again.body.status, 'done')
    assert.equal(again.body.user.id, first.body.user.id)
  })

  await t.test('refuses a signer that is not the custody of the fid', async () => {
    const victim = await account()
    const attacker = await account()
    const device = await createDeviceKey(() => stack.clock.now)
    const started = await startLogin(stack, device)
    // The attacker signs with its own (registered) key but claims the victim's fid.
    const answer = await signIn(setup_, started.body.url, victim, { signer: attacker.custody })
    assert.equal(answer.response.status, 401)
    assert.match(String((answer.data as { error?: string }).error), /not the custody address/)
    // An unregistered key: refused too.
    const stranger = privateKeyToAccount(generatePrivateKey())
    const unknown = await signIn(setup_, started.body.url, victim, { signer: stranger })
    assert.equal(unknown.response.status, 401)
    assert.equal((await collect(stack, device, started.body.attemptId)).body.status, 'pending')
    // The real wallet still completes the login afterwards.
    assert.equal((await signIn(setup_, started.body.url, victim)).response.status, 201)
    assert.equal((await collect(stack, device, started.body.attemptId)).body.status, 'done')
  })

  await t.test("refuses another channel's nonce, another domain, a wrong relay key", async () => {
    const carol = await account()
    const device = await createDeviceKey(() => stack.clock.now)
    const started = await startLogin(stack, device)
    const otherNonce = await signIn(setup_, started.body.url, carol, { nonce: 'abcdef0123456789' })
    assert.equal(otherNonce.response.status, 401)
    const otherSite = await signIn(setup_, started.body.url, carol, { domain: 'evil.example' })
    assert.equal(otherSite.response.status, 401)
    const forgedKey = await signIn(setup_, started.body.url, carol, { authKey: 'guess' })
    assert.equal(forgedKey.response.status, 401)
    assert.equal((await collect(stack, device, started.body.attemptId)).body.status, 'pending')
  })

  await t.test('the project config reports farcaster once it works', async () => {
    const config = await fetch(`${stack.server.url}/v1/projects/test-project/config`, {
      headers: { origin: DAPP },
    })
    // Google is listed but not configured; Farcaster is on and the server has its chain.
    assert.deepEqual((await config.json()).socialProviders, ['farcaster'])
    const off = await fetch(`${stack.server.url}/v1/projects/no-farcaster/config`, {
      headers: { origin: DAPP },
    })
    assert.deepEqual((await off.json()).socialProviders, [])
  })

  await t.test('a cancelled login cannot be completed', async () => {
    const dave = await account()
    const device = await createDeviceKey(() => stack.clock.now)
    const started = await startLogin(stack, device)
    const cancel = await stack.send('POST', '/v1/auth/farcaster/cancel', {
      body: { attemptId: started.body.attemptId },
      device,
    })
    assert.deepEqual(cancel.body, { cancelled: true })
    const late = await signIn(setup_, started.body.url, dave)
    assert.equal(late.response.status, 401)
    const status = await collect(stack, device, started.body.attemptId)
    assert.equal(status.status, 400)
    assert.equal(status.body.error.code, 'SOCIAL_FAILED')
  })

  await t.test('is off for a project without it, and for another device', async () => {
    const device = await createDeviceKey(() => stack.clock.now)
    const off = await startLogin(stack, device, 'no-farcaster')
    assert.equal(off.status, 403)
    const started = await startLogin(stack, device)
    const stranger = await createDeviceKey(() => stack.clock.now)
    assert.equal((await collect(stack, stranger, started.body.attemptId)).status, 404)
    const cancel = await stack.send('POST', '/v1/auth/farcaster/cancel', {
      body: { attemptId: started.body.attemptId },
      device: stranger,
    })
    assert.deepEqual(cancel.body, { cancelled: false })
  })
})

test('reads its settings from the environment, off without an RPC URL', () => {
  assert.equal(readFarcasterEnv({}), undefined)
  assert.deepEqual(
    readFarcasterEnv({
      OPENMODAL_FARCASTER_RPC_URL: 'https://mainnet.optimism.io',
      OPENMODAL_FARCASTER_RELAY_KEY: 'key',
    }),
    {
      rpcUrl: 'https://mainnet.optimism.io',
      idRegistry: undefined,
      relayKey: 'key',
      signInUrl: undefined,
      relayUrl: undefined,
    },
  )
  assert.throws(
    () =>
      readFarcasterEnv({
        OPENMODAL_FARCASTER_RPC_URL: 'x',
        OPENMODAL_FARCASTER_ID_REGISTRY: '0x12',
      }),
    /OPENMODAL_FARCASTER_ID_REGISTRY=0x12 is not an address/,
  )
})
