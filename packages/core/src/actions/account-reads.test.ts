import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'

/** The modules a source file imports at run time (`import type` lines left out). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8')
  return [...source.matchAll(/^import (?!type )[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? '')
}

// A module loaded with import() that imports initial modules makes Vite's bundler split the
// page's entry into more files (apps/size/README.md): the reads get the stores from their caller.
// utils/units.ts is lazy code too; what it imports (errors/base.ts) is a file of its own in
// every app already, shared with the lazy API client.
test('the lazily loaded account reads import only the fetcher, the read URLs and the units', () => {
  assert.deepEqual(runtimeImports('./account-reads.ts'), [
    '../utils/fetcher.js',
    '../utils/read-urls.js',
    '../utils/units.js',
  ])
  assert.deepEqual(runtimeImports('../utils/fetcher.ts'), [])
  assert.deepEqual(runtimeImports('../utils/read-urls.ts'), [])
  assert.deepEqual(runtimeImports('../utils/units.ts'), ['../errors/base.js'])
})
