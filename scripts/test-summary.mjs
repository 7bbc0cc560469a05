// Reads the test log on stdin, passes it through, and closes with one line that adds up
// every runner's counts: node:test ("ℹ pass N", "ℹ fail N") and web-test-runner
// ("N passed, N failed"). Exits with the test command's status (passed as argv[2]).
import { createInterface } from 'node:readline'

let passed = 0
let failed = 0
let skipped = 0
/** Last web-test-runner total per turbo task: [passed, failed, skipped]. */
const browserTotals = new Map()
const rl = createInterface({ input: process.stdin })
rl.on('line', (line) => {
  process.stdout.write(`${line}\n`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strip ANSI colours
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '')
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
  console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
  process.exit(status !== 0 ? status : failed > 0 ? 1 : 0)
})
