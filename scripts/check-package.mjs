// Checks the package in the current directory as a user receives it: packs it once with
// `pnpm pack` (workspace versions resolved), then checks the tarball with publint (--strict)
// and @arethetypeswrong/cli, plus what neither covers: the LICENSE, the registry metadata, no
// build or test files, dependencies that match what dist imports, and an installed dependency
// tree that accepts the lowest Node the root README names. Prints one line per
// package and exits 1 on any problem.
// Run by turbo as each package's `check:package` task (after its build), so by `pnpm test`.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises'
import { isBuiltin } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import semver from 'semver'

const run = promisify(execFile)
const ROOT = dirname(dirname(fileURLToPath(import.meta.url)))
const BIN = join(ROOT, 'node_modules', '.bin')
const REPOSITORY = 'git+https://github.com/openmodal/openmodal.git'
// Every package is ESM only, on purpose: a `require()` of it from CommonJS is attw's "ESM
// (dynamic import only)" note (Node >= 20.19 loads it through require(esm) all the same).
const ATTW_IGNORED_RULES = ['cjs-resolves-to-esm']

/** Runs a command; resolves to its exit code and output instead of throwing. */
async function exec(file, args, options = {}) {
  try {
    const { stdout, stderr } = await run(file, args, { maxBuffer: 16 << 20, ...options })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    return {
      code: error.code ?? 1,
      output: `${error.stdout ?? ''}${error.stderr ?? error.message}`,
    }
  }
}

// A bare module specifier in built code: import/export … from, import(), side-effect import,
// require.resolve (a path inside a package, such as a platform binary's).
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\.resolve\(\s*)['"]((?:@[\w-][\w.-]*\/)?[\w-][\w.-]*)(?:\/[^'"]*)?['"]/g

/**
 * The dependencies the packed dist imports must be exactly the declared runtime ones
 * (dependencies and peerDependencies): a missing one fails in the user's app, an unused one
 * costs every install.
 */
async function checkDependencies(pkg, files) {
  const imported = new Set()
  for (const file of files.filter((f) => f.startsWith('dist/') && /\.(js|d\.ts)$/.test(f))) {
    for (const [, name] of (await readFile(file, 'utf8')).matchAll(SPECIFIER)) {
      if (!isBuiltin(name) && name !== pkg.name) imported.add(name)
    }
  }
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ])
  return [
    ...[...imported]
      .filter((name) => !declared.has(name))
      .map((name) => `imports undeclared ${name}`),
    ...[...declared]
      .filter((name) => !imported.has(name))
      .map((name) => `unused dependency ${name}`),
  ]
}

/** What publint and attw do not check: metadata, LICENSE and the list of packed files. */
async function checkContents(pkg, files) {
  const problems = []
  const directory = `packages/${basename(process.cwd())}`
  if (pkg.license !== 'MIT') problems.push('license is not "MIT"')
  if (pkg.repository?.type !== 'git' || pkg.repository?.url !== REPOSITORY)
    problems.push(`repository is not { type: "git", url: "${REPOSITORY}" }`)
  if (pkg.repository?.directory !== directory)
    problems.push(`repository.directory is not ${directory}`)
  if (!pkg.homepage) problems.push('no homepage')
  if (!pkg.bugs?.url) problems.push('no bugs.url')
  if (!pkg.keywords?.length) problems.push('no keywords')
  if (pkg.publishConfig?.access !== 'public') problems.push('publishConfig.access is not "public"')
  if (!pkg.types) problems.push('no top-level types')

  const packed = new Set(files)
  if (!packed.has('LICENSE')) problems.push('LICENSE is not packed')
  else {
    const [own, root] = await Promise.all([
      readFile('LICENSE', 'utf8'),
      readFile(join(ROOT, 'LICENSE'), 'utf8'),
    ])
    if (own !== root) problems.push('LICENSE differs from the repository root LICENSE')
  }
  for (const file of files) {
    if (file.endsWith('.tsbuildinfo')) problems.push(`build state packed: ${file}`)
    else if (/\.test\.[cm]?[jt]sx?$/.test(file)) problems.push(`test file packed: ${file}`)
    // src/ ships only as the source that dist's source maps and declaration maps point to.
    else if (file.startsWith('src/')) {
      const built = file.replace(/^src\//, 'dist/').replace(/\.tsx?$/, '.js')
      if (built === file || !packed.has(built))
        problems.push(`source file not built to dist: ${file}`)
    }
  }
  // ...and every source a packed map names is packed, so debuggers and go-to-definition find it.
  for (const file of files.filter((f) => f.endsWith('.map'))) {
    const { sources = [] } = JSON.parse(await readFile(file, 'utf8'))
    for (const source of sources) {
      const target = posix.join(posix.dirname(file), source)
      if (!packed.has(target)) problems.push(`${file} names a source not packed: ${target}`)
    }
  }
  return [...problems, ...(await checkDependencies(pkg, files)), ...(await checkEngines(pkg))]
}

/**
 * Packages whose tree is known to name a newer Node and was checked to run on the README's:
 * the reason is the review. Only test tooling belongs here, never what a dapp's page installs.
 */
const ENGINES_REVIEWED = {
  '@openmodal/testing':
    'litesvm (the local Solana cluster of the tests) pulls @solana/errors 8.4, which pins commander 15 (engines node >=22.12); the test tools run on Node 20 in CI all the same',
}

/** The lowest Node the root README promises ("only Node (20.19 or later)"). */
async function lowestNode() {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8')
  const found = /only Node \((\d+\.\d+) or later\)/.exec(readme)
  if (!found)
    throw new Error('README.md no longer names the lowest Node ("only Node (x.y or later)")')
  return `${found[1]}.0`
}

/** The folder of `name` as Node resolves it from `from` (nearest node_modules upwards). */
async function packageDir(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (await stat(join(candidate, 'package.json')).catch(() => null)) return realpath(candidate)
    if (dirname(dir) === dir) return null
  }
}

