// The relay as a service: real `redis-server` (Debian's package) on a loopback port, relay
// instances as real processes (so SIGKILL is real), real sign-clients on both ends.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  createTestDapp,
  createWalletHarness,
  freePort,
  type WalletHarness,
} from '@openmodal/testing/node'
import { connectRawRelayClient as rawClient } from '@openmodal/testing/relay'
import { verifyMessage } from 'viem'
import { readRelaySettings } from './config.js'
import { createRedisRelayStore } from './redis-store.js'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const processes = new Set<ChildProcess>()

/** Waits until `child` prints a line matching `pattern` (or exits, or `ms` pass). */
function lineOf(child: ChildProcess, pattern: RegExp, ms = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const onData = (chunk: Buffer) => {
      seen += chunk.toString()
      const line = seen.split('\n').find((l) => pattern.test(l))
      if (line) finish(() => resolve(line))
    }
    const onExit = () => finish(() => reject(new Error(`exited before ${pattern}: ${seen}`)))
    const timer = setTimeout(() => finish(() => reject(new Error(`no ${pattern}: ${seen}`))), ms)
    const finish = (then: () => void) => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
      then()
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
  })
}

async function startRedis(fixedPort?: number): Promise<{ url: string; child: ChildProcess }> {
  const port = fixedPort ?? (await freePort())
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  processes.add(child)
  await lineOf(child, /Ready to accept connections/)
  return { url: `redis://127.0.0.1:${port}`, child }
}

interface RelayProcess {
  url: string
  port: number
  child: ChildProcess
  output: () => string
}

