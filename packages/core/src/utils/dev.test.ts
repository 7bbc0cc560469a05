import assert from 'node:assert/strict'
import { dirname } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'
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

/**
 * A minified bundle of a module that warns, built for `mode` the way Vite (Rolldown) builds an
 * app: `esm-env` resolves through the `development` or `production` export condition.
 */
async function bundle(mode: 'development' | 'production') {
  const entry = `import { issueWarning } from './dev.ts'
    export function check(n) { if (n > 1) issueWarning('test-strip', 'A warning text ' + n); return n }`
  const bundler = await rolldown({
    input: 'entry',
    cwd: dirname(fileURLToPath(import.meta.url)),
    resolve: { conditionNames: [mode, 'import', 'default'] },
    logLevel: 'silent',
    plugins: [
      {
        name: 'entry',
        resolveId: (id) => (id === 'entry' ? id : null),
        load: (id) => (id === 'entry' ? entry : null),
      },
    ],
  })
  const { output } = await bundler.generate({ format: 'esm', minify: true })
  return output[0].code
}

test('a production build drops the warnings, their texts and codes', async () => {
  const development = await bundle('development')
  assert.match(development, /A warning text/)
  assert.match(development, /console\.warn/)
  const production = await bundle('production')
  assert.doesNotMatch(production, /A warning text|test-strip|console\.warn|openmodal/)
})
