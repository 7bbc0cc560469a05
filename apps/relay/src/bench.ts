// `pnpm --filter @openmodal/relay bench [--messages N]`: relay message latency across instances.
// Starts its own redis-server (Debian's package) on a free loopback port and two relay instances
// in this process over it; a client on instance A publishes N messages one after another, a
// client on instance B receives them; the time from sending `irn_publish` to receiving the push
// is measured per message. The same run on one instance in memory gives the baseline.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { parseArgs } from 'node:util'
import { type RelayInstance, startRelay } from '@openmodal/testing/relay'
import { WebSocket } from 'ws'
import { createRedisRelayStore, type RedisRelayStore } from './redis-store.js'

const { values } = parseArgs({ options: { messages: { type: 'string', default: '200' } } })
const count = Number(values.messages)
if (!Number.isInteger(count) || count < 1 || count > 100_000) {
  console.error('usage: bench [--messages N]  (1 to 100000)')
  process.exit(2)
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', () => reject(new Error(`redis-server exited: ${seen}`)))
  })
  return { url: `redis://127.0.0.1:${port}`, child }
}

async function client(url: string, iss: string) {
  const claims = Buffer.from(JSON.stringify({ iss })).toString('base64url')
  const socket = new WebSocket(`${url}/?auth=e30.${claims}.sig`)
  await once(socket, 'open')
  return socket
}

/** Publishes `count` messages on `from`'s relay, one at a time, timing each to its push on `to`. */
async function measure(from: RelayInstance, to: RelayInstance, label: string) {
  const sender = await client(from.url, `did:key:bench-sender-${label}`)
  const receiver = await client(to.url, `did:key:bench-receiver-${label}`)
  const topic = `bench-${label}`
  const subscribed = new Promise((resolve) => receiver.once('message', resolve))
  receiver.send(
    JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic } }),
  )
  await subscribed
  const samples: number[] = []
  let waiting: ((text: string) => void) | undefined
  receiver.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as {
      id: number
      params?: { data?: { message: string } }
    }
    receiver.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
    if (frame.params?.data) waiting?.(frame.params.data.message)
  })
  for (let i = 0; i < count; i++) {
    const text = `m${i}`
    const arrived = new Promise<void>((resolve) => {
      waiting = (message) => {
        if (message === text) resolve()
      }
    })
    const started = performance.now()
    sender.send(
      JSON.stringify({
        id: i + 10,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic, message: text, ttl: 300, tag: 1108 },
      }),
    )
    await arrived
    samples.push(performance.now() - started)
  }
  sender.close()
  receiver.close()
  samples.sort((a, b) => a - b)
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0
  return { label, p50: at(0.5), p99: at(0.99), max: samples.at(-1) ?? 0 }
}

const redis = await startRedis()
const stores: RedisRelayStore[] = []
const relays: RelayInstance[] = []
try {
  const memory = await startRelay()
  relays.push(memory)
  for (let i = 0; i < 2; i++) {
    const store = await createRedisRelayStore({ url: redis.url })
    stores.push(store)
    relays.push(await startRelay({ store }))
  }
  const [, a, b] = relays as [RelayInstance, RelayInstance, RelayInstance]
  const rows = [
    await measure(memory, memory, 'one instance, in memory'),
    await measure(a, a, 'one instance over Redis'),
    await measure(a, b, 'across two instances over Redis'),
  ]
  console.log(`relay message latency, publish -> push, ${count} messages one at a time`)
  console.log('| path | p50 ms | p99 ms | max ms |')
  console.log('| --- | ---: | ---: | ---: |')
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.max.toFixed(2)} |`,
    )
  }
} finally {
  for (const relay of relays) await relay.stop()
  for (const store of stores) await store.close()
  redis.child.kill()
}
