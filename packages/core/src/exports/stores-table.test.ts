// The stores table of the package README says which entry exports each store: a host reading
// it must find every `@openmodal/core` store in the main entry, and nothing the README calls
// internal may be advertised as host API (a README that listed `$accounts` for hosts, which
// the main entry does not export, is what this test exists for).
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import * as core from './index.js'
import * as internal from './internal.js'
import * as registry from './registry.js'

const ENTRIES: Record<string, Record<string, unknown>> = {
  '`@openmodal/core`': core,
  '`internal`': internal,
  '`registry`': registry,
}

/** The stores table: each row's store names and its entry cell. */
function storesTable(readme: string): { names: string[]; entry: string }[] {
  const section = readme.slice(readme.indexOf('## Stores'))
  const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('| store'))).split('\n')
  return rows
    .filter((row) => row.startsWith('| ') && !row.startsWith('| store') && !row.startsWith('| -'))
    .map((row) => {
      const [store = '', entry = ''] = row
        .split('|')
        .slice(1)
        .map((cell) => cell.trim())
      return { names: [...store.matchAll(/`(\$\w+)`/g)].map((m) => m[1] as string), entry }
    })
}

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const table = storesTable(readme)

test('every store of the README table is exported by the entry the table names', () => {
  assert.ok(table.length > 10, 'the README has its stores table')
  const wrong: string[] = []
  for (const { names, entry } of table) {
    for (const name of names) {
      const where = Object.entries(ENTRIES)
        .filter(([, module]) => name in module)
        .map(([label]) => label)
      const expected = ENTRIES[entry] ? [entry] : []
      // The main entry's stores are in internal too (our packages import from one place).
      const found = where.filter(
        (label) => !(label === '`internal`' && expected[0] === '`@openmodal/core`'),
      )
      if (found.join() !== expected.join()) {
        wrong.push(`${name}: README says ${entry}, exported by ${where.join(', ') || 'none'}`)
      }
    }
  }
  assert.deepEqual(wrong, [])
})

test('every store of the main entry is in the README table as host API', () => {
  const listed = new Set(
    table.filter((row) => row.entry === '`@openmodal/core`').flatMap((row) => row.names),
  )
  const missing = Object.keys(core).filter((name) => name.startsWith('$') && !listed.has(name))
  assert.deepEqual(missing, [])
})