async function startInstance(env: Record<string, string>): Promise<RelayProcess> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: appDir,
      env: { ...process.env, OPENMODAL_RELAY_PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  processes.add(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  await lineOf(child, /"relay listening"/)
  return { url: `ws://127.0.0.1:${port}`, port, child, output: () => output }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve([child.exitCode, child.signalCode])
    : once(child, 'exit')

/**
 * A TCP load balancer on loopback: each new connection goes to the first upstream that accepts
 * it. When an instance dies its sockets close, the clients reconnect to the same address and
 * land on the next instance, as behind any load balancer with connect-time health checks.
 */
async function startBalancer(upstreams: readonly number[]) {
  const sockets = new Set<Socket>()
  const server: Server = createServer((downstream) => {
    sockets.add(downstream)
    downstream.on('close', () => sockets.delete(downstream))
    downstream.pause()
    const attempt = (index: number) => {
      if (index >= upstreams.length) return downstream.destroy()
      const upstream = tcpConnect(upstreams[index] as number, '127.0.0.1')
      upstream.once('error', () => attempt(index + 1))
      upstream.once('connect', () => {
        upstream.removeAllListeners('error')
        upstream.on('error', () => downstream.destroy())
        downstream.on('error', () => upstream.destroy())
        upstream.on('close', () => downstream.destroy())
        downstream.on('close', () => upstream.destroy())
        downstream.pipe(upstream).pipe(downstream)
        downstream.resume()
      })
    }
    attempt(0)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `ws://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

test('settings: a bad value stops the start with a message naming the variable', () => {
  assert.throws(() => readRelaySettings({ OPENMODAL_RELAY_PORT: 'eighty' }), /OPENMODAL_RELAY_PORT/)
  assert.throws(
    () => readRelaySettings({ OPENMODAL_REDIS_URL: 'http://user:secret@host:6379' }),
    (error: Error) =>
      /OPENMODAL_REDIS_URL=\(hidden\).*redis:\/\//.test(error.message) &&
      !error.message.includes('secret'),
  )
  assert.throws(() => readRelaySettings({ OPENMODAL_RELAY_PING_MS: '90000' }), /PING_MS/)
  const defaults = readRelaySettings({})
  assert.equal(defaults.port, 8788)
  assert.equal(defaults.redisUrl, undefined)
})

test("ports: the relay's default is none of the ports the server's image, compose and docs use", async () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url))
  const text = (path: string) => readFile(`${root}${path}`, 'utf8')
  const numbers = (source: string, pattern: RegExp) =>
    [...source.matchAll(pattern)].flatMap((match) =>
      (match[1] ?? '').split(/\s+/).filter(Boolean).map(Number),
    )
  const [dockerfile, caddyfile, compose, ...docs] = await Promise.all(
    [
      'deploy/Dockerfile',
      'deploy/Caddyfile',
      'deploy/compose.yaml',
      'docs/production.md',
      'docs/self-hosting.md',
      'docs/email-login.md',
      'apps/server/README.md',
      'apps/relay/README.md',
      'packages/walletconnect/README.md',
    ].map(text),
  )
  const documented = docs.join('\n')
  // Every port the server listens on somewhere we ship or document.
  const server = new Set([
    8787, // OPENMODAL_PORT's default (apps/server/src/env.ts)
    ...numbers(dockerfile ?? '', /OPENMODAL_(?:SECURE_)?PORT=(\d+)/g),
    ...numbers(dockerfile ?? '', /^EXPOSE ([\d ]+)$/gm),
    ...numbers(caddyfile ?? '', /reverse_proxy server:(\d+)/g),
    ...numbers(compose ?? '', /127\.0\.0\.1:(\d+)/g),
    ...numbers(documented, /OPENMODAL_(?:SECURE_)?PORT=(\d+)/g),
  ])
  // And the relay's: its default and the ports the docs point a relay URL at.
  const relay = new Set([
    readRelaySettings({}).port,
    ...numbers(documented, /OPENMODAL_RELAY_PORT=(\d+)/g),
    ...numbers(documented, /relayUrl: 'wss?:\/\/127\.0\.0\.1:(\d+)/g),
  ])
  assert.ok(server.size >= 2 && relay.has(8788), `${[...server]} / ${[...relay]}`)
  assert.deepEqual(
    [...relay].filter((port) => server.has(port)),
    [],
    `server ports ${[...server]}, relay ports ${[...relay]}`,
  )
  // The proxy reaches only ports the image exposes.
  const exposed = numbers(dockerfile ?? '', /^EXPOSE ([\d ]+)$/gm)
  for (const port of numbers(caddyfile ?? '', /reverse_proxy server:(\d+)/g)) {
    assert.ok(exposed.includes(port), `Caddy proxies to ${port}, the image exposes ${exposed}`)
  }
})

describe('relay instances over Redis', () => {
  let redis: { url: string; child: ChildProcess }
  let a: RelayProcess
  let b: RelayProcess
  const open: { close(): Promise<void> | void }[] = []

  before(async () => {
    redis = await startRedis()
    ;[a, b] = await Promise.all([
      startInstance({ OPENMODAL_REDIS_URL: redis.url }),
      startInstance({ OPENMODAL_REDIS_URL: redis.url }),
    ])
  })
  // Bounded, and the processes end even when a close fails: a hook that never returns would
  // keep the test run waiting for this file forever.
  after(
    async () => {
      try {
        for (const o of open) await o.close()
      } finally {
        for (const child of processes) if (child.exitCode === null) child.kill('SIGKILL')
      }
    },
    { timeout: 30_000 },
  )

  test('a store whose Redis cannot be reached fails the start with the reason', async () => {
    const closed = await freePort()
    await assert.rejects(
      createRedisRelayStore({ url: `redis://:secret@127.0.0.1:${closed}` }),
      (error: Error) => {
        assert.match(
          error.message,
          new RegExp(`^cannot reach Redis at redis://127.0.0.1:${closed}: `),
        )
        assert.doesNotMatch(error.message, /secret/)
        return true
      },
    )
  })

  test('answers /health and /ready on each instance', async () => {
    for (const instance of [a, b]) {
      const base = `http://127.0.0.1:${instance.port}`
      assert.equal((await fetch(`${base}/health`)).status, 200)
      assert.deepEqual(await (await fetch(`${base}/ready`)).json(), { status: 'ok' })
    }
  })

  test('a publish on one instance reaches a subscriber on the other', async () => {
    const onA = await rawClient(a.url, 'did:key:fan-a')
    const onB = await rawClient(b.url, 'did:key:fan-b')
    open.push(onA, onB)
    await onB.call('irn_subscribe', { topic: 'cross' })
    assert.equal(
      (await onA.call('irn_publish', { topic: 'cross', message: 'm1', ttl: 60 })).result,
      true,
    )
    const push = await onB.until((f) => f.params?.data?.message === 'm1')
    assert.equal(push.params?.data?.topic, 'cross')
  })

  test('keeps a message for an offline receiver until it subscribes, then drops it at its TTL; /metrics counts it', async () => {
    const sender = await rawClient(a.url, 'did:key:mail-sender')
    open.push(sender)
    await sender.call('irn_publish', { topic: 'mail', message: 'waiting', ttl: 60 })
    await sender.call('irn_publish', { topic: 'mail', message: 'short-lived', ttl: 1 })
    const receiver = await rawClient(b.url, 'did:key:mail-receiver')
    open.push(receiver)
    await receiver.call('irn_subscribe', { topic: 'mail' })
    await receiver.until((f) => f.params?.data?.message === 'waiting')
    await receiver.until((f) => f.params?.data?.message === 'short-lived')
    await new Promise((r) => setTimeout(r, 1_100))
    const late = await rawClient(b.url, 'did:key:mail-late')
    open.push(late)
    const fetched = await late.call('irn_batchFetchMessages', { topics: ['mail'] })
    const texts = (fetched.result as { messages: { message: string }[] }).messages.map(
      (m) => m.message,
    )
    assert.deepEqual(texts, ['waiting'], 'the expired message is still served')
    // Metrics: Redis-wide queued messages ('m1' of the test before, 'waiting'); A's publishes.
    const metric = async (instance: RelayProcess, name: string) => {
      const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text()
      return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
    }
    assert.equal(await metric(b, 'openmodal_relay_queued_messages'), 2)
    assert.equal(await metric(a, 'openmodal_relay_messages_published_total'), 3)
    assert.equal(await metric(b, 'openmodal_relay_messages_published_total'), 0)
    assert.ok((await metric(b, 'openmodal_relay_topics')) >= 1)
  })

  test('a Redis restart: /ready is 503 while it is down, then fan-out works again', async () => {
    const port = Number(new URL(redis.url).port)
    const subscriber = await rawClient(b.url, 'did:key:redis-restart-b')
    const publisher = await rawClient(a.url, 'did:key:redis-restart-a')
    open.push(subscriber, publisher)
    await subscriber.call('irn_subscribe', { topic: 'restart' })
    redis.child.kill('SIGKILL')
    await exited(redis.child)
    const ready = async (instance: RelayProcess) =>
      (await fetch(`http://127.0.0.1:${instance.port}/ready`)).status
    const waitFor = async (status: number) => {
      const deadline = Date.now() + 10_000
      while (Date.now() < deadline) {
        if ((await ready(a)) === status && (await ready(b)) === status) return
        await new Promise((r) => setTimeout(r, 50))
      }
      assert.fail(`/ready never answered ${status}`)
    }
    await waitFor(503)
    const refused = await publisher.call('irn_publish', {
      topic: 'restart',
      message: 'lost',
      ttl: 60,
    })
    assert.equal(refused.error?.code, -32603, 'a publish was acknowledged without Redis')
    redis = await startRedis(port)
    await waitFor(200)
    const accepted = await publisher.call('irn_publish', {
      topic: 'restart',
      message: 'back',
      ttl: 60,
    })
    assert.equal(accepted.result, true)
    await subscriber.until((f) => f.params?.data?.message === 'back')
  })

  test('a wallet whose instance is SIGKILLed mid-request reconnects to the other and answers', async () => {
    const balancer = await startBalancer([a.port, b.port])
    open.push(balancer)
    const wallet: WalletHarness = await createWalletHarness({
      relayUrl: balancer.url,
      // personal_sign is signed locally: the chain's RPC is never called.
      chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9/unused' }],
    })
    const dapp = await createTestDapp(b.url, 'relay-app-dapp')
    open.push(wallet, {
      close: async () => {
        dapp.core.heartbeat.stop()
        await dapp.core.relayer.transportClose()
      },
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] },
      },
    })
    assert.ok(uri)
    await wallet.pair(uri)
    const session = await approval()
    const address = session.namespaces.eip155?.accounts[0]?.split(':')[2] as `0x${string}`
    const sign = (text: string) =>
      dapp.request<`0x${string}`>({
        topic: session.topic,
        chainId: 'eip155:31337',
        request: {
          method: 'personal_sign',
          params: [`0x${Buffer.from(text).toString('hex')}`, address],
        },
      })
    const first = await sign('before')
    assert.ok(await verifyMessage({ address, message: 'before', signature: first }))

    // The wallet holds the next request for 1.5 s; its instance dies while it does.
    wallet.setResponseDelay(1_500)
    const pending = sign('in flight')
    const deadline = Date.now() + 10_000
    while (wallet.requests.length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
    }
    assert.equal(wallet.requests.length, 2, 'the wallet never received the request')
    a.child.kill('SIGKILL')
    await exited(a.child)
    const started = Date.now()
    const answer = await pending
    const failoverMs = Date.now() - started
    assert.ok(await verifyMessage({ address, message: 'in flight', signature: answer }))

    // And the session keeps working on the surviving instance.
    wallet.setResponseDelay(0)
    const after = await sign('after')
    assert.ok(await verifyMessage({ address, message: 'after', signature: after }))
    assert.equal(wallet.requests.length, 3, 'a request was delivered twice or lost')
    console.log(`# answer after SIGKILL of the wallet's instance: ${failoverMs} ms`)
  })

  test('SIGTERM closes the sockets with 1001 and exits 0', async () => {
    const client = await rawClient(b.url, 'did:key:term')
    const closed = once(client.socket, 'close')
    b.child.kill('SIGTERM')
    const [code] = await closed
    assert.equal(code, 1001)
    const [exitCode] = await exited(b.child)
    assert.equal(exitCode, 0)
    assert.match(b.output(), /"relay stopped"/)
  })
})
