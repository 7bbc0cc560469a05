// The summary that closes `pnpm test`, run on a saved log and saved turbo run summaries.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { formatTimes, taskTimes } from './test-summary.mjs'

const FIXTURES = fileURLToPath(new URL('./fixtures/test-summary/', import.meta.url))
const RUNS = `${FIXTURES}runs`
const SINCE = 1795895774894

test('lists the tasks of the runs since the start, longest first, with cache and exit', () => {
  const { tasks, runs } = taskTimes(RUNS, SINCE)
  assert.deepEqual(
    tasks.map((task) => [task.id, task.seconds, task.cache, task.exitCode]),
    [
      ['@openmodal/ui#test', 312.4, 'MISS', 0],
      ['@openmodal/embedded#test', 88.6, 'MISS', 0],
      ['@openmodal/core#typecheck', 20, 'HIT', 0],
      ['@openmodal/siwx#test', 11, 'MISS', 1],
    ],
  )
  assert.deepEqual(
    runs.map((run) => run.command),
    ['turbo run test --only', 'turbo run typecheck --only'],
  )
  assert.deepEqual(formatTimes({ tasks, runs }).slice(0, 5), [
    'task times (longest first):',
    '  @openmodal/ui#test          312.4 s',
    '  @openmodal/embedded#test     88.6 s',
    '  @openmodal/core#typecheck    20.0 s (cached)',
    '  @openmodal/siwx#test         11.0 s (exit 1)',
  ])
})

test('prints nothing for times without summaries', () => {
  assert.deepEqual(formatTimes(taskTimes(`${FIXTURES}missing`, 0)), [])
  assert.deepEqual(formatTimes(taskTimes(RUNS, SINCE + 10 ** 9)), [])
})

test('closes a saved log with the times, the failed tests with their errors and the counts', () => {
  const result = spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL('./test-summary.mjs', import.meta.url)),
      '--runs',
      RUNS,
      '--since',
      String(SINCE),
    ],
    { input: readFileSync(`${FIXTURES}log.txt`), encoding: 'utf8' },
  )
  const tail = result.stdout.split('\n').slice(-16, -2)
  assert.deepEqual(tail, [
    'task times (longest first):',
    '  @openmodal/ui#test          312.4 s',
    '  @openmodal/embedded#test     88.6 s',
    '  @openmodal/core#typecheck    20.0 s (cached)',
    '  @openmodal/siwx#test         11.0 s (exit 1)',
    '  run: turbo run test --only 401.0 s',
    '  run: turbo run typecheck --only 31.0 s',
    'failed:',
    '  @openmodal/ui:test: ❌ <w3m-networks-view> > switches in place',
    "      AssertionError: expected 'Ethereum' to equal 'Base'",
    '      + expected - actual',
    '  @openmodal/siwx:test: ✖ rejects a message with two domains',
    '      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
    '      2 !== 1',
  ])
  assert.match(result.stdout, /tests: 845 passed, 2 failed, 2 skipped\n$/)
  assert.equal(result.status, 1)
})
