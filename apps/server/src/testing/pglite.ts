// An in-memory PGlite for tests, started from a template instead of initdb. initdb is most of
// what a fresh PGlite costs (4-7 s of CPU on 2 cores, against ~1 s to load a dumped data
// directory), and every test file opens at least one; applying every migration to it is ~1.4 s
// of CPU more, against ~0.5 s to find them applied. The templates, a fresh cluster and one
// with the migrations applied, are dumped once per PGlite version (and migration set) and kept
// under node_modules/.cache, so the test files (one process each) share them; a database
// started from one is a fresh cluster all the same.
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { type Db, openPglite } from '../db/db.js'
import { MIGRATIONS_DIR, migrate } from '../db/migrate.js'

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/openmodal', import.meta.url))

const templates = new Map<string, Promise<Blob>>()

/** The PGlite version this package pins (a dump is read by the version that made it). */
function pgliteVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  return manifest.dependencies['@electric-sql/pglite']
}

/** A digest of the migration files: a template migrated by other files is another template. */
function migrationsDigest(): string {
  const hash = createHash('sha256')
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`${name}\0`).update(readFileSync(join(MIGRATIONS_DIR, name)))
  }
  return hash.digest('hex').slice(0, 16)
}

/** The dump at `name` in the cache, made by `make` and written there when it is missing. */
async function cached(name: string, make: () => Promise<Blob>): Promise<Blob> {
  const path = join(CACHE_DIR, name)
  try {
    return new Blob([readFileSync(path)])
  } catch {}
  const dump = await make()
  mkdirSync(CACHE_DIR, { recursive: true })
  // Written aside, then renamed: a file running at the same time reads a whole template or none.
  const partial = `${path}.${process.pid}`
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
  renameSync(partial, path)
  return dump
}

function freshTemplate(): Promise<Blob> {
  return cached(`pglite-${pgliteVersion()}-initdb.tar`, async () => {
    const fresh = await PGlite.create()
    const dump = await fresh.dumpDataDir('none')
    await fresh.close()
    return dump
  })
}

function migratedTemplate(): Promise<Blob> {
  return cached(`pglite-${pgliteVersion()}-migrated-${migrationsDigest()}.tar`, async () => {
    // Migrated on disk by the server's own code, then dumped as the fresh template was.
    const dir = mkdtempSync(join(tmpdir(), 'openmodal-pglite-template-'))
    try {
      const db = await openPglite(join(dir, 'data'), await template('fresh'))
      await migrate(db)
      await db.close()
      const migrated = await PGlite.create({ dataDir: join(dir, 'data') })
      const dump = await migrated.dumpDataDir('none')
      await migrated.close()
      return dump
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
}

function template(kind: 'fresh' | 'migrated'): Promise<Blob> {
  let dump = templates.get(kind)
  if (!dump) {
    dump = kind === 'fresh' ? freshTemplate() : migratedTemplate()
    templates.set(kind, dump)
  }
  return dump
}

/**
 * A fresh in-memory PGlite without running initdb again, with every migration applied (as
 * `migrate()` leaves it; no seed, no project), or, with `migrated: false`, as `openPglite()`
 * gives it: an empty cluster, for the tests of the migrations themselves.
 *
 * @example
 * const db = await openTestPglite()
 * const empty = await openTestPglite({ migrated: false })
 */
export async function openTestPglite({ migrated = true } = {}): Promise<Db> {
  return openPglite(undefined, await template(migrated ? 'migrated' : 'fresh'))
}
