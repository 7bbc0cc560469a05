#!/usr/bin/env node
// Builds the reference apps with Vite's JS API (production mode, build manifest on) and
// analyses each build: initial JS (what index.html loads before any user action, with static
// imports followed transitively) and total JS, raw / gzip / brotli. Writes dist/report.json.
// bench/run.mjs builds the competitors' apps with `buildApp` too, so every app in a comparison
// goes through the same Vite version and the same options.
//
//   node build.mjs            build them all, print the table
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { analyzeBuild, forbiddenModules, kB } from './lib/analyze.mjs'

const HERE = dirname(fileURLToPath(import.meta.url))
/** packages/cdn: its own Vite config builds dist/openmodal.js and the chunks beside it. */
const CDN = join(HERE, '..', '..', 'packages', 'cdn')
export const DIST = join(HERE, 'dist')
export const BUDGETS = JSON.parse(readFileSync(join(HERE, 'size-budgets.json'), 'utf8'))

/**
 * The reference apps. `pending` lists what an app will add once the package exists; until
 * then it is built with what exists (an app's entry says the same in a TODO).
 */
export const REFERENCE_APPS = [
  {
    id: 'a',
    name: 'react-evm',
    title: '(a) React + OpenModal, EVM',
    pending: [],
  },
  {
    id: 'b',
    name: 'react-evm-solana',
    title: '(b) React + OpenModal, EVM + Solana',
    pending: [],
  },
  {
    id: 'f',
    name: 'react-evm-bitcoin',
    title: '(f) React + OpenModal, EVM + Bitcoin',
    pending: [],
  },
  { id: 'c', name: 'html', title: '(c) plain HTML + elements', pending: [] },
  {
    id: 'f',
    name: 'cdn',
    title: '(g) plain HTML + the CDN file (@openmodal/cdn)',
    pending: [],
    build: 'cdn',
  },
  {
    id: 'h',
    name: 'react-evm-connectors',
    title: '(h) (a) + the Safe app and Coinbase Wallet connectors',
    pending: [],
  },
  {
    id: 'i',
    name: 'react-evm-wagmi',
    title: '(i) (a) + wagmi 2 through @openmodal/wagmi',
    pending: [],
  },
  {
    id: 'e',
    name: 'react-every-option',
    title: '(e) React + OpenModal, EVM + Solana, every option on',
    pending: [],
  },
  {
    id: 'a0',
    name: 'react-core',
    title: '(a) without its adapter (base of the EVM budget)',
    pending: [],
  },
  { id: 'd', name: 'floor', title: '(d) React + hand-written dialog (floor)', pending: [] },
]

/** Records every output chunk with its module ids (the manifest does not carry them). */
function captureChunks(chunks) {
  return {
    name: 'openmodal-size-capture',
    enforce: 'post',
    writeBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          moduleIds: [...(output.moduleIds ?? Object.keys(output.modules))],
          // Only when the build asks for source maps (`explain.mjs` does).
          map: output.map ? { sources: output.map.sources, mappings: output.map.mappings } : null,
        })
      }
    },
  }
}

/**
 * The initial files by the manifest: every entry and its `imports`, transitively
 * (`dynamicImports` are on demand).
 */
export function manifestInitialFiles(manifest) {
  const files = new Set()
  const visit = (key) => {
    const entry = manifest[key]
    if (!entry || files.has(entry.file)) return
    files.add(entry.file)
    for (const next of entry.imports ?? []) visit(next)
  }
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key)
  return files
}

/**
 * The forbidden-module rules that bind `app`: every rule but those listing it in
 * `exceptApps` (all rules for an app without a name, e.g. a fixture or a competitor).
 *
 * @example forbiddenRulesFor('react-evm').map((r) => r.name) // ['WalletConnect', 'Solana', …]
 */
export function forbiddenRulesFor(app) {
  return BUDGETS.forbiddenInInitial.filter((rule) => !app || !rule.exceptApps?.includes(app))
}

/**
 * Builds one app folder (index.html + entry) into `outDir` and analyses it. `forbidden` are
 * the modules of the initial chunks that `app`'s rules forbid; `found` names every rule whose
 * modules are in the build at all (exceptions ignored), in initial and in lazy chunks.
 *
 * @example const report = await buildApp({ root: 'reference/floor', outDir: 'dist/floor' })
 */
export async function buildApp({ root, outDir, config = {}, app }) {
  const chunks = []
  await build({
    root,
    configFile: false,
    envDir: false,
    mode: 'production',
    logLevel: 'warn',
    base: './',
    oxc: { jsx: { runtime: 'automatic' } },
    ...config,
    plugins: [...(config.plugins ?? []), captureChunks(chunks)],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      reportCompressedSize: false,
      ...config.build,
    },
  })
  for (const chunk of chunks) chunk.code = readFileSync(join(outDir, chunk.fileName), 'utf8')
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
  const analysis = analyzeBuild(chunks, html)
  // The page and the manifest must agree on what loads first; a difference means the
  // analysis is wrong, not the app.
  const fromManifest = [...manifestInitialFiles(manifest)].sort()
  if (fromManifest.join() !== analysis.initialFiles.join()) {
    throw new Error(
      `${relative(process.cwd(), outDir)}: index.html loads ${analysis.initialFiles.join(', ')}` +
        ` but the manifest's entries import ${fromManifest.join(', ')}`,
    )
  }
  return { outDir, chunks, analysis, ...findRules(chunks, analysis, app) }
}

