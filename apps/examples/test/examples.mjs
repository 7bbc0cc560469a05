// The consumer test's steps: pack the published packages, find the examples, copy one to a
// temporary folder, install it from the tarballs (offline: the loopback registry of
// registry.mjs plus the pnpm store), build it, start it.
import { execFileSync } from 'node:child_process'
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { EXAMPLES, HOST, ROOT, run, startServer } from './util.mjs'

/** The `@openmodal/*` packages that are published: every packages/* not marked private. */
export async function publishedPackages() {
  const found = []
  for (const entry of (await readdir(join(ROOT, 'packages'))).sort()) {
    const dir = join(ROOT, 'packages', entry)
    const manifest = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined)
    if (!manifest) continue
    const { name, private: isPrivate } = JSON.parse(manifest)
    if (!isPrivate) found.push({ name, dir })
  }
  return found
}

/**
 * `pnpm pack` of every published package into `destination` (their `workspace:` ranges
 * become versions there); resolves with `[{ name, file, bytes }]` (`bytes`: the packed size).
 */
export async function packAll(destination) {
  await mkdir(destination, { recursive: true })
  const pack = async ({ name, dir }) => {
    const { output } = await run('pnpm', ['pack', '--pack-destination', destination], { cwd: dir })
    const file = output
      .trim()
      .split('\n')
      .map((line) => line.trim())
      .findLast((line) => line.endsWith('.tgz'))
    if (!file) throw new Error(`pnpm pack printed no tarball for ${name}:\n${output}`)
    return { name, file, bytes: (await stat(file)).size }
  }
  // Two at a time: most of a pack is pnpm starting up, and the machine has two cores.
  const queue = await publishedPackages()
  const packed = []
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) packed.push(await pack(next))
  }
  await Promise.all([worker(), worker()])
  return packed.sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The examples: every folder of apps/examples with a package.json that has `build` and
 * `start` scripts. Optional settings come from its `"openmodal-example"` field:
 * `{ ssr?: boolean, path?: string, button?: string, wagmi?: boolean, solana?: boolean, appkit?: boolean, ethers?: boolean }` (see the README).
 */
export async function discoverExamples() {
  const examples = []
  for (const entry of (await readdir(EXAMPLES, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!entry.isDirectory() || entry.name === 'node_modules') continue
    const dir = join(EXAMPLES, entry.name)
    const text = await readFile(join(dir, 'package.json'), 'utf8').catch(() => undefined)
    if (!text) continue
    const manifest = JSON.parse(text)
    if (!manifest.scripts?.build || !manifest.scripts?.start) continue
    const settings = manifest['openmodal-example'] ?? {}
    examples.push({
      name: entry.name,
      dir,
      manifest,
      ssr: settings.ssr === true,
      path: settings.path ?? '/',
      wagmi: settings.wagmi === true,
      solana: settings.solana === true,
      appkit: settings.appkit === true,
      ethers: settings.ethers === true,
      button: settings.button ?? 'w3m-button',
    })
  }
  return examples
}

/** What a copy leaves out: installs and build output of a developer's own runs. */
const LEFT_OUT = new Set(['node_modules', 'dist', '.next', '.svelte-kit', '.turbo'])

/**
 * Copies an example to `<work>/<name>` and points its `@openmodal/*` dependencies at the
 * tarballs with pnpm `overrides` (which also reach the packages' dependencies on each other).
 */
export async function copyExample(example, work, tarballs) {
  const target = join(work, example.name)
  await cp(example.dir, target, {
    recursive: true,
    filter: (source) => !LEFT_OUT.has(relative(example.dir, source).split('/')[0]),
  })
  const manifest = { ...example.manifest }
  const overrides = {}
  for (const { name, file } of tarballs) overrides[name] = `file:${relative(target, file)}`
  manifest.pnpm = { ...manifest.pnpm, overrides: { ...manifest.pnpm?.overrides, ...overrides } }
  await writeFile(join(target, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return target
}

/** The workspace's pnpm store, where the root install put every package the examples use. */
export function storeDir() {
  return execFileSync('pnpm', ['store', 'path'], { cwd: ROOT, encoding: 'utf8' }).trim()
}

/**
 * `pnpm install` of a copied example against the loopback registry and the workspace's
 * store, with a cache of its own (nothing read from or written to the user's).
 */
export function install(dir, { registry, store, cache }) {
  return run(
    'pnpm',
    [
      'install',
      '--ignore-workspace',
      '--reporter=append-only',
      `--registry=${registry}/`,
      `--store-dir=${store}`,
      `--cache-dir=${cache}`,
      '--no-frozen-lockfile',
      '--config.confirmModulesPurge=false',
    ],
    { cwd: dir, env: { CI: 'true' } },
  )
}

/** Telemetry off for the tools the examples build with. */
export const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: '1', TURBO_TELEMETRY_DISABLED: '1' }

/** `pnpm run build` of an installed example, with `env` (the RPC URL) set. */
export function build(dir, env) {
  return run('pnpm', ['run', 'build'], { cwd: dir, env: { ...QUIET_ENV, ...env } })
}

/** `pnpm run start` on `port`; resolves once the page answers. */
export function start(dir, port, env, path = '/') {
  return startServer('pnpm', ['run', 'start'], {
    cwd: dir,
    env: { ...QUIET_ENV, ...env, PORT: String(port), HOSTNAME: HOST },
    url: `http://${HOST}:${port}${path}`,
  })
}
