// An in-memory PGlite for tests, started from a template instead of initdb. initdb is most of
// what a fresh PGlite costs (4-7 s of CPU on 2 cores, against ~1 s to load a dumped data
// directory), and every test file opens at least one. The template is a fresh cluster dumped
// once per PGlite version and kept under node_modules/.cache, so the test files (one process
// each) share it; a database started from it is a fresh cluster all the same.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { type Db, openPglite } from '../db/db.js'

const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/openmodal', import.meta.url))

let template: Promise<Blob> | undefined

/** The PGlite version this package pins (a dump is read by the version that made it). */
function pgliteVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  return manifest.dependencies['@electric-sql/pglite']
}

async function loadTemplate(): Promise<Blob> {
  const path = join(CACHE_DIR, `pglite-${pgliteVersion()}-initdb.tar`)
  try {
    return new Blob([readFileSync(path)])
  } catch {}
  const fresh = await PGlite.create()
  const dump = await fresh.dumpDataDir('none')
  await fresh.close()
  mkdirSync(CACHE_DIR, { recursive: true })
  // Written aside, then renamed: a file running at the same time reads a whole template or none.
  const partial = `${path}.${process.pid}`
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
  renameSync(partial, path)
  return dump
}

/**
 * A fresh in-memory PGlite, as `openPglite()` gives, without running initdb again.
 *
 * @example
 * const db = await openTestPglite()
 */
export async function openTestPglite(): Promise<Db> {
  template ??= loadTemplate()
  return openPglite(undefined, await template)
}
