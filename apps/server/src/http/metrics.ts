// Prometheus metrics (prom-client), one registry per app: requests by route pattern and status,
// their latency, rate-limit refusals, codes sent, indexer lag per chain, database load shed.
import { timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { AppEnv } from './access.js'

export interface Metrics {
  readonly registry: Registry
  readonly requests: Counter<'method' | 'route' | 'status'>
  readonly duration: Histogram<'method' | 'route' | 'status'>
  readonly rateLimited: Counter<'route'>
  readonly codesSent: Counter<'purpose'>
  readonly indexerLag: Gauge<'chain'>
  readonly indexerHead: Gauge<'chain'>
  readonly shed: Counter<'reason'>
}

/**
 * A registry with the server's metrics; `processMetrics` adds prom-client's default process
 * metrics (memory, CPU, event loop lag), which the entry point turns on and tests leave off.
 *
 * @example
 * const metrics = createMetrics({ processMetrics: true })
 * const text = await metrics.registry.metrics()
 */
export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry()
  if (options.processMetrics) collectDefaultMetrics({ register: registry })
  const labelNames = ['method', 'route', 'status'] as const
  return {
    registry,
    requests: new Counter({
      name: 'openmodal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'openmodal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames,
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'openmodal_rate_limited_total',
      help: 'Requests refused with 429 RATE_LIMITED, by route pattern',
      labelNames: ['route'],
      registers: [registry],
    }),
    codesSent: new Counter({
      name: 'openmodal_email_codes_sent_total',
      help: 'One-time codes handed to the SMTP server, by purpose',
      labelNames: ['purpose'],
      registers: [registry],
    }),
    indexerLag: new Gauge({
      name: 'openmodal_indexer_lag_blocks',
      help: 'Blocks between the chain head and the last indexed block (reported by the instance that indexes)',
      labelNames: ['chain'],
      registers: [registry],
    }),
    indexerHead: new Gauge({
      name: 'openmodal_indexer_head_block',
      help: 'The chain head the indexer last read',
      labelNames: ['chain'],
      registers: [registry],
    }),
    shed: new Counter({
      name: 'openmodal_load_shed_total',
      help: 'Requests answered 503 with Retry-After because the database was too slow or down',
      labelNames: ['reason'],
      registers: [registry],
    }),
  }
}

/**
 * Counts every answer under its route pattern (`/v1/projects/:projectId/config`, never the raw
 * path, so label values stay few); answers no route matched are counted under `*`.
 */
export function countRequests(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now()
    await next()
    const route = routePath(c) || '*'
    const labels = { method: c.req.method, route, status: String(c.res.status) }
    metrics.requests.inc(labels)
    metrics.duration.observe(labels, (performance.now() - start) / 1000)
    if (c.res.status === 429) metrics.rateLimited.inc({ route })
    // The 503 of http/middleware.ts shedAnswer (the only one that sets Retry-After).
    if (c.res.status === 503 && c.res.headers.has('retry-after')) {
      metrics.shed.inc({ reason: 'database' })
    }
  }
}

/**
 * GET /metrics in Prometheus' text format, for `Authorization: Bearer <token>` only (compared
 * in constant time); anything else is the usual 404, so the route is not advertised.
 */
export function metricsHandler(metrics: Metrics, token: string): MiddlewareHandler<AppEnv> {
  const expected = Buffer.from(`Bearer ${token}`)
  return async (c, next) => {
    const given = Buffer.from(c.req.header('authorization') ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return next()
    return c.body(await metrics.registry.metrics(), 200, {
      'content-type': metrics.registry.contentType,
      'cache-control': 'no-store',
    })
  }
}
