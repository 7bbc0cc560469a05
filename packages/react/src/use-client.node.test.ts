// React Server Components treat a module as client code only when 'use client' is its first
// statement: without it, a server page rendering <W3mButton /> calls hooks on the server and
// fails the build. The directive marks the boundary, so it belongs on the package's entries
// (what a server component can import); everything an entry imports is client code with it.
// On every module it made bundlers warn once per file (MODULE_LEVEL_DIRECTIVE, 28 lines in
// the demo's build). Checks the entries as written and as tsc emits them.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The files under `dir` whose names end in `extension`, test files and test helpers left out. */
function modules(dir: string, extension: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(extension) && !/\.test\.|^test\//.test(file))
    .map((file) => join(root, dir, file))
    .sort()
}

/** The first statement of `source` when it is a string-literal directive, else `undefined`. */
function firstDirective(source: string): string | undefined {
  const file = ts.createSourceFile('module.js', source, ts.ScriptTarget.ES2022)
  const [first] = file.statements
  if (first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression)) {
    return first.expression.text
  }
  return undefined
}

const sources = modules('src', '.ts').concat(modules('src', '.tsx'))
/** The package's entries (its `exports`, as sources). */
const entries = Object.values(
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).exports as Record<
    string,
    Record<string, string>
  >,
).map((entry) => join(root, entry['@openmodal/source'] as string))

test('every entry starts with the use client directive, and no other module does', () => {
  assert.ok(entries.length >= 1 && sources.length >= 12, `found ${sources.length} modules`)
  for (const file of sources) {
    const expected = entries.includes(file) ? 'use client' : undefined
    assert.equal(firstDirective(readFileSync(file, 'utf8')), expected, relative(root, file))
  }
})

test('the directive stays the first statement of the JavaScript tsc emits', () => {
  // The package's own compiler options and program, as `pnpm build` runs them, emitting into
  // memory (reading dist/ here would race a build running beside the tests).
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options, fileNames } = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const emitted = new Map<string, string>()
  ts.createProgram(fileNames, options).emit(undefined, (file, text) => {
    if (file.endsWith('.js')) emitted.set(relative(join(root, 'dist'), file), text)
  })
  assert.deepEqual(
    [...emitted.keys()].sort(),
    sources.map((file) => relative(join(root, 'src'), file).replace(/\.tsx?$/, '.js')).sort(),
  )
  const emittedEntries = entries.map((file) =>
    relative(join(root, 'src'), file).replace(/\.tsx?$/, '.js'),
  )
  for (const file of emittedEntries)
    assert.equal(firstDirective(emitted.get(file) ?? ''), 'use client', file)
})

test('the check sees a module without the directive', () => {
  assert.equal(firstDirective("// comment\n'use client'\nexport {}"), 'use client')
  assert.equal(firstDirective("import 'x'\n'use client'"), undefined)
  assert.equal(firstDirective('export const a = 1'), undefined)
})
