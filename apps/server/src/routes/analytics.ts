// (5) The analytics ingest (spec §7). Any content type: sendBeacon posts text/plain.
import { Hono } from 'hono'
import { AnalyticsEventSchema, AnalyticsQuerySchema } from '../analytics/schema.js'
import { insertAnalyticsEvent } from '../analytics/store.js'
import { type AnalyticsIngestResponse, API_LIMITS } from '../api-types.js'
import type { Db } from '../db/db.js'
import { type AccessControl, type AppEnv, projectIdInQuery } from '../http/access.js'
import { HttpError, parseInput } from '../http/errors.js'
import { CLOSE_CONNECTION, limitBody } from '../http/middleware.js'
import { readJsonBody } from '../http/params.js'

export interface AnalyticsRoutesOptions {
  db: Db
  access: AccessControl
}

/**
 * `POST /e?projectId&st&sv` with one event as the body, and its preflight.
 *
 * @example
 * app.route('/', analyticsRoutes({ db, access }))
 */
export function analyticsRoutes({ db, access }: AnalyticsRoutesOptions): Hono<AppEnv> {
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
      const event = parseInput(AnalyticsEventSchema, await readJsonBody(c, 'event'), 'event')
      await insertAnalyticsEvent(db, project.projectId, sdk, event)
      return c.json({ accepted: true } satisfies AnalyticsIngestResponse, 202)
    },
  )
  return app
}
