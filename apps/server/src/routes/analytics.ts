// (5) The analytics ingest (spec §7). Any content type: sendBeacon posts text/plain. Each
// project has a byte quota (a token bucket per instance, over every client address), and
// events are deleted after the retention period.
import { Hono } from 'hono'
import { AnalyticsEventSchema, AnalyticsQuerySchema } from '../analytics/schema.js'
import { insertAnalyticsEvent, pruneAnalyticsEvents } from '../analytics/store.js'
import { type AnalyticsIngestResponse, API_LIMITS } from '../api-types.js'
import type { Db } from '../db/db.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError, parseInput } from '../http/errors.js'
import type { Logger } from '../http/logger.js'
import { CLOSE_CONNECTION, limitBody } from '../http/middleware.js'
import { readJsonBody } from '../http/params.js'
import { createRateLimiter } from '../http/rate-limit.js'

export interface AnalyticsLimits {
  /** Bytes of events one project may send at once, from all clients together. */
  quotaBurstBytes: number
  /** Bytes per second added back to a project's quota. */
  quotaBytesPerSecond: number
  /** Days an event is kept (by the time it was received). */
  retentionDays: number
}

/**
 * 1 MB at once, then 10 kB/s per project (about 860 MB a day at the most, per instance);
 * events kept 30 days.
 */
export const DEFAULT_ANALYTICS_LIMITS: Readonly<AnalyticsLimits> = {
  quotaBurstBytes: 1_000_000,
  quotaBytesPerSecond: 10_000,
  retentionDays: 30,
}

const PRUNE_EVERY_MS = 60 * 60_000

export interface AnalyticsRoutesOptions {
  db: Db
  access: AccessControl
  limits?: Partial<AnalyticsLimits> | undefined
  logger?: Logger | undefined
  /** Clock (tests move it); default Date.now. */
  now?: (() => number) | undefined
}

/**
 * `POST /e?projectId&st&sv` with one event as the body, and its preflight.
 *
 * @example
 * app.route('/', analyticsRoutes({ db, access }))
 */
export function analyticsRoutes(options: AnalyticsRoutesOptions): Hono<AppEnv> {
  const { db, access } = options
  const now = options.now ?? Date.now
  const limits = { ...DEFAULT_ANALYTICS_LIMITS, ...options.limits }
  const quota = createRateLimiter({
    burst: limits.quotaBurstBytes,
    perSecond: limits.quotaBytesPerSecond,
    maxKeys: 10_000,
    now,
  })
  let lastPrune: number | undefined
  /** Deletes expired events at most once an hour per instance, off the request's path. */
  const pruneSometimes = () => {
    const time = now()
    if (lastPrune !== undefined && time - lastPrune < PRUNE_EVERY_MS) return
    lastPrune = time
    pruneAnalyticsEvents(db, new Date(time - limits.retentionDays * 86_400_000)).catch((error) =>
      options.logger?.warn('analytics prune failed', { error: String(error) }),
    )
  }
  const app = new Hono<AppEnv>()
  app.options('/e', access.preflight(projectIdInQuery))
  app.post(
    '/e',
    limitBody(API_LIMITS.analyticsBodyMaxBytes, () => {
      throw new HttpError(
        413,
        'PAYLOAD_TOO_LARGE',
        `Body exceeds ${API_LIMITS.analyticsBodyMaxBytes} bytes`,
        { headers: CLOSE_CONNECTION },
      )
    }),
    async (c) => {
      const project = await access.access(c, c.req.query('projectId'))
      const sdk = parseInput(AnalyticsQuerySchema, c.req.query(), 'query')
      const body = await c.req.text()
      const taken = quota.take(project.projectId, Math.max(1, Buffer.byteLength(body)))
      if (!taken.ok) {
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `The analytics quota of project ${project.projectId} is used up; retry in ${taken.retryAfterSeconds} s`,
          { headers: { 'retry-after': String(taken.retryAfterSeconds) } },
        )
      }
      const event = parseInput(AnalyticsEventSchema, await readJsonBody(c, 'event'), 'event')
      await insertAnalyticsEvent(db, project.projectId, sdk, event)
      pruneSometimes()
      return c.json({ accepted: true } satisfies AnalyticsIngestResponse, 202)
    },
  )
  return app
}
