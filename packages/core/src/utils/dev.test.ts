import assert from 'node:assert/strict'
import { dirname } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { DEV_MODE, issueWarning } from './dev.js'

test('warns once per code and message, with the code', (t) => {
  assert.equal(DEV_MODE, true)
  const warn = t.mock.method(console, 'warn', () => undefined)
  issueWarning('test-once', 'first text')
  issueWarning('test-once', 'first text')
  issueWarning('test-once', 'second text')
  issueWarning('test-other', 'first text')
  assert.deepEqual(
    warn.mock.calls.map((call) => call.arguments[0]),
    [
      '[openmodal] first text (test-once)',
      '[openmodal] second text (test-once)',
      '[openmodal] first text (test-other)',
    ],
  )
})

/** A minified bundle of a module that warns, built for `mode` the way an app bundler does. */
async function bundle(mode: 'development' | 'production') {
  const result = await build({
    stdin: {
      contents: `import { issueWarning } from './dev.ts'
        export function check(n) { if (n > 1) issueWarning('test-strip', 'A warning text ' + n); return n }`,
      resolveDir: dirname(fileURLToPath(import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
  })
  return result.outputFiles[0]?.text ?? ''
}

test('a production build drops the warnings, their texts and codes', async () => {
  const development = await bundle('development')
  assert.match(development, /A warning text/)
  assert.match(development, /console\.warn/)
  const production = await bundle('production')
  assert.doesNotMatch(production, /A warning text|test-strip|console\.warn|openmodal/)
})
