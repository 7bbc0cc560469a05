// GET /health: whether the database answers.
import { Hono } from 'hono'
import type { HealthResponse } from '../api-types.js'
import { type Db, pingDb } from '../db/db.js'
import type { AppEnv } from '../http/access.js'
import { HttpError } from '../http/errors.js'

/**
 * The health route: `{ status: 'ok', database }`, or 503 when the database does not answer.
 *
 * @example
 * app.route('/', healthRoutes({ db }))
 */
export function healthRoutes({ db }: { db: Db }): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/health', async (c) => {
    try {
      await pingDb(db)
    } catch (cause) {
      throw new HttpError(503, 'SERVER_ERROR', 'The database is unavailable', { cause })
    }
    return c.json({ status: 'ok', database: db.kind } satisfies HealthResponse)
  })
  return app
}
