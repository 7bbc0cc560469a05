import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

// '@openmodal/core/internal' is for OpenModal's own packages, so it holds only names one of
// them imports: a name nobody outside core uses belongs in its module, not in an entry.

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))
const SOURCE = /\.(ts|tsx|mts|mjs|js|svelte|vue)$/
const SKIPPED = new Set(['node_modules', 'dist', '.turbo'])
const ENTRY = `['"]@openmodal/core/internal['"]`

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (SOURCE.test(entry.name)) yield path
  }
}

/** Every source file of the other packages and of the apps. */
function* consumerFiles(root: string): Generator<string> {
  for (const top of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, top))) {
      if (top !== 'packages' || name !== 'core') yield* sourceFiles(join(root, top, name))
    }
  }
}

/** The names in `{ a, type B, c as d }` (an import, an export or a destructuring). */
function namesIn(list: string): string[] {
  return list
    .split(',')
    .map((part) =>
      part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+|\s*:\s*/)[0]
        ?.trim(),
    )
    .filter((name): name is string => Boolean(name))
}

/** Every name another package takes from the internal entry, statically or by `import()`. */
export function consumedNames(root: string): Set<string> {
  const used = new Set<string>()
  const statics = new RegExp(
    String.raw`(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*${ENTRY}`,
    'g',
  )
  const dynamic = new RegExp(
    String.raw`(?:const|let)\s+(\{[^}]*\}|\w+)\s*=\s*await\s+import\(\s*${ENTRY}\s*\)`,
    'g',
  )
  const add = (names: Iterable<string>) => {
    for (const name of names) used.add(name)
  }
  for (const file of consumerFiles(root)) {
    const text = readFileSync(file, 'utf8')
    for (const [, list = ''] of text.matchAll(statics)) add(namesIn(list))
    for (const [, binding = ''] of text.matchAll(dynamic)) {
      if (binding.startsWith('{')) add(namesIn(binding.slice(1, -1)))
      // `const core = await import(…)`: the members read off the module.
      else
        add(
          Array.from(
            text.matchAll(new RegExp(String.raw`\b${binding}\.(\$?\w+)`, 'g')),
            (m) => m[1] ?? '',
          ),
        )
    }
  }
  return used
}

/** The names internal.ts lists itself (values and types), beside the host API it re-exports. */
function internalNames(): string[] {
  const text = readFileSync(new URL('./internal.ts', import.meta.url), 'utf8')
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from/g)].flatMap(([, list = '']) =>
    namesIn(list),
  )
}

test('every name of the internal entry is imported by another package', () => {
  const used = consumedNames(ROOT)
  const unused = internalNames().filter((name) => !used.has(name))
  assert.deepEqual(unused, [], `no package outside core imports: ${unused.join(', ')}`)
})

test('the consumer scan sees static, type-only and dynamic imports', () => {
  // Guards the scan itself: names it must find in the repository as it is.
  const used = consumedNames(ROOT)
  for (const name of ['$options', 'closeModal', 'KitErrorCode', 'disconnect', '$remoteConfig']) {
    assert.ok(used.has(name), name)
  }
  assert.ok(!used.has('definitelyNotExported'))
})
