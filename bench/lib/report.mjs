// The Markdown report of `pnpm bench`: one table of every metric per app (median [min–max]
// over the runs; build sizes are exact), the ratio of ours to every competitor, and where we
// stand against the issue's targets.
import { RATIOS } from '../config.mjs'
import { PROBE_OPTIONS } from './measure.mjs'

const KB = 1000
const MIB = 1024 * 1024

/** Median of the non-null values (mean of the middle two for an even count). */
export function median(values) {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const outsideIn = (phase) => (s) => s.outside.filter((o) => o.phase === phase).length

/** Every metric: `build` ones are read from the build, the others from each run's sample. */
export const METRICS = [
  { id: 'initialGzip', label: 'initial JS, gzip (kB)', build: (b) => b.initial.gzip / KB },
  { id: 'initialBrotli', label: 'initial JS, brotli (kB)', build: (b) => b.initial.brotli / KB },
  { id: 'initialRaw', label: 'initial JS, raw (kB)', build: (b) => b.initial.raw / KB },
  { id: 'totalGzip', label: 'total JS, gzip (kB)', build: (b) => b.total.gzip / KB },
  { id: 'totalBrotli', label: 'total JS, brotli (kB)', build: (b) => b.total.brotli / KB },
  { id: 'totalRaw', label: 'total JS, raw (kB)', build: (b) => b.total.raw / KB },
  {
    id: 'jsBeforeClick',
    label: 'JS fetched before the click, transferred (kB)',
    sample: (s) => s.jsEncoded / KB,
  },
  {
    id: 'jsBeforeClickDecoded',
    label: 'JS fetched before the click, decoded (kB)',
    sample: (s) => s.jsDecoded / KB,
  },
  {
    id: 'jsOnOpen',
    label: 'JS fetched by the click, transferred (kB)',
    sample: (s) => s.jsOnOpenEncoded / KB,
  },
  { id: 'dcl', label: 'DOMContentLoaded (ms)', sample: (s) => s.domContentLoaded },
  {
    id: 'content',
    label: 'click → first view content visible (ms)',
    sample: (s) => s.contentVisible,
  },
  { id: 'row', label: 'click → first wallet row visible (ms)', sample: (s) => s.rowVisible },
  { id: 'settled', label: 'click → settled (ms)', sample: (s) => s.settled },
  {
    id: 'longTotal',
    label: 'long tasks, total from navigation (ms)',
    sample: (s) => s.longTaskTotal,
  },
  { id: 'longOpen', label: 'long tasks after the click (count)', sample: (s) => s.longTasksOnOpen },
  { id: 'longOpenMs', label: 'long tasks after the click (ms)', sample: (s) => s.longTaskOnOpenMs },
  { id: 'heap', label: 'JS heap after open, after GC (MiB)', sample: (s) => s.heapUsed / MIB },
  {
    id: 'outsideLoad',
    label: 'requests to other hosts before the click (blocked)',
    sample: outsideIn('load'),
  },
  {
    id: 'outsideOpen',
    label: 'requests to other hosts after the click (blocked)',
    sample: outsideIn('open'),
  },
]

const fmt = (value) => {
  if (value === null) return '–'
  if (Number.isInteger(value)) return String(value)
  if (Math.abs(value) >= 100) return value.toFixed(0)
  if (Math.abs(value) >= 10) return value.toFixed(1)
  return value.toFixed(2)
}

/** Per app and metric: { median, min, max, missing } (exact value for build metrics). */
export function summarize(apps, built, samples) {
  const table = new Map()
  for (const app of apps) {
    const row = new Map()
    for (const metric of METRICS) {
      if (metric.build) {
        const value = metric.build(built.get(app.key))
        row.set(metric.id, { median: value, min: value, max: value, missing: 0, exact: true })
        continue
      }
      const values = samples.get(app.key).map(metric.sample)
      const present = values.filter((v) => v !== null && v !== undefined)
      row.set(metric.id, {
        median: median(present),
        min: present.length ? Math.min(...present) : null,
        max: present.length ? Math.max(...present) : null,
        missing: values.length - present.length,
      })
    }
    table.set(app.key, row)
  }
  return table
}

const cell = (stat, runs) => {
  if (stat.exact) return fmt(stat.median)
  if (stat.median === null) return `never (${stat.missing}/${runs})`
  const range = stat.min === stat.max ? '' : ` [${fmt(stat.min)}–${fmt(stat.max)}]`
  return `${fmt(stat.median)}${range}${stat.missing ? ` (${stat.missing}/${runs} never)` : ''}`
}

const ratio = (ours, theirs) => {
  if (ours === null || theirs === null) return '–'
  if (theirs === 0) return ours === 0 ? '= (0)' : `${fmt(ours)} vs 0`
  if (ours === 0) return `0 vs ${fmt(theirs)}`
  return `${(ours / theirs).toFixed(2)}×`
}

export function renderReport({ apps, built, samples, sendSamples = new Map(), runs, environment }) {
  const table = summarize(apps, built, samples)
  const byKey = new Map(apps.map((a) => [a.key, a]))
  const lines = []
  lines.push('# OpenModal benchmark')
  lines.push('')
  lines.push(
    `${environment.date} · ${runs} runs per app, interleaved · Chromium ${environment.chromium} ` +
      `headless · Node ${environment.node} · ${environment.cpu}`,
  )
  lines.push('')
  lines.push(
    `Competitors: ${Object.entries(environment.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}. Method: bench/README.md.`,
  )
  lines.push('')
  lines.push('## Every metric: median [min–max]')
  lines.push('')
  lines.push(`| metric | ${apps.map((a) => a.label).join(' | ')} |`)
  lines.push(`| --- | ${apps.map(() => '---:').join(' | ')} |`)
  for (const metric of METRICS) {
    const cells = apps.map((a) => cell(table.get(a.key).get(metric.id), runs))
    lines.push(`| ${metric.label} | ${cells.join(' | ')} |`)
  }
  lines.push('')

  const pairs = RATIOS.flatMap(({ ours, competitors }) =>
    competitors.filter((c) => byKey.has(c) && byKey.has(ours)).map((c) => [ours, c]),
  )
  if (pairs.length) {
    lines.push('## Ratios: ours ÷ competitor (medians; below 1× is better for ours)')
    lines.push('')
    const heads = pairs.map(
      ([o, c]) => `${byKey.get(o).label.split(' ')[0]} ÷ ${byKey.get(c).label}`,
    )
    lines.push(`| metric | ${heads.join(' | ')} |`)
    lines.push(`| --- | ${heads.map(() => '---:').join(' | ')} |`)
    for (const metric of METRICS) {
      const cells = pairs.map(([o, c]) =>
        ratio(table.get(o).get(metric.id).median, table.get(c).get(metric.id).median),
      )
      lines.push(`| ${metric.label} | ${cells.join(' | ')} |`)
    }
    lines.push('')
  }

  if (byKey.has('a') && byKey.has('d')) {
    const a = (id) => table.get('a').get(id)
    const d = (id) => table.get('d').get(id)
    const mark = (ok) => (ok ? 'met' : '**not met**')
    const over = a('initialGzip').median - d('initialGzip').median
    const rowRatio =
      a('row').median !== null && d('row').median ? a('row').median / d('row').median : null
    const outsideA = ['outsideLoad', 'outsideOpen'].reduce((n, id) => n + a(id).max, 0)
    lines.push('## Targets (issue #4), app (a) against the floor (d) in this run')
    lines.push('')
    lines.push('| target | where we stand | |')
    lines.push('| --- | --- | --- |')
    lines.push(
      `| initial JS ≤ floor + 35 kB gzip | floor + ${fmt(over)} kB (${fmt(a('initialGzip').median)} vs ${fmt(d('initialGzip').median)}) | ${mark(over <= 35)} |`,
    )
    lines.push(
      `| click → wallet row visible ≤ 2× floor | ${fmt(a('row').median)} ms vs ${fmt(d('row').median)} ms = ${rowRatio === null ? '–' : `${rowRatio.toFixed(2)}×`} | ${mark(rowRatio !== null && rowRatio <= 2)} |`,
    )
    lines.push(
      `| heap after open ≤ 4 MiB | ${fmt(a('heap').median)} MiB (floor ${fmt(d('heap').median)} MiB, difference ${fmt(a('heap').median - d('heap').median)} MiB) | ${mark(a('heap').median <= 4)} |`,
    )
    lines.push(
      `| zero long tasks on open | max ${fmt(a('longOpen').max)} over ${runs} runs | ${mark(a('longOpen').max === 0)} |`,
    )
    lines.push(
      `| zero outside requests | max ${fmt(a('outsideLoad').max)} before the click, ${fmt(a('outsideOpen').max)} after | ${mark(outsideA === 0)} |`,
    )
    lines.push('')
  }

  const withSend = apps.filter((app) => sendSamples.get(app.key)?.length)
  if (withSend.length) {
    lines.push('## Click Send → Send view visible (issue 15), against click → Connect')
    lines.push('')
    lines.push(
      'Connected dev wallet, Account view open and settled; from the Send click to the first frame showing the amount field (the lazy Send group loaded). The Connect columns are the same rounds of the table above.',
    )
    lines.push('')
    lines.push(
      '| app | click Send → Send view (ms) | JS fetched by the Send click, transferred (kB) | click → first view content (ms) | click → first wallet row (ms) |',
    )
    lines.push('| --- | ---: | ---: | ---: | ---: |')
    for (const app of withSend) {
      const list = sendSamples.get(app.key)
      const stat = (pick) => {
        const values = list.map(pick)
        const present = values.filter((v) => v !== null && v !== undefined)
        return {
          median: median(present),
          min: present.length ? Math.min(...present) : null,
          max: present.length ? Math.max(...present) : null,
          missing: values.length - present.length,
        }
      }
      const row = table.get(app.key)
      lines.push(
        `| ${app.label} | ${cell(
          stat((s) => s.sendVisible),
          runs,
        )} | ${cell(
          stat((s) => (s.jsOnSendEncoded === null ? null : s.jsOnSendEncoded / KB)),
          runs,
        )} | ${cell(row.get('content'), runs)} | ${cell(row.get('row'), runs)} |`,
      )
    }
    lines.push('')
  }

  lines.push('## Notes')
  lines.push('')
  for (const app of apps) {
    const forbidden = [...new Set(built.get(app.key).forbidden.map((f) => f.rule))]
    const hosts = [
      ...new Set(samples.get(app.key).flatMap((s) => s.outside.map((o) => new URL(o.url).host))),
    ]
    const errors = samples.get(app.key).reduce((n, s) => n + s.errors.length, 0)
    const parts = []
    if (app.note) parts.push(app.note)
    parts.push(
      forbidden.length
        ? `initial chunks include ${forbidden.join(', ')} modules`
        : 'no WalletConnect, Solana, QR or ENS module in initial chunks',
    )
    if (hosts.length) parts.push(`blocked hosts: ${hosts.join(', ')}`)
    if (errors) parts.push(`${errors} page errors over ${runs} runs`)
    lines.push(`- **${app.label}**: ${parts.join('; ')}.`)
  }
  lines.push(
    `- Settled = ${PROBE_OPTIONS.quietMs} ms and ≥ ${PROBE_OPTIONS.minQuietFrames} frames without change; ` +
      `runs that did not settle within ${PROBE_OPTIONS.timeoutMs / 1000} s count as "never".`,
  )
  lines.push('')
  return lines.join('\n')
}
