// The examples' READMEs are their frameworks' getting-started guides: a code block that names
// a file of the example on its first line (`// src/App.tsx`, `<!-- index.html -->`) must show
// that file exactly as the consumer test builds it.
import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from 'node:test'
import { discoverExamples } from './examples.mjs'

const FENCE = /^```[\w-]*\n([\s\S]*?)^```$/gm
const NAMED = /^(?:\/\/ |<!-- )([\w./[\]-]+\.\w+)(?: -->)?\n/

/** `[{ file, code }]` for every block of `markdown` whose first line names a file. */
export function namedBlocks(markdown) {
  const blocks = []
  for (const [, body] of markdown.matchAll(FENCE)) {
    const named = NAMED.exec(body)
    if (named) blocks.push({ file: named[1], code: body.slice(named[0].length) })
  }
  return blocks
}

test('finds the named blocks of a guide', () => {
  const markdown = '# x\n\n```ts\n// src/a.ts\nconst a = 1\n```\n\n```sh\npnpm build\n```\n'
  assert.deepEqual(namedBlocks(markdown), [{ file: 'src/a.ts', code: 'const a = 1\n' }])
})

for (const example of await discoverExamples()) {
  test(`${example.name}: the guide's code is the example's code`, async (t) => {
    const readme = await readFile(join(example.dir, 'README.md'), 'utf8').catch(() => '')
    const blocks = namedBlocks(readme)
    if (!blocks.length) return t.skip('no README block names a file')
    for (const { file, code } of blocks) {
      const source = await readFile(join(example.dir, file), 'utf8')
      assert.equal(code.trimEnd(), source.trimEnd(), `${example.name}/README.md, block ${file}`)
    }
  })
}
