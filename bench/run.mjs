#!/usr/bin/env node
// `pnpm bench`: OpenModal's reference apps against AppKit, RainbowKit and ConnectKit, built the
// same way and measured in the same headless Chromium, interleaved. Method: bench/README.md.
//
//   node bench/run.mjs [--runs 7] [--only a,d,appkit] [--no-install] [--no-build] [--save]
//
// --save also writes the table to bench/RESULTS.md (the committed copy).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { buildApp, buildReferenceApps } from '../apps/size/build.mjs'
import { CHROMIUM_ARGS, chromiumPath } from '../tools/chromium.mjs'
import { APPS } from './config.mjs'
import { freePort, measureOnce, measureSendOnce } from './lib/measure.mjs'
import { renderReport } from './lib/report.mjs'
import { serveStatic } from './lib/static-server.mjs'

const BENCH = import.meta.dirname
const ROOT = join(BENCH, '..')
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    only: { type: 'string' },
    'no-install': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    save: { type: 'boolean', default: false },
  },
})
const RUNS = Number(args.runs)
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive integer`)
const apps = args.only ? APPS.filter((app) => args.only.split(',').includes(app.key)) : APPS

function run(command, commandArgs, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      cwd,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')}: ${code}`)),
    )
  })
}

const step = (text) => console.log(`\n› ${text}`)

// 1. Competitors' dependencies, pinned in bench/package.json + bench/pnpm-lock.yaml.
if (!args['no-install']) {
  step('installing bench dependencies (bench/, outside the workspace)')
  const frozen = existsSync(join(BENCH, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : []
  await run(
    'pnpm',
    [
      'install',
      '--ignore-workspace',
      ...frozen,
      '--reporter=append-only',
      '--config.confirmModulesPurge=false',
    ],
    BENCH,
  )
}

// 2. Builds: ours through apps/size (after turbo builds the packages it consumes), the
// competitors with the same buildApp.
const built = new Map()
if (!args['no-build']) {
  step('building the OpenModal packages (turbo) and the reference apps (apps/size)')
  await run(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@openmodal/size...',
      '--filter=@openmodal/testing',
      '--output-logs=errors-only',
    ],
    ROOT,
  )
}
const ours = args['no-build']
  ? JSON.parse(readFileSync(join(ROOT, 'apps/size/dist/report.json'), 'utf8'))
  : await buildReferenceApps()
for (const app of apps.filter((a) => a.reference)) {
  const report = ours.find((r) => r.name === app.reference)
  built.set(app.key, {
    dist: report.dist,
    initial: report.initial,
    total: report.total,
    forbidden: report.forbidden,
  })
}
for (const app of apps.filter((a) => a.app)) {
  const outDir = join(BENCH, 'dist', app.app)
  if (args['no-build'] && existsSync(join(outDir, 'report.json'))) {
    built.set(app.key, JSON.parse(readFileSync(join(outDir, 'report.json'), 'utf8')))
    continue
  }
  step(`building ${app.label}`)
  const started = performance.now()
  const { analysis, forbidden } = await buildApp({
    root: join(BENCH, 'apps', app.app),
    outDir,
    config: { logLevel: 'error', ...app.viteConfig },
  })
  console.log(`  built in ${Math.round(performance.now() - started)} ms`)
  const entry = { dist: outDir, initial: analysis.initial, total: analysis.total, forbidden }
  writeFileSync(join(outDir, 'report.json'), JSON.stringify(entry))
  built.set(app.key, entry)
}

// 3. One loopback server per build; 4. the browser, with every other host blocked.
const devWallet = join(ROOT, 'packages/testing/dist/dev-wallet.iife.js')
if (!existsSync(devWallet))
  throw new Error(`${devWallet} is missing (turbo build of @openmodal/testing)`)
const servers = new Map()
for (const app of apps) servers.set(app.key, await serveStatic(built.get(app.key).dist))
// Defence in depth: a proxy on a closed loopback port, so a request that escaped the routes
// (a worker, an IP literal) fails here instead of leaving the machine. Chromium never
// proxies loopback itself.
const deadProxy = await freePort()
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [...CHROMIUM_ARGS, `--proxy-server=http://127.0.0.1:${deadProxy}`],
  headless: true,
})
const samples = new Map(apps.map((app) => [app.key, []]))
const sendSamples = new Map(apps.filter((app) => app.send).map((app) => [app.key, []]))
try {
  step(`measuring ${apps.length} apps × ${RUNS} runs, interleaved (Chromium ${browser.version()})`)
  for (let round = 0; round < RUNS; round++) {
    // Rotate the order every round so no app always runs first (or right after another).
    const order = apps.map((_, i) => apps[(i + round) % apps.length])
    for (const app of order) {
      const sample = await measureOnce(browser, {
        origin: servers.get(app.key).origin,
        app,
        devWallet,
      })
      samples.get(app.key).push(sample)
      const show = (v) => (v === null ? '–' : `${Math.round(v)}`)
      console.log(
        `  round ${round + 1}/${RUNS} ${app.label.padEnd(28)} row ${show(sample.rowVisible)} ms, ` +
          `settled ${show(sample.settled)} ms, outside ${sample.outside.length}` +
          (sample.errors.length ? `, ${sample.errors.length} page errors` : ''),
      )
      if (app.send) {
        const send = await measureSendOnce(browser, {
          origin: servers.get(app.key).origin,
          app,
          devWallet,
        })
        sendSamples.get(app.key).push(send)
        console.log(
          `  round ${round + 1}/${RUNS} ${app.label.padEnd(28)} click Send → view ${show(send.sendVisible)} ms` +
            (send.errors.length ? `, ${send.errors.join('; ')}` : ''),
        )
      }
    }
  }
} finally {
  await browser.close()
  for (const server of servers.values()) await server.close()
}

// 5. The report.
const versions = {}
for (const name of [
  '@reown/appkit',
  '@reown/appkit-adapter-wagmi',
  '@reown/appkit-adapter-solana',
  '@rainbow-me/rainbowkit',
  'connectkit',
  'wagmi',
  'viem',
  'react',
  'react-18',
]) {
  const file = join(BENCH, 'node_modules', name, 'package.json')
  if (existsSync(file)) versions[name] = JSON.parse(readFileSync(file, 'utf8')).version
}
const markdown = renderReport({
  apps,
  built,
  samples,
  sendSamples,
  runs: RUNS,
  environment: {
    date: new Date().toISOString(),
    node: process.version,
    chromium: browser.version(),
    cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    versions,
  },
})
console.log(`\n${markdown}`)
const results = join(BENCH, 'results')
mkdirSync(results, { recursive: true })
writeFileSync(join(results, 'latest.md'), markdown)
writeFileSync(
  join(results, 'latest.json'),
  JSON.stringify(
    {
      built: Object.fromEntries(built),
      samples: Object.fromEntries(samples),
      sendSamples: Object.fromEntries(sendSamples),
    },
    null,
    2,
  ),
)
if (args.save) {
  writeFileSync(join(BENCH, 'RESULTS.md'), markdown)
  // The committed copy is linted with the rest of the repository: format it as Biome would.
  await run('pnpm', ['exec', 'biome', 'format', '--write', 'bench/RESULTS.md'], ROOT)
}
console.log(`\nwrote bench/results/latest.md${args.save ? ' and bench/RESULTS.md' : ''}`)
