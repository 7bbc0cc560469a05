// GET /health: the process is alive. GET /ready: it can serve (the database answers, its schema
// is current, and the instance is not shutting down). A load balancer routes on /ready; a
// supervisor restarts on /health.
import { Hono } from 'hono'
import type { HealthResponse } from '../api-types.js'
import { type Db, pingDb } from '../db/db.js'
import { readMigrations } from '../db/migrate.js'
import type { AppEnv } from '../http/access.js'

type Check = 'ok' | 'failed'

/** `GET /ready`: 200 when every check is `ok`, 503 otherwise. */
export interface ReadyResponse {
  status: 'ready' | 'unavailable'
  checks: { database: Check; migrations: Check; accepting: Check }
}

export interface HealthRouteOptions {
  db: Db
  /** True once a shutdown began: /ready answers 503 so the load balancer stops sending. */
  draining?: () => boolean
  /** The newest migration the code expects (default: the highest file of migrations/). */
  expectedMigration?: () => Promise<number>
}

let newestMigration: Promise<number> | undefined

function newestMigrationFile(): Promise<number> {
  newestMigration ??= readMigrations().then((all) => Math.max(0, ...all.map((m) => m.version)))
  return newestMigration
}

/**
 * The liveness and readiness routes.
 *
 * @example
 * app.route('/', healthRoutes({ db, draining: () => shuttingDown }))
 */
export function healthRoutes(options: HealthRouteOptions): Hono<AppEnv> {
  const { db } = options
  const expected = options.expectedMigration ?? newestMigrationFile
  const app = new Hono<AppEnv>()
  app.get('/health', (c) => c.json({ status: 'ok', database: db.kind } satisfies HealthResponse))
  app.get('/ready', async (c) => {
    const checks: ReadyResponse['checks'] = {
      database: 'failed',
      migrations: 'failed',
      accepting: options.draining?.() ? 'failed' : 'ok',
    }
    try {
      await pingDb(db)
      checks.database = 'ok'
      const [row] = await db.query<{ version: number | null }>(
        'select max(version)::int as version from schema_migrations',
      )
      if ((row?.version ?? 0) >= (await expected())) checks.migrations = 'ok'
    } catch {
      // A database that is down or has no schema_migrations table fails its check.
    }
    const ready = Object.values(checks).every((check) => check === 'ok')
    return c.json(
      { status: ready ? 'ready' : 'unavailable', checks } satisfies ReadyResponse,
      ready ? 200 : 503,
      { 'cache-control': 'no-store' },
    )
  })
  return app
}