/**
 * Every package a user installs with this one (its runtime dependencies, transitively, as the
 * lockfile resolved them) must accept the lowest Node the README names: one that does not
 * makes npm print EBADENGINE on a supported Node.
 */
async function checkEngines(pkg) {
  if (ENGINES_REVIEWED[pkg.name]) return []
  const node = await lowestNode()
  const problems = []
  const seen = new Set()
  const visit = async (manifest, dir, via) => {
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ]
    for (const name of names) {
      const found = await packageDir(name, dir)
      if (!found || seen.has(found)) continue
      seen.add(found)
      const dependency = JSON.parse(await readFile(join(found, 'package.json'), 'utf8'))
      const range = dependency.engines?.node
      const path = [...via, `${dependency.name}@${dependency.version}`]
      if (range && !semver.satisfies(node, range)) {
        problems.push(`${path.join(' > ')} wants Node ${range}; the README promises ${node}`)
      }
      await visit(dependency, found, path)
    }
  }
  await visit(pkg, process.cwd(), [])
  return problems
}

const pkg = JSON.parse(await readFile('package.json', 'utf8'))
if (pkg.private) {
  console.log(`${pkg.name}: private, not checked`)
  process.exit(0)
}

const started = performance.now()
const temp = await mkdtemp(join(tmpdir(), 'openmodal-pack-'))
try {
  const packing = await exec('pnpm', ['pack', '--pack-destination', temp, '--json'])
  if (packing.code !== 0) {
    console.log(`${pkg.name}: FAILED, pnpm pack exited with ${packing.code}\n${packing.output}`)
    process.exit(1)
  }
  const { filename, files } = JSON.parse(packing.output.slice(packing.output.indexOf('{')))
  const paths = files.map((file) => file.path)

  // Plain-file exports (no conditions, such as a script for a browser page) are assets, not
  // modules with types.
  const assets = Object.entries(pkg.exports ?? {})
    .filter(([, target]) => typeof target === 'string')
    .map(([entry]) => entry)
  const attwArgs = [filename, '--format', 'ascii', '--no-color', '--no-emoji']
  attwArgs.push('--ignore-rules', ...ATTW_IGNORED_RULES)
  if (assets.length) attwArgs.push('--exclude-entrypoints', ...assets)

  const [contents, publint, attw, sizes] = await Promise.all([
    checkContents(pkg, paths),
    exec(join(BIN, 'publint'), ['run', '--strict', filename]),
    exec(join(BIN, 'attw'), attwArgs),
    Promise.all([stat(filename), ...paths.map((path) => stat(path))]),
  ])
  const [tarball, ...unpacked] = sizes
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
  const size = `${paths.length} files, ${kb(tarball.size)} packed, ${kb(unpacked.reduce((sum, s) => sum + s.size, 0))} unpacked`
  const seconds = `${((performance.now() - started) / 1000).toFixed(1)} s`

  const failures = []
  if (contents.length) failures.push(['contents', contents.join('\n')])
  // --strict fails on warnings and errors; a suggestion replaces "All good!" and fails too.
  if (publint.code !== 0 || !/All good!/.test(publint.output))
    failures.push(['publint', publint.output])
  if (attw.code !== 0) failures.push(['attw', attw.output])
  if (!failures.length) {
    console.log(`${pkg.name}: ok (publint, attw, contents): ${size}, ${seconds}`)
  } else {
    console.log(`${pkg.name}: FAILED (${failures.map(([name]) => name).join(', ')}): ${size}`)
    for (const [name, output] of failures) {
      console.log(`  ${name}:`)
      console.log(output.trim().replace(/^/gm, '    '))
    }
    process.exitCode = 1
  }
} finally {
  await rm(temp, { recursive: true, force: true })
}
