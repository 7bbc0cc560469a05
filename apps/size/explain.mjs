#!/usr/bin/env node
// What a reference app's JS is made of: builds the app as the size check does (same Vite
// options, plus hidden source maps, which do not change the emitted code) and prints, per
// package or per module, how many bytes of the initial JS (or of every chunk) it accounts for.
//
//   node explain.mjs react-evm              initial JS per package, then the biggest modules
//   node explain.mjs react-evm --all        every chunk, not only the initial ones
//   node explain.mjs react-evm --chunks     one table per chunk, with the chunks it imports
//   node explain.mjs react-evm --top 60     show 60 modules (default 40)
//   node explain.mjs react-evm --json       the rows as JSON
//
// Columns: raw = minified bytes; gzip = share of the files' real gzip size (each group
// compressed on its own, scaled to add up to the file); saves = gzip bytes the file would lose
// without that group, the gain to expect from moving it behind import().
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { buildApp, buildCdn, DIST, REFERENCE_APPS } from './build.mjs'
import { kB } from './lib/analyze.mjs'
import { groupChunk, gzipShares } from './lib/explain.mjs'

const HERE = import.meta.dirname
const ROOT = join(HERE, '..', '..')

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    all: { type: 'boolean', default: false },
    chunks: { type: 'boolean', default: false },
    top: { type: 'string', default: '40' },
    json: { type: 'boolean', default: false },
  },
})

const names = positionals.length ? positionals : ['react-evm']
const known = REFERENCE_APPS.map((app) => app.name)
for (const name of names) {
  if (!known.includes(name)) {
    console.error(`unknown app ${name}; the reference apps are ${known.join(', ')}`)
    process.exit(1)
  }
}

const shortPath = (file) =>
  file.startsWith('/')
    ? relative(ROOT, file).replace(/^(\.\.\/)*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    : file

function table(title, rows, label, limit = Number.POSITIVE_INFINITY) {
  const shown = rows.slice(0, limit)
  const rest = rows.slice(limit)
  const lines = [
    `\n${title}`,
    `| ${label} | raw | gzip | saves |`,
    '| --- | ---: | ---: | ---: |',
    ...shown.map((r) => `| ${r.group} | ${kB(r.raw)} | ${kB(r.gzip)} | ${kB(r.removed ?? 0)} |`),
  ]
  if (rest.length) {
    const sum = (key) => rest.reduce((total, r) => total + (r[key] ?? 0), 0)
    lines.push(`| … ${rest.length} more | ${kB(sum('raw'))} | ${kB(sum('gzip'))} | |`)
  }
  return lines.join('\n')
}

/** Merges per-file groups: gzip shares and savings are per file, so they add up across files. */
function mergeRows(perFile) {
  const merged = new Map()
  for (const rows of perFile) {
    for (const row of rows) {
      const into = merged.get(row.group) ?? { group: row.group, raw: 0, gzip: 0, removed: 0 }
      into.raw += row.raw
      into.gzip += row.gzip
      into.removed += row.removed ?? 0
      merged.set(row.group, into)
    }
  }
  return [...merged.values()].sort((a, b) => b.gzip - a.gzip || a.group.localeCompare(b.group))
}

const report = {}
for (const name of names) {
  const outDir = join(DIST, 'explain', name)
  const { chunks, analysis } =
    REFERENCE_APPS.find((app) => app.name === name)?.build === 'cdn'
      ? await buildCdn({ outDir, sourcemap: 'hidden' })
      : await buildApp({
          root: join(HERE, 'reference', name),
          outDir,
          config: { build: { sourcemap: 'hidden' } },
        })
  const files = new Set(values.all ? analysis.allFiles : analysis.initialFiles)
  const cache = new Map()
  const perPackage = []
  const perModule = []
  const perChunk = []
  for (const chunk of chunks) {
    if (!files.has(chunk.fileName)) continue
    const { modules, packages } = groupChunk(chunk, outDir, { cache })
    const shortModules = new Map([...modules].map(([file, text]) => [shortPath(file), text]))
    const packageRows = gzipShares(packages)
    const moduleRows = gzipShares(shortModules, { removal: !values.all })
    perPackage.push(packageRows)
    perModule.push(moduleRows)
    perChunk.push({
      file: chunk.fileName,
      imports: chunk.imports,
      size: analysis.sizes.get(chunk.fileName),
      moduleRows,
    })
  }
  const packages = mergeRows(perPackage)
  const modules = mergeRows(perModule)
  const sum = [...files].reduce((total, file) => total + analysis.sizes.get(file).gzip, 0)
  report[name] = { files: [...files].sort(), gzip: sum, packages, modules }
  if (values.json) continue

  const what = values.all ? 'all JS' : 'initial JS'
  console.log(`\n## ${name}: ${what} ${kB(sum)} gzip in ${files.size} files`)
  for (const file of [...files].sort()) {
    const size = analysis.sizes.get(file)
    console.log(`- ${file}: ${kB(size.raw)} raw, ${kB(size.gzip)} gzip`)
  }
  console.log(table(`### ${what} per package`, packages, 'package'))
  if (values.chunks) {
    for (const { file, imports, size, moduleRows } of perChunk) {
      const title = `### ${file} (${kB(size.gzip)} gzip; imports ${imports.join(', ') || 'nothing'})`
      console.log(table(title, moduleRows, 'module', Number(values.top)))
    }
  } else {
    console.log(table(`### ${what} per module`, modules, 'module', Number(values.top)))
  }
}
if (values.json) console.log(JSON.stringify(report, null, 2))
