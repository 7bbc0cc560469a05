import assert from 'node:assert/strict'
import { createServer } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { connectRawRelayClient as connect } from './raw-client.js'
import { type RelayInstance, startRelay } from './relay.js'

const settle = (ms = 60) => new Promise((r) => setTimeout(r, ms))

describe('local WalletConnect relay', () => {
  let relay: RelayInstance
  let clock = Date.now()
  before(async () => {
    relay = await startRelay({ now: () => clock })
  })
  after(async () => {
    await relay.stop()
  })

  test('delivers a message published before the subscriber came (mailbox)', async () => {
    const dapp = await connect(relay.url, 'did:key:dapp-1')
    const wallet = await connect(relay.url, 'did:key:wallet-1')
    try {
      const published = await dapp.call('irn_publish', {
        topic: 'topic-mailbox',
        message: 'hello',
        ttl: 300,
        tag: 1108,
      })
      assert.equal(published.result, true)
      const subscribed = await wallet.call('irn_subscribe', { topic: 'topic-mailbox' })
      assert.equal(typeof subscribed.result, 'string')
      const push = await wallet.until((f) => f.method === 'irn_subscription')
      assert.equal(push.params?.data?.topic, 'topic-mailbox')
      assert.equal(push.params?.data?.message, 'hello')
      assert.equal(push.params?.data?.tag, 1108)
      assert.equal(push.params?.id, subscribed.result)
    } finally {
      dapp.close()
      wallet.close()
    }
  })

  test('fans a publish out to every subscriber but never back to its publisher', async () => {
    const a = await connect(relay.url, 'did:key:fan-a')
    const b = await connect(relay.url, 'did:key:fan-b')
    const c = await connect(relay.url, 'did:key:fan-c')
    try {
      await a.call('irn_batchSubscribe', { topics: ['topic-fan'] })
      await b.call('irn_subscribe', { topic: 'topic-fan' })
      await c.call('irn_publish', { topic: 'topic-fan', message: 'from-c', ttl: 60 })
      await a.until((f) => f.params?.data?.message === 'from-c')
      await b.until((f) => f.params?.data?.message === 'from-c')
      await a.call('irn_publish', { topic: 'topic-fan', message: 'from-a', ttl: 60 })
      await b.until((f) => f.params?.data?.message === 'from-a')
      await settle()
      assert.equal(
        a.pushes().some((f) => f.params?.data?.message === 'from-a'),
        false,
        'the publisher received its own message',
      )
    } finally {
      for (const client of [a, b, c]) client.close()
    }
  })

  test('stops delivering a topic after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const a = await connect(relay.url, 'did:key:unsub-a')
    const b = await connect(relay.url, 'did:key:unsub-b')
    try {
      await a.call('irn_batchSubscribe', { topics: ['topic-u1', 'topic-u2'] })
      assert.equal((await a.call('irn_unsubscribe', { topic: 'topic-u1', id: 'x' })).result, true)
      const batch = await a.call('irn_batchUnsubscribe', {
        subscriptions: [{ topic: 'topic-u2', id: 'y' }],
      })
      assert.equal(batch.result, true)
      await b.call('irn_publish', { topic: 'topic-u1', message: 'm1', ttl: 60 })
      await b.call('irn_publish', { topic: 'topic-u2', message: 'm2', ttl: 60 })
      await settle()
      assert.deepEqual(a.pushes(), [])
    } finally {
      a.close()
      b.close()
    }
  })

  test('drops messages whose TTL has passed', async () => {
    const a = await connect(relay.url, 'did:key:ttl-a')
    const b = await connect(relay.url, 'did:key:ttl-b')
    try {
      await a.call('irn_publish', { topic: 'topic-ttl', message: 'short', ttl: 30 })
      await a.call('irn_publish', { topic: 'topic-ttl', message: 'long', ttl: 600 })
      clock += 31_000
      await b.call('irn_subscribe', { topic: 'topic-ttl' })
      await b.until((f) => f.params?.data?.message === 'long')
      await settle()
      assert.deepEqual(
        b.pushes().map((f) => f.params?.data?.message),
        ['long'],
      )
      const tooLong = await a.call('irn_publish', { topic: 't', message: 'm', ttl: 31 * 86_400 })
      assert.equal(tooLong.error?.code, -32602)
    } finally {
      a.close()
      b.close()
    }
  })

  test('redelivers an unacknowledged message on the next subscribe, an acknowledged one never', async () => {
    const publisher = await connect(relay.url, 'did:key:ack-p')
    const silent = await connect(relay.url, 'did:key:ack-silent', { ack: false })
    const acking = await connect(relay.url, 'did:key:ack-yes')
    try {
      await publisher.call('irn_publish', { topic: 'topic-ack', message: 'once', ttl: 60 })
      await silent.call('irn_subscribe', { topic: 'topic-ack' })
      await acking.call('irn_subscribe', { topic: 'topic-ack' })
      await silent.until((f) => f.method === 'irn_subscription')
      await acking.until((f) => f.method === 'irn_subscription')
      await settle()
      await silent.call('irn_subscribe', { topic: 'topic-ack' })
      await acking.call('irn_subscribe', { topic: 'topic-ack' })
      await settle()
      assert.equal(silent.pushes().length, 2, 'an unacknowledged message was not redelivered')
      assert.equal(acking.pushes().length, 1, 'an acknowledged message was delivered again')
    } finally {
      for (const client of [publisher, silent, acking]) client.close()
    }
  })

  test('subscribes the proposer on wc_proposeSession and the approver on wc_approveSession', async () => {
    const dapp = await connect(relay.url, 'did:key:wc-dapp')
    const wallet = await connect(relay.url, 'did:key:wc-wallet')
    try {
      const proposed = await dapp.call('wc_proposeSession', {
        pairingTopic: 'pairing-1',
        sessionProposal: 'proposal',
        ttl: 300,
      })
      assert.equal(proposed.result, true)
      await wallet.call('irn_subscribe', { topic: 'pairing-1' })
      const proposal = await wallet.until((f) => f.params?.data?.message === 'proposal')
      assert.equal(proposal.params?.data?.tag, 1100)
      const approved = await wallet.call('wc_approveSession', {
        sessionTopic: 'session-1',
        pairingTopic: 'pairing-1',
        sessionProposalResponse: 'response',
        sessionSettlementRequest: 'settle',
        ttl: 300,
      })
      assert.equal(approved.result, true)
      // The dapp never subscribed to the pairing topic itself: the relay did.
      const response = await dapp.until((f) => f.params?.data?.message === 'response')
      assert.equal(response.params?.data?.topic, 'pairing-1')
      // The wallet is now subscribed to the session topic.
      await dapp.call('irn_publish', { topic: 'session-1', message: 'request', ttl: 60 })
      await wallet.until((f) => f.params?.data?.message === 'request')
      // The settlement waits in the session topic's mailbox for the dapp.
      await dapp.call('irn_subscribe', { topic: 'session-1' })
      await dapp.until((f) => f.params?.data?.message === 'settle')
    } finally {
      dapp.close()
      wallet.close()
    }
  })

  test('answers bad requests with JSON-RPC errors and echoes 19-digit ids exactly', async () => {
    const client = await connect(relay.url, 'did:key:errors')
    try {
      const unknown = await client.call('irn_nope', {})
      assert.equal(unknown.error?.code, -32601)
      const invalid = await client.call('irn_publish', { topic: 't' })
      assert.equal(invalid.error?.code, -32602)
      const raw = new Promise<string>((resolve) =>
        client.socket.once('message', (data) => resolve(data.toString())),
      )
      client.socket.send(
        '{"id":1795325277186303744,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}',
      )
      assert.match(await raw, /^\{"id":1795325277186303744,/)
    } finally {
      client.close()
    }
  })

  test('pings its sockets', async () => {
    const fast = await startRelay({ pingIntervalMs: 50 })
    const client = await connect(fast.url, 'did:key:ping')
    try {
      await new Promise<void>((resolve) => client.socket.once('ping', () => resolve()))
    } finally {
      client.close()
      await fast.stop()
    }
  })

  test('restart drops the sockets, keeps the mailboxes and serves on the same port', async () => {
    const own = await startRelay()
    const a = await connect(own.url, 'did:key:restart-a')
    try {
      await a.call('irn_publish', { topic: 'topic-restart', message: 'kept', ttl: 60 })
      const closed = new Promise((resolve) => a.socket.once('close', resolve))
      await own.restart({ downMs: 20 })
      await closed
      const b = await connect(own.url, 'did:key:restart-b')
      await b.call('irn_subscribe', { topic: 'topic-restart' })
      await b.until((f) => f.params?.data?.message === 'kept')
      assert.equal(own.stats.connections, 1)
      assert.equal(own.stats.connectionsTotal, 2)
      b.close()
    } finally {
      await own.stop()
    }
  })

  test('stop closes every socket and frees the port', async () => {
    const own = await startRelay()
    const a = await connect(own.url, 'did:key:stop')
    const closed = new Promise((resolve) => a.socket.once('close', resolve))
    await own.stop()
    await closed
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(own.port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    assert.equal(free, true, 'the port is still taken after stop()')
  })
})
