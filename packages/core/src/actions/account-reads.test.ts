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
test('the lazily loaded account reads import only the fetcher and the read URLs, which import nothing', () => {
  assert.deepEqual(runtimeImports('./account-reads.ts'), [
    '../utils/fetcher.js',
    '../utils/read-urls.js',
  ])
  assert.deepEqual(runtimeImports('../utils/fetcher.ts'), [])
  assert.deepEqual(runtimeImports('../utils/read-urls.ts'), [])
})
