// Prometheus metrics of one relay instance (`GET /metrics`), through prom-client.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RelayStats } from '@openmodal/testing/relay'
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'

export interface RelayMetricsOptions {
  /** The instance's counters (read at each scrape). */
  stats: () => RelayStats | undefined
  /** Messages stored and not expired, across all instances (Redis) or in this one (memory). */
  queued: () => Promise<number>
}

/**
 * The registry and an HTTP route for `startRelay({ http })`: connections, topics subscribed on
 * this instance, messages published and pushed (counters), queued messages, and Node's defaults.
 *
 * @example
 * const metrics = relayMetrics({ stats: () => relay?.stats, queued: async () => 0 })
 * relay = await startRelay({ http: metrics.route })
 */
export function relayMetrics(options: RelayMetricsOptions) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const fromStats = (read: (stats: RelayStats) => number) =>
    function (this: Gauge) {
      const stats = options.stats()
      if (stats) this.set(read(stats))
    }
  new Gauge({
    name: 'openmodal_relay_connections',
    help: 'WebSocket connections open on this instance',
    registers,
    collect: fromStats((s) => s.connections),
  })
  new Gauge({
    name: 'openmodal_relay_topics',
    help: 'Topics with at least one subscriber on this instance',
    registers,
    collect: fromStats((s) => s.topics),
  })
  const counter = (name: string, help: string, read: (stats: RelayStats) => number) =>
    new Counter({
      name,
      help,
      registers,
      collect(this: Counter) {
        const stats = options.stats()
        if (!stats) return
        this.reset()
        this.inc(read(stats))
      },
    })
  counter('openmodal_relay_connections_total', 'Connections accepted', (s) => s.connectionsTotal)
  counter('openmodal_relay_messages_published_total', 'Messages stored', (s) => s.published)
  counter('openmodal_relay_messages_delivered_total', 'Pushes sent', (s) => s.delivered)
  new Gauge({
    name: 'openmodal_relay_queued_messages',
    help: 'Messages stored and not yet expired',
    registers,
    async collect(this: Gauge) {
      this.set(await options.queued())
    },
  })

  const route = (request: IncomingMessage, response: ServerResponse): boolean => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') return false
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType })
        response.end(text)
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain' })
        response.end(`metrics failed: ${error.message}`)
      },
    )
    return true
  }
  return { registry, route }
}