/**
 * Builds the CDN file of `@openmodal/cdn` with its own Vite config into `outDir` and analyses
 * it as the page of its README loads it: one `<script type="module" src="openmodal.js">`
 * (plus the page's own few lines, not counted), everything else on demand.
 *
 * `sourcemap: 'hidden'` adds maps without changing the files (`explain.mjs`).
 *
 * @example const report = await buildCdn({ outDir: 'dist/cdn', app: 'cdn' })
 */
export async function buildCdn({ outDir, app, sourcemap = false }) {
  const chunks = []
  await build({
    root: CDN,
    configFile: join(CDN, 'vite.config.ts'),
    envDir: false,
    logLevel: 'warn',
    plugins: [captureChunks(chunks)],
    build: { outDir, emptyOutDir: true, sourcemap },
  })
  for (const chunk of chunks) chunk.code = readFileSync(join(outDir, chunk.fileName), 'utf8')
  const analysis = analyzeBuild(chunks, '<script type="module" src="./openmodal.js"></script>')
  if (analysis.roots.join() !== 'openmodal.js') throw new Error(`${outDir}: no openmodal.js`)
  return { outDir, chunks, analysis, ...findRules(chunks, analysis, app) }
}

/**
 * `forbidden`: the modules of the initial chunks that `app`'s rules forbid; `found`: every
 * rule whose modules are in the build at all (exceptions ignored), in initial and lazy chunks.
 */
function findRules(chunks, analysis, app) {
  const forbidden = forbiddenModules(chunks, analysis.initialFiles, forbiddenRulesFor(app))
  const initial = new Set(analysis.initialFiles)
  const lazyFiles = analysis.allFiles.filter((file) => !initial.has(file))
  const rulesIn = (files) => {
    const hits = forbiddenModules(chunks, files, BUDGETS.forbiddenInInitial)
    const names = [...new Set(hits.map((hit) => hit.rule))].sort()
    // gzip of the chunks holding each rule's modules: where that code loads, and its weight.
    return Object.fromEntries(
      names.map((name) => {
        const files = [...new Set(hits.filter((h) => h.rule === name).map((h) => h.file))]
        const gzip = files.reduce((sum, file) => sum + analysis.sizes.get(file).gzip, 0)
        return [name, { files: files.sort(), gzip }]
      }),
    )
  }
  const found = { initial: rulesIn(analysis.initialFiles), lazy: rulesIn(lazyFiles) }
  return { forbidden, found }
}

/** Builds the reference apps into dist/<name>/ and writes dist/report.json. */
export async function buildReferenceApps({ log = console.log } = {}) {
  const results = []
  for (const app of REFERENCE_APPS) {
    const started = performance.now()
    const outDir = join(DIST, app.name)
    const { analysis, chunks, forbidden, found } =
      app.build === 'cdn'
        ? await buildCdn({ outDir, app: app.name })
        : await buildApp({ root: join(HERE, 'reference', app.name), outDir, app: app.name })
    log(`built ${app.title} in ${Math.round(performance.now() - started)} ms`)
    results.push({
      ...app,
      dist: join(DIST, app.name),
      initial: analysis.initial,
      total: analysis.total,
      initialFiles: analysis.initialFiles,
      initialModules: chunks
        .filter((chunk) => analysis.initialFiles.includes(chunk.fileName))
        .reduce((sum, chunk) => sum + chunk.moduleIds.length, 0),
      allFiles: analysis.allFiles,
      forbidden,
      found,
    })
  }
  writeFileSync(join(DIST, 'report.json'), `${JSON.stringify(results, null, 2)}\n`)
  return results
}

/** A Markdown table of the builds, sizes in kB (1000 bytes). */
export function sizeTable(results) {
  const floor = results.find((r) => r.name === 'floor')
  const over = (bytes, base) => (base === undefined ? '' : ` (+${kB(bytes - base)})`)
  const rows = results.map((r) =>
    [
      r.title,
      `${kB(r.initial.raw)} / ${kB(r.initial.gzip)}${over(r.initial.gzip, floor?.initial.gzip)} / ${kB(r.initial.brotli)}`,
      `${kB(r.total.raw)} / ${kB(r.total.gzip)}${over(r.total.gzip, floor?.total.gzip)} / ${kB(r.total.brotli)}`,
      `${r.initialFiles.length} / ${r.allFiles.length}`,
      r.forbidden.length ? `${r.forbidden.length} forbidden` : 'none',
    ].join(' | '),
  )
  return [
    '| app | initial JS raw / gzip (over floor) / brotli | total JS raw / gzip (over floor) / brotli | files initial / all | forbidden in initial |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await buildReferenceApps()
  console.log(sizeTable(results))
}
