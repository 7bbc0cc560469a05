// One small SQL interface over an embedded PGlite and a real PostgreSQL (pg Pool).
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export type Row = Record<string, unknown>

export interface Queryable {
  /** One statement with `$1`-style parameters; resolves to the rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface OpenDbOptions {
  /** A PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined
  /** PGlite data directory, created on first start; `undefined` or 'memory://' keeps it in memory. */
  dataDir?: string | undefined
  /** Connections in the pg pool (default 10). */
  poolSize?: number
  /** PostgreSQL: the longest a query waits for a free connection (default 2000 ms). */
  connectionWaitMs?: number
  /** PostgreSQL: statements running longer are cancelled (default 15000 ms; 0 = no limit). */
  statementTimeoutMs?: number
}

export interface PostgresPoolOptions {
  poolSize?: number | undefined
  connectionWaitMs?: number | undefined
  statementTimeoutMs?: number | undefined
}

export const DEFAULT_POOL = { poolSize: 10, connectionWaitMs: 2_000, statementTimeoutMs: 15_000 }

/**
 * Opens PostgreSQL when `databaseUrl` is set, else PGlite (in memory without `dataDir`).
 *
 * @example
 * const db = await openDb({ dataDir: '.data' })
 * const rows = await db.query<{ n: number }>('select $1::int as n', [1])
 */
export async function openDb(options: OpenDbOptions = {}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  return openPglite(options.dataDir)
}

// What a database too slow or gone looks like through pg: no free connection within the wait
// (pg-pool's message), a statement cancelled by statement_timeout, a server refusing or
// restarting. Such errors are rethrown as DatabaseBusyError, answered 503 + Retry-After
// (http/middleware.ts) instead of piling requests up.
const BUSY_CODES = new Set(['57014', '53300', '57P01', '57P03', 'ECONNREFUSED', 'ECONNRESET'])
const BUSY_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
])

/** The database is overloaded or unreachable (not a bug, not bad input): retry later. */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError'
}

function busyOrSame(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const code = (error as { code?: unknown }).code
  if (BUSY_MESSAGES.has(error.message) || (typeof code === 'string' && BUSY_CODES.has(code))) {
    return new DatabaseBusyError(error.message, { cause: error })
  }
  return error
}

/**
 * Whether `error` (or one of its causes) is a {@link DatabaseBusyError}.
 *
 * @example
 * isDatabaseBusy(new HttpError(500, 'SERVER_ERROR', 'Could not load', { cause })) // true when cause is
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof DatabaseBusyError) return true
  }
  return false
}

/**
 * Resolves when the database answers a trivial query, rejects when it does not (health check).
 *
 * @example
 * await pingDb(db)
 */
export async function pingDb(db: Queryable): Promise<void> {
  await db.query('select 1')
}

const LOCK_FILE = 'openmodal-server.lock'

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

// PGlite is one Postgres in one process: a second process opening the same directory
// corrupts it, so the directory is locked by pid while open.
function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = Number(readFileSync(path, 'utf8'))
      if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
        throw new Error(
          `PGlite data directory ${dataDir} is in use by process ${pid}; stop it first, or use DATABASE_URL to share one PostgreSQL between processes`,
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new Error(`could not lock PGlite data directory ${dataDir}`)
}

/**
 * PGlite (Postgres compiled to WASM) in this process. `loadDataDir` starts it from a data
 * directory dumped by `dumpDataDir` instead of running initdb (the tests' template).
 *
 * @example
 * const db = await openPglite() // in memory, for tests
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const inMemory = dataDir === undefined || dataDir.startsWith('memory://')
  let unlock = () => {}
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  let pglite: PGlite
  try {
    pglite = await PGlite.create({ dataDir: inMemory ? undefined : dataDir, loadDataDir })
  } catch (error) {
    unlock()
    throw error
  }
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  })
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (!pglite.closed) await pglite.close()
      unlock()
    },
  }
}

/**
 * A pg Pool over a real PostgreSQL: several server processes can share it. A query waits at
 * most `connectionWaitMs` for a connection and runs at most `statementTimeoutMs`, so a slow
 * database sheds load instead of queueing requests without bound.
 *
 * @example
 * const db = openPostgres('postgres://postgres@127.0.0.1:5432/openmodal')
 */
export function openPostgres(connectionString: string, options: PostgresPoolOptions = {}): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? DEFAULT_POOL.poolSize,
    connectionTimeoutMillis: options.connectionWaitMs ?? DEFAULT_POOL.connectionWaitMs,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_POOL.statementTimeoutMs,
  })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {})
  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await target.query<T>(sql, params as unknown[])
        return result.rows
      } catch (error) {
        throw busyOrSame(error)
      }
    },
    async exec(sql: string) {
      try {
        await target.query(sql)
      } catch (error) {
        throw busyOrSame(error)
      }
    },
  })
  let closed = false
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect().catch((error) => {
        throw busyOrSame(error)
      })
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
