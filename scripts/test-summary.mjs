// Reads the test log on stdin, passes it through, and closes with one line that adds up
// every runner's counts: node:test ("ℹ pass N", "ℹ fail N") and web-test-runner
// ("N passed, N failed"). Exits with the test command's status (passed as argv[2]).
// Before that line it repeats the names of the failed tests, so the tail of a long CI log
// says what failed without scrolling through every package's output.
import { createInterface } from 'node:readline'

let passed = 0
let failed = 0
let skipped = 0
/** Last web-test-runner total per turbo task: [passed, failed, skipped]. */
const browserTotals = new Map()
/** Lines naming a failed test, in order, without repeats. */
const failures = new Set()
const MAX_FAILURES_SHOWN = 40
const rl = createInterface({ input: process.stdin })
rl.on('line', (line) => {
  process.stdout.write(`${line}\n`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strip ANSI colours
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '')
  // node:test's spec reporter marks a failed test "✖ name (12ms)" (and repeats it under
  // "✖ failing tests:"); web-test-runner prints "❌ name" under the failing file.
  const failure = /^(\S+:\S+:)?\s*(✖|❌) (.+)$/.exec(plain)
  if (failure && failure[3] !== 'failing tests:') {
    failures.add(`${failure[1] ?? ''} ${failure[2]} ${failure[3].replace(/ \([\d.]+m?s\)$/, '')}`)
  }
  let m = /ℹ pass (\d+)\s*$/.exec(plain)
  if (m) passed += Number(m[1])
  m = /ℹ fail (\d+)\s*$/.exec(plain)
  if (m) failed += Number(m[1])
  m = /ℹ skipped (\d+)\s*$/.exec(plain)
  if (m) skipped += Number(m[1])
  // web-test-runner repeats its running total (progress bar, then the final summary), so
  // only the last one of each turbo task ("@scope/pkg:test: ...") counts.
  m = /(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/.exec(plain)
  if (m && !plain.startsWith('tests:')) {
    const task = /^(\S+:\S+:) /.exec(plain)?.[1] ?? ''
    browserTotals.set(task, [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)])
  }
})
rl.on('close', () => {
  for (const [p, f, s] of browserTotals.values()) {
    passed += p
    failed += f
    skipped += s
  }
  const status = Number(process.argv[2] ?? 0)
  if (failures.size > 0) {
    console.log('failed:')
    for (const line of [...failures].slice(0, MAX_FAILURES_SHOWN)) console.log(`  ${line.trim()}`)
    if (failures.size > MAX_FAILURES_SHOWN) {
      console.log(`  … and ${failures.size - MAX_FAILURES_SHOWN} more (see above)`)
    }
  }
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
  process.exit(status !== 0 ? status : failed > 0 ? 1 : 0)
})
