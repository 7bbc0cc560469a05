// Reads the test log on stdin, passes it through, and closes with one line that adds up
// every runner's counts: node:test ("ℹ pass N", "ℹ fail N") and web-test-runner
// ("N passed, N failed"). Exits 1 when a runner counted a failure (the test command's own
// status reaches the shell through pipefail).
// Before that line it repeats the names of the failed tests, so the tail of a long CI log
// says what failed, with the first lines of each failure's error, without scrolling through
// every package's output (a CI excerpt may hold only the tail); and with
// `--runs <dir> --since <epoch ms>` it lists each turbo task's time, longest first, from the
// run summaries (`turbo run --summarize`) written since then.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'

let passed = 0
let failed = 0
let skipped = 0
/** Last web-test-runner total per turbo task: [passed, failed, skipped]. */
const browserTotals = new Map()
/** Lines naming a failed test, in order, without repeats. */
const failures = new Set()
const MAX_FAILURES_SHOWN = 40
/** The first lines of each failure's error (message and values, not the stack), by failure. */
const details = new Map()
const MAX_DETAIL_LINES = 4
/**
 * The tasks of every turbo run summary in `dir` that started at or after `since`: id, seconds,
 * cache status and exit code, longest first, and each run's wall time.
 * @example taskTimes('.turbo/runs', Date.now() - 60_000)
 */
export function taskTimes(dir, since) {
  let files = []
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'))
  } catch {
    return { tasks: [], runs: [] }
  }
  const tasks = []
  const runs = []
  for (const file of files) {
    const summary = JSON.parse(readFileSync(join(dir, file), 'utf8'))
    if (!(summary.execution?.startTime >= since)) continue
    const { command, startTime, endTime } = summary.execution
    runs.push({ command, startTime, seconds: (endTime - startTime) / 1000 })
    for (const task of summary.tasks ?? []) {
      const { startTime: start, endTime: end, exitCode } = task.execution ?? {}
      if (start === undefined || end === undefined) continue
      tasks.push({
        id: task.taskId,
        seconds: (end - start) / 1000,
        cache: task.cache?.status ?? '',
        exitCode,
      })
    }
  }
  tasks.sort((a, b) => b.seconds - a.seconds || a.id.localeCompare(b.id))
  runs.sort((a, b) => a.startTime - b.startTime)
  return { tasks, runs }
}

/** The lines printed for `taskTimes`' result. */
export function formatTimes({ tasks, runs }) {
  if (tasks.length === 0) return []
  const width = Math.max(...tasks.map((task) => task.id.length))
  const lines = ['task times (longest first):']
  for (const task of tasks) {
    const note =
      task.cache === 'HIT' ? ' (cached)' : task.exitCode ? ` (exit ${task.exitCode})` : ''
    lines.push(`  ${task.id.padEnd(width)} ${task.seconds.toFixed(1).padStart(7)} s${note}`)
  }
  for (const run of runs) lines.push(`  run: ${run.command} ${run.seconds.toFixed(1)} s`)
  return lines
}

if (process.argv[1] === import.meta.filename) summarize()

function summarize() {
  const { values: args } = parseArgs({
    options: { runs: { type: 'string' }, since: { type: 'string', default: '0' } },
  })
  const rl = createInterface({ input: process.stdin })
  /** Per task prefix: the failure whose error lines are being read, and its indentation. */
  const reading = new Map()
  rl.on('line', (line) => {
    process.stdout.write(`${line}\n`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strip ANSI colours
    const plain = line.replace(/\u001b\[[0-9;]*m/g, '')
    // node:test's spec reporter marks a failed test "✖ name (12ms)" (and repeats it under
    // "✖ failing tests:"); web-test-runner prints "❌ name" under the failing file.
    const failure = /^(\S+:\S+:)?\s*(✖|❌) (.+)$/.exec(plain)
    const task = /^(\S+:\S+:) ?/.exec(plain)?.[1] ?? ''
    const body = plain.slice(task.length).replace(/^ /, '')
    const indent = body.length - body.trimStart().length
    const open = reading.get(task)
    if (open && !failure && body.trim() !== '') {
      // The error follows its test's line, indented deeper, up to its stack ("at …"); what
      // comes after the stack (the error's fields) is left out too.
      if (indent <= open.indent || body.trimStart().startsWith('at ')) reading.delete(task)
      else if (open.lines.length < MAX_DETAIL_LINES) open.lines.push(body.trim().slice(0, 200))
    }
    if (failure && failure[3] !== 'failing tests:') {
      const key = `${failure[1] ?? ''} ${failure[2]} ${failure[3].replace(/ \([\d.]+m?s\)$/, '')}`
      failures.add(key)
      if (!details.has(key)) {
        const lines = []
        details.set(key, lines)
        reading.set(task, { indent, lines })
      } else reading.delete(task)
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
    if (args.runs)
      for (const line of formatTimes(taskTimes(args.runs, Number(args.since)))) console.log(line)
    if (failures.size > 0) {
      console.log('failed:')
      for (const line of [...failures].slice(0, MAX_FAILURES_SHOWN)) {
        console.log(`  ${line.trim()}`)
        for (const detail of details.get(line) ?? []) console.log(`      ${detail}`)
      }
      if (failures.size > MAX_FAILURES_SHOWN) {
        console.log(`  … and ${failures.size - MAX_FAILURES_SHOWN} more (see above)`)
      }
    }
    console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
    process.exit(failed > 0 ? 1 : 0)
  })
}
