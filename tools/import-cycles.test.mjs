// The repo's Biome config forbids import circles in packages/*/src (suspicious/noImportCycles,
// type-only imports ignored). This proves the rule is on and catches a circle: the fixture
// (fixtures/import-cycle: a.ts ↔ b.ts) is linted with the repo's biome.json as if it were a
// package's source, in a scratch folder (the fixture itself is outside packages/*/src, so the
// normal lint run does not apply the rule to it).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const biome = join(root, 'node_modules', '.bin', 'biome')
const scratch = mkdtempSync(join(tmpdir(), 'import-cycles-'))
after(() => rmSync(scratch, { recursive: true, force: true }))

/** Lints `files` (name → source) as packages/fixture/src with the repo's config. */
function lint(name, files) {
  const dir = join(scratch, name)
  const src = join(dir, 'packages', 'fixture', 'src')
  mkdirSync(src, { recursive: true })
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
  // The scratch folder is not a git work tree: the repo's VCS settings do not apply.
  config.vcs = { enabled: false }
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  for (const [file, source] of Object.entries(files)) writeFileSync(join(src, file), source)
  const run = spawnSync(biome, ['lint', '--max-diagnostics=50', 'packages'], {
    cwd: dir,
    encoding: 'utf8',
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

const fixture = join(root, 'tools', 'fixtures', 'import-cycle')
const a = readFileSync(join(fixture, 'a.ts'), 'utf8')
const b = readFileSync(join(fixture, 'b.ts'), 'utf8')

test('the lint fails on an import circle in a package source folder', () => {
  const { status, output } = lint('circle', { 'a.ts': a, 'b.ts': b })
  assert.notEqual(status, 0, output)
  assert.match(output, /lint\/suspicious\/noImportCycles/)
  assert.match(output, /a\.ts/)
})

test('the same files pass once the circle is broken', () => {
  const { status, output } = lint('no-circle', {
    'a.ts': a,
    'b.ts': "export const b = (): string => 'b'\n",
  })
  assert.equal(status, 0, output)
  assert.doesNotMatch(output, /noImportCycles/)
})

test('a type-only import back does not count as a circle', () => {
  const { status, output } = lint('type-only', {
    'a.ts': a,
    'b.ts': "import type { a } from './a.js'\n\nexport const b = (): ReturnType<typeof a> => 'b'\n",
  })
  assert.equal(status, 0, output)
})
