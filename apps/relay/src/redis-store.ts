// The relay's shared store on Redis (or Valkey, which speaks the same protocol), after the design
// of WalletConnect's open v2 relay: a sorted set per topic holds its undelivered messages scored
// by expiry time, the key itself expiring with its last message; a set per message holds the
// clients that acknowledged it; one pub/sub channel fans every publish out to all instances,
// each pushing it to the sockets it holds.
import { randomUUID } from 'node:crypto'
import type { RelayMessage, RelayStore, StoredRelayMessage } from '@openmodal/testing/relay'
import { Redis } from 'ioredis'

export interface RedisRelayStoreOptions {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` for TLS. */
  url: string
  /** Prefix of every key and of the fan-out channel. Default `openmodal:relay:`. */
  prefix?: string
  /** The clock for TTLs. Default `Date.now`. */
  now?: () => number
  /** How long a command may wait for Redis before the request fails. Default 2,000 ms. */
  commandTimeoutMs?: number
  /** Called when the connection to Redis drops or fails (logging). */
  onError?: (error: Error) => void
}

export interface RedisRelayStore extends RelayStore {
  /** Whether both connections (commands and fan-out) are up. */
  readonly ready: boolean
  /** Unexpired messages across all topics (a SCAN of the topic keys: for metrics, not hot paths). */
  queued(): Promise<number>
  close(): Promise<void>
}

// Adds a message (member = zero-padded sequence number + JSON, so a topic's messages sort in
// publish order) and moves the topic's expiry to its latest message.
const ADD_SCRIPT = `
local seq = redis.call('INCR', KEYS[2])
redis.call('ZADD', KEYS[1], ARGV[1], string.format('%016d', seq) .. ARGV[2])
if redis.call('PEXPIRETIME', KEYS[1]) < tonumber(ARGV[1]) then
  redis.call('PEXPIREAT', KEYS[1], ARGV[1])
end
return seq`

interface Broadcast {
  /** The instance that published it (it has fanned it out itself already). */
  from: string
  message: RelayMessage
}

const isMessage = (value: unknown): value is RelayMessage => {
  if (typeof value !== 'object' || value === null) return false
  const m = value as Record<string, unknown>
  return (
    typeof m.id === 'string' &&
    typeof m.topic === 'string' &&
    typeof m.message === 'string' &&
    typeof m.publishedAt === 'number' &&
    typeof m.expiresAt === 'number' &&
    typeof m.tag === 'number' &&
    typeof m.from === 'string'
  )
}

async function connect(redis: Redis, url: string) {
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    const where = new URL(url)
    throw new Error(
      `cannot reach Redis at ${where.protocol}//${where.host}: ${(error as Error).message}`,
    )
  }
}

/**
 * Connects to Redis (two connections: commands, and the fan-out subscription) and returns a
 * store for `startRelay({ store })`. Rejects with a clear error when Redis cannot be reached.
 *
 * @example
 * const store = await createRedisRelayStore({ url: 'redis://127.0.0.1:6379' })
 * const relay = await startRelay({ store })
 */
export async function createRedisRelayStore(
  options: RedisRelayStoreOptions,
): Promise<RedisRelayStore> {
  const prefix = options.prefix ?? 'openmodal:relay:'
  const now = options.now ?? Date.now
  const instance = randomUUID()
  const channel = `${prefix}fanout`
  const topicKey = (topic: string) => `${prefix}topic:${topic}`
  const ackKey = (id: string) => `${prefix}acked:${id}`
  const settings = {
    lazyConnect: true,
    commandTimeout: options.commandTimeoutMs ?? 2_000,
    maxRetriesPerRequest: 1,
    // Reconnect quickly, then every second at most, for as long as the relay runs.
    retryStrategy: (attempt: number) => Math.min(50 * attempt, 1_000),
  }
  const commands = new Redis(options.url, settings)
  const subscriber = new Redis(options.url, settings)
  for (const connection of [commands, subscriber]) {
    connection.on('error', (error: Error) => options.onError?.(error))
  }
  await connect(commands, options.url)
  try {
    await connect(subscriber, options.url)
  } catch (error) {
    commands.disconnect()
    throw error
  }
  const handlers: ((message: RelayMessage) => void)[] = []
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return
    let parsed: Broadcast
    try {
      parsed = JSON.parse(text) as Broadcast
    } catch {
      return
    }
    if (parsed.from === instance || !isMessage(parsed.message)) return
    for (const handler of handlers) handler(parsed.message)
  })
  await subscriber.subscribe(channel)

  return {
    get ready() {
      return commands.status === 'ready' && subscriber.status === 'ready'
    },
    async add(message) {
      await commands.eval(
        ADD_SCRIPT,
        2,
        topicKey(message.topic),
        `${prefix}seq`,
        String(message.expiresAt),
        JSON.stringify(message),
      )
    },
    async live(topic) {
      const key = topicKey(topic)
      const time = now()
      const read = await commands
        .multi()
        .zremrangebyscore(key, '-inf', time)
        .zrangebyscore(key, `(${time}`, '+inf')
        .exec()
      const members = (read?.[1]?.[1] ?? []) as string[]
      const messages = members
        .sort()
        .map((member) => JSON.parse(member.slice(16)) as unknown)
        .filter(isMessage)
      if (messages.length === 0) return []
      const pipeline = commands.pipeline()
      for (const m of messages) pipeline.smembers(ackKey(m.id))
      const acks = (await pipeline.exec()) ?? []
      return messages.map(
        (m, i): StoredRelayMessage => ({ ...m, acked: new Set((acks[i]?.[1] ?? []) as string[]) }),
      )
    },
    async ack(message, clientId) {
      await commands
        .multi()
        .sadd(ackKey(message.id), clientId)
        .pexpireat(ackKey(message.id), message.expiresAt)
        .exec()
    },
    async broadcast(message) {
      await commands.publish(channel, JSON.stringify({ from: instance, message }))
    },
    onBroadcast(handler) {
      handlers.push(handler)
    },
    count: () => undefined,
    async queued() {
      let total = 0
      let cursor = '0'
      const time = now()
      do {
        const [next, keys] = await commands.scan(cursor, 'MATCH', `${prefix}topic:*`, 'COUNT', 500)
        if (keys.length > 0) {
          const pipeline = commands.pipeline()
          for (const key of keys) pipeline.zcount(key, `(${time}`, '+inf')
          for (const [, n] of (await pipeline.exec()) ?? []) total += Number(n) || 0
        }
        cursor = next
      } while (cursor !== '0')
      return total
    },
    // Expired messages leave on the next read of their topic; whole topics expire in Redis.
    async sweep() {},
    async clear() {
      let cursor = '0'
      do {
        const [next, keys] = await commands.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
        if (keys.length > 0) await commands.del(...keys)
        cursor = next
      } while (cursor !== '0')
    },
    async close() {
      await Promise.allSettled([subscriber.quit(), commands.quit()])
    },
  }
}
