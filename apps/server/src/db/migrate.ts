// Versioned SQL migrations: migrations/NNN_name.sql, applied in order, recorded in
// schema_migrations, all in one transaction under an advisory lock.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.js'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

// Any constant shared by every instance: pg_advisory_xact_lock serialises concurrent starts.
const MIGRATION_LOCK = 4_270_115_001
const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/

export interface Migration {
  version: number
  name: string
  sql: string
  checksum: string
}

export interface MigrateResult {
  /** Versions this call applied (empty when the schema was current). */
  applied: number[]
}

/**
 * Reads `NNN_name.sql` files of `dir` in version order; any other `.sql` name is an error.
 *
 * @example
 * const migrations = await readMigrations()
 */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()
  const migrations: Migration[] = []
  for (const name of names) {
    const match = FILE_NAME.exec(name)
    if (!match) throw new Error(`migration file ${name} is not named NNN_name.sql`)
    const sql = await readFile(`${dir}/${name}`, 'utf8')
    const version = Number(match[1])
    if (migrations.some((m) => m.version === version)) {
      throw new Error(`two migrations have version ${version}`)
    }
    migrations.push({
      version,
      name: match[2] ?? name,
      sql,
      checksum: createHash('sha256').update(sql).digest('hex'),
    })
  }
  return migrations
}

/**
 * Applies the migrations not yet in `schema_migrations`, in order, in one transaction. Safe
 * when several instances start at once (they wait on an advisory lock, then find nothing to
 * do) and idempotent. Refuses to run if an applied migration's file has changed since.
 *
 * @example
 * const { applied } = await migrate(db) // [1] on an empty database, [] afterwards
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  const migrations = await readMigrations(dir)
  return db.transaction(async (tx) => {
    // Waiting for another instance's migrations, or building an index on a large table, may
    // take longer than the pool's statement timeout: none inside this transaction.
    await tx.query("select set_config('statement_timeout', '0', true)")
    await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK])
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`)
    const rows = await tx.query<{ version: number; checksum: string }>(
      'select version, checksum from schema_migrations',
    )
    const done = new Map(rows.map((row) => [row.version, row.checksum]))
    const applied: number[] = []
    for (const migration of migrations) {
      const checksum = done.get(migration.version)
      if (checksum !== undefined) {
        if (checksum !== migration.checksum) {
          throw new Error(
            `migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead`,
          )
        }
        continue
      }
      await tx.exec(migration.sql)
      await tx.query(
        'insert into schema_migrations (version, name, checksum) values ($1, $2, $3)',
        [migration.version, migration.name, migration.checksum],
      )
      applied.push(migration.version)
    }
    return { applied }
  })
}
