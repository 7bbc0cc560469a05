// Entry point: `pnpm --filter @openmodal/relay start` (settings in config.ts). One instance keeps
// messages in memory; with OPENMODAL_REDIS_URL, any number of instances share topics and messages.
// SIGTERM/SIGINT: stop accepting, finish in-flight requests (OPENMODAL_RELAY_SHUTDOWN_MS), close
// the sockets with 1001 so clients reconnect to another instance, exit 0.
import { type RelayStore, startRelay } from '@openmodal/testing/relay'
import { readRelaySettings } from './config.js'
import { relayMetrics } from './metrics.js'
import { createRedisRelayStore, type RedisRelayStore } from './redis-store.js'

const log = (event: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }))

let settings: ReturnType<typeof readRelaySettings>
try {
  settings = readRelaySettings()
} catch (error) {
  console.error(`relay: ${(error as Error).message}`)
  process.exit(2)
}

let redis: RedisRelayStore | undefined
if (settings.redisUrl) {
  try {
    redis = await createRedisRelayStore({
      url: settings.redisUrl,
      prefix: settings.redisPrefix,
      onError: (error) => log('redis error', { error: error.message }),
    })
  } catch (error) {
    console.error(`relay: ${(error as Error).message}`)
    process.exit(1)
  }
}

let relay: Awaited<ReturnType<typeof startRelay>> | undefined
const metrics = relayMetrics({
  stats: () => relay?.stats,
  queued: async () => (redis ? redis.queued() : (relay?.stats.stored ?? 0)),
})
const instance = await startRelay({
  http: metrics.route,
  host: settings.host,
  port: settings.port,
  maxTtlSeconds: settings.maxTtlSeconds,
  pingIntervalMs: settings.pingIntervalMs,
  ...(redis ? { store: redis satisfies RelayStore, ready: () => redis?.ready ?? false } : {}),
  ...(settings.verbose ? { log: (line: string) => console.log(line) } : {}),
})
relay = instance
log('relay listening', { url: instance.url, store: redis ? 'redis' : 'memory', pid: process.pid })

let stopping = false
const shutdown = async (signal: string) => {
  if (stopping) return
  stopping = true
  log('relay stopping', { signal, connections: instance.stats.connections })
  await instance.stop({ drainMs: settings.shutdownDrainMs })
  await redis?.close()
  log('relay stopped')
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))
