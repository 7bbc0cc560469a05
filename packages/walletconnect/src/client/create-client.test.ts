import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { BaseError } from '@openmodal/core/internal'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import {
  type AnvilChains,
  type RelayInstance,
  startChains,
  startRelay,
} from '@openmodal/testing/node'
import { createPublicClient, http, parseEther, verifyMessage } from 'viem'
import { connectPair, createPair, fakeClock, type Pair, until } from '../testing/setup.js'
import { PAIRING_EXPIRY_MS } from './constants.js'
import { createWalletConnectClient, isPairingExpired } from './create-client.js'

// Every test reaches only the loopback relay and anvil; this guard proves it for fetch
// (Verify, telemetry) and the relay's counters prove it for the socket.
const offLoopback: string[] = []
const realFetch = globalThis.fetch
globalThis.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (!/^https?:\/\/127\.0\.0\.1[:/]/.test(url)) offLoopback.push(url)
  return realFetch(input, init)
}

describe('WalletConnect client (dapp side) against a real wallet sign-client', () => {
  let relay: RelayInstance
  let anvil: AnvilChains
  const pairs: Pair[] = []
  const pair = async (options: Parameters<typeof createPair>[2] = {}) => {
    const created = await createPair(relay, anvil, options)
    pairs.push(created)
    return created
  }

  before(async () => {
    ;[relay, anvil] = await Promise.all([startRelay(), startChains()])
  })
  after(async () => {
    await Promise.all(pairs.map((p) => p.close()))
    await Promise.all([relay.stop(), anvil.stop()])
    globalThis.fetch = realFetch
  })

  test('pairs, gets approved and exposes the session accounts on the configured chains', async () => {
    const p = await pair()
    const uris: string[] = []
    p.dapp.on('uri', ({ uri }) => uris.push(uri))
    const started = performance.now()
    const session = await connectPair(p)
    const elapsed = performance.now() - started
    assert.equal(uris.length, 1)
    assert.match(uris[0] ?? '', /^wc:[0-9a-f]{64}@2\?/)
    assert.equal(p.dapp.session?.topic, session.topic)
    assert.deepEqual(p.dapp.getAccounts('eip155'), [
      `eip155:31337:${ANVIL_ADDRESSES[0]}`,
      `eip155:31338:${ANVIL_ADDRESSES[0]}`,
    ])
    assert.ok(session.namespaces.eip155?.methods.includes('personal_sign'))
    console.log(`pair → approve: ${elapsed.toFixed(0)} ms`)
  })

  test('answers personal_sign with a signature viem verifies', async () => {
    const p = await pair()
    await connectPair(p)
    const address = ANVIL_ADDRESSES[0]
    const started = performance.now()
    const signature = await p.dapp.request<`0x${string}`>({
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x4f70656e4d6f64616c', address],
    })
    console.log(`request → answer: ${(performance.now() - started).toFixed(0)} ms`)
    assert.equal(await verifyMessage({ address, message: 'OpenModal', signature }), true)
  })

  test('sends a transaction that anvil mines', async () => {
    const p = await pair()
    await connectPair(p)
    const chain = anvil.chains[1]
    assert.ok(chain)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const to = ANVIL_ADDRESSES[7]
    const before = await client.getBalance({ address: to })
    const hash = await p.dapp.request<`0x${string}`>({
      chainId: 'eip155:31338',
      method: 'eth_sendTransaction',
      params: [{ from: ANVIL_ADDRESSES[0], to, value: `0x${parseEther('1').toString(16)}` }],
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    assert.equal(await client.getBalance({ address: to }), before + parseEther('1'))
  })

  test('a rejected proposal fails with "Connection rejected" and a new URI can be made', async () => {
    const p = await pair({ proposalMode: 'reject' })
    const uris: string[] = []
    p.dapp.on('uri', ({ uri }) => uris.push(uri))
    await assert.rejects(connectPair(p), (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.shortMessage, 'Connection rejected')
      assert.equal(error.code, 'CONNECTION_REJECTED')
      return true
    })
    const afterRejection = p.dapp.session
    assert.equal(afterRejection, undefined)
    p.wallet.proposalMode = 'approve'
    const session = await connectPair(p)
    assert.equal(uris.length, 2)
    assert.notEqual(uris[0], uris[1])
    assert.equal(p.dapp.session?.topic, session.topic)
  })

  test('a session the wallet deletes is reported as disconnect and purged from storage', async () => {
    const p = await pair()
    const session = await connectPair(p)
    const stored = async () => JSON.stringify(await p.storage.getEntries())
    assert.ok((await stored()).includes(session.topic), 'the session was never stored')
    const reasons: string[] = []
    p.dapp.on('disconnect', ({ reason }) => reasons.push(reason))
    await p.wallet.disconnect()
    await until(() => reasons.length > 0, 3_000, 'disconnect event')
    assert.deepEqual(reasons, ['deleted'])
    assert.equal(p.dapp.session, undefined)
    await until(() => p.dapp.signClient.session.getAll().length === 0, 3_000, 'session purge')
    const entries = await p.storage.getEntries<unknown>()
    const sessions = entries.find(([key]) => key.endsWith('//session'))?.[1]
    assert.deepEqual(sessions, [])
    assert.equal(p.dapp.signClient.core.crypto.keychain.has(session.topic), false)
  })

  test('restores a stored session without a new pairing and keeps using it', async () => {
    const p = await pair()
    const session = await connectPair(p)
    await p.dapp.close()
    const proposalsBefore = relay.stats.requests.wc_proposeSession ?? 0
    const restored = await createWalletConnectClient({
      projectId: 'openmodal-test',
      relayUrl: relay.url,
      networks: p.networks,
      metadata: { name: 'dapp', description: 'd', url: 'http://127.0.0.1', icons: [] },
      verify: false,
      storage: p.storage,
      customStoragePrefix: p.prefix,
    })
    pairs.push({ ...p, dapp: restored, close: () => restored.close() })
    assert.equal(restored.session?.topic, session.topic)
    const signature = await restored.request<`0x${string}`>({
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x6869', ANVIL_ADDRESSES[0]],
    })
    assert.equal(
      await verifyMessage({ address: ANVIL_ADDRESSES[0], message: 'hi', signature }),
      true,
    )
    assert.equal(relay.stats.requests.wc_proposeSession ?? 0, proposalsBefore)
  })

  test('renews the pairing URI without user action once under 10 s of its 4 minutes are left', async () => {
    const clock = fakeClock()
    const p = await pair({ clock })
    const shown: { uri: string; expiresAt: number }[] = []
    p.dapp.on('uri', (pairing) => shown.push(pairing))
    const connecting = p.dapp.connect()
    await until(() => shown.length === 1, 3_000, 'first URI')
    const first = shown[0]
    assert.ok(first)
    assert.equal(first.expiresAt - clock.now(), PAIRING_EXPIRY_MS)
    clock.advance(PAIRING_EXPIRY_MS - 11_000)
    assert.equal(isPairingExpired(first, clock.now()), false)
    await new Promise((r) => setTimeout(r, 50))
    assert.equal(shown.length, 1, 'renewed with more than 10 s left')
    clock.advance(2_000)
    assert.equal(isPairingExpired(first, clock.now()), true)
    await until(() => shown.length === 2, 3_000, 'renewed URI')
    const second = shown[1]
    assert.ok(second)
    assert.notEqual(second.uri, first.uri)
    assert.equal(second.expiresAt - clock.now(), PAIRING_EXPIRY_MS)
    assert.equal(p.dapp.pairing?.uri, second.uri)
    await p.wallet.pair(second.uri)
    const session = await connecting
    assert.equal(p.dapp.session?.topic, session.topic)
  })

  test('a connect aborted by the host rejects with "Modal closed"', async () => {
    const p = await pair()
    const controller = new AbortController()
    const connecting = p.dapp.connect({ signal: controller.signal })
    await until(() => p.dapp.pairing !== undefined, 3_000, 'URI')
    controller.abort()
    await assert.rejects(connecting, { shortMessage: 'Modal closed' })
    assert.equal(p.dapp.pairing, undefined)
  })

  test('answers the next request after the relay restarts mid-session', async () => {
    const own = await startRelay()
    try {
      const p = await createPair(own, anvil)
      pairs.push(p)
      await connectPair(p)
      const relayStates: boolean[] = []
      p.dapp.on('relay', ({ connected }) => relayStates.push(connected))
      await own.restart({ downMs: 200 })
      const started = performance.now()
      const signature = await p.dapp.request<`0x${string}`>({
        chainId: 'eip155:31337',
        method: 'personal_sign',
        params: ['0x6869', ANVIL_ADDRESSES[0]],
      })
      console.log(`relay restart → answer: ${(performance.now() - started).toFixed(0)} ms`)
      assert.equal(
        await verifyMessage({ address: ANVIL_ADDRESSES[0], message: 'hi', signature }),
        true,
      )
      assert.ok(relayStates.includes(false), 'no relay disconnect was reported')
      assert.ok(own.stats.connectionsTotal >= 4, 'the clients did not reconnect')
    } finally {
      await own.stop()
    }
  })

  test('a request whose relay never comes back fails with a clear error', async () => {
    const own = await startRelay()
    const p = await createPair(own, anvil, { requestTimeoutMs: 1_500 })
    pairs.push(p)
    await connectPair(p)
    await own.stop()
    const started = performance.now()
    await assert.rejects(
      p.dapp.request({
        chainId: 'eip155:31337',
        method: 'personal_sign',
        params: ['0x6869', ANVIL_ADDRESSES[0]],
      }),
      (error: unknown) => {
        assert.ok(error instanceof BaseError)
        assert.equal(error.shortMessage, 'Request was aborted')
        assert.match(error.details ?? '', /no answer to personal_sign within 1500 ms/)
        return true
      },
    )
    assert.ok(performance.now() - started < 3_000)
  })

  test('a request pending when the session ends fails at once with "Connector not connected"', async () => {
    const p = await pair()
    await connectPair(p)
    p.wallet.setResponseDelay(2_000)
    const started = performance.now()
    const pending = p.dapp.request({
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x6869', ANVIL_ADDRESSES[0]],
    })
    const rejected = assert.rejects(pending, (error: unknown) => {
      assert.ok(error instanceof BaseError)
      assert.equal(error.shortMessage, 'Connector not connected')
      assert.equal(error.details, 'The session ended')
      return true
    })
    await p.dapp.disconnect()
    await rejected
    assert.ok(performance.now() - started < 1_500)
  })

  test('a request without a session fails with "Connector not connected"', async () => {
    const p = await pair()
    await assert.rejects(p.dapp.request({ chainId: 'eip155:31337', method: 'personal_sign' }), {
      shortMessage: 'Connector not connected',
    })
  })

  test('reaches nothing beyond loopback', () => {
    assert.ok(relay.stats.connectionsTotal > 0)
    assert.deepEqual(offLoopback, [])
  })
})
