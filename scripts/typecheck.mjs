// Type-checks every workspace package in a few TypeScript programs instead of one per package.
//
// Each package's `typecheck` script (`tsc -p <config> --noEmit`) stays what a developer runs in
// that package. Run one after the other, those twenty programs each load and check again the
// sources they import from the other packages (the `@openmodal/source` condition resolves
// workspace imports to `src/`): core's sources were checked fifteen times per CI run. Here the
// packages whose configs give the same compiler options share one program, so every file is
// checked once per set of options, with exactly the options (and the global types) its own
// package's config gives it.
//
// Grouping key: the parsed compiler options, minus those that only steer emitting (the checks
// run with noEmit), and minus `jsx`, which only changes how .tsx files are read: the packages
// with .tsx files in one group must agree on it. The `types` entries are resolved from each package's own folder and become
// root files of the program, so a shared program sees exactly the global declarations each of
// its packages' configs names. A package whose `typecheck` script has another form stops the
// run: add it here rather than skip it.
//
// `node scripts/typecheck.mjs [--list]`: checks (or only lists the groups); exits 1 on any error.
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** Options that only decide what, where and how tsc writes files; noEmit makes them moot. */
const EMIT_ONLY = [
  'composite',
  'configFilePath',
  'declaration',
  'declarationDir',
  'declarationMap',
  'emitDeclarationOnly',
  'incremental',
  'noEmit',
  'outDir',
  'rootDir',
  'sourceMap',
  'tsBuildInfoFile',
]

/** The workspace folders, as pnpm-workspace.yaml lists them (`dir/*` or `dir`). */
function workspaceDirs() {
  const yaml = readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8')
  const block = /^packages:\n((?:[ \t]+(?:-.*|#.*)\n)+)/m.exec(yaml)?.[1] ?? ''
  const dirs = []
  for (const [, pattern] of block.matchAll(/^[ \t]+-[ \t]+["']?([^"'\s#]+)/gm)) {
    if (pattern.endsWith('/*')) {
      const parent = join(ROOT, pattern.slice(0, -2))
      for (const name of ts.sys.getDirectories(parent).sort()) dirs.push(join(parent, name))
    } else {
      dirs.push(join(ROOT, pattern))
    }
  }
  return dirs
}

function fail(message) {
  process.stderr.write(`typecheck: ${message}\n`)
  process.exit(1)
}

/** Every package with a `typecheck` script: its name, folder and parsed tsconfig. */
function packagesToCheck() {
  const found = []
  for (const dir of workspaceDirs()) {
    const manifestPath = join(dir, 'package.json')
    if (!ts.sys.fileExists(manifestPath)) continue
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    const script = manifest.scripts?.typecheck
    if (script === undefined) continue
    const match = /^tsc -p (\S+) --noEmit$/.exec(script)
    if (!match) fail(`${manifest.name}: unknown typecheck script "${script}"`)
    const configPath = join(dir, match[1])
    const diagnostics = []
    const parsed = ts.getParsedCommandLineOfConfigFile(
      configPath,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => diagnostics.push(d) },
    )
    if (!parsed || diagnostics.length > 0 || parsed.errors.length > 0) {
      fail(format([...diagnostics, ...(parsed?.errors ?? [])]))
    }
    found.push({ name: manifest.name, dir, configPath, parsed })
  }
  return found
}

/** The files a config's `types` entries name, resolved as tsc resolves them for that config. */
function typeFiles({ name, configPath, parsed }) {
  const files = []
  for (const entry of parsed.options.types ?? []) {
    const { resolvedTypeReferenceDirective: resolved } = ts.resolveTypeReferenceDirective(
      entry,
      configPath,
      parsed.options,
      ts.sys,
    )
    if (!resolved?.resolvedFileName) fail(`${name}: cannot resolve the types entry "${entry}"`)
    files.push(resolved.resolvedFileName)
  }
  return files
}

/** The options of a package that decide how its files are checked, as a comparable key. */
function checkingOptions({ parsed }) {
  const options = { ...parsed.options }
  for (const key of [...EMIT_ONLY, 'jsx']) delete options[key]
  // Entries are resolved per package (typeFiles); the key compares the names, in any order.
  options.types = options.types === undefined ? undefined : [...options.types].sort()
  return options
}

/** The packages in groups of equal checking options, each with the program's root files. */
export function typecheckGroups(packages = packagesToCheck()) {
  const groups = new Map()
  for (const pkg of packages) {
    if (pkg.parsed.options.types === undefined) {
      // Without `types` tsc includes every @types package it finds from the config's folder.
      fail(`${pkg.name}: its tsconfig must list "types" to share a program`)
    }
    const options = checkingOptions(pkg)
    const key = JSON.stringify(options, Object.keys(options).sort())
    let group = groups.get(key)
    if (!group) {
      group = { options, packages: [], rootNames: new Set() }
      groups.set(key, group)
    }
    if (pkg.parsed.fileNames.some((file) => file.endsWith('.tsx'))) {
      const { jsx } = pkg.parsed.options
      if (group.options.jsx !== undefined && group.options.jsx !== jsx) {
        fail(`${pkg.name}: its "jsx" differs from another package of its group`)
      }
      group.options.jsx = jsx
    }
    group.packages.push(pkg)
    for (const file of [...pkg.parsed.fileNames, ...typeFiles(pkg)]) group.rootNames.add(file)
  }
  return [...groups.values()]
}

const formatHost = {
  getCanonicalFileName: (file) => file,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => '\n',
}

function format(diagnostics) {
  return process.stdout.isTTY
    ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost)
    : ts.formatDiagnostics(diagnostics, formatHost)
}

/** Checks one group; prints its errors and time; resolves with the number of errors. */
function check(group) {
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  // The names resolve through rootNames: every group's types come from its packages' folders.
  const options = { ...group.options, noEmit: true, types: [] }
  const program = ts.createProgram({ rootNames: [...group.rootNames], options })
  const diagnostics = ts.getPreEmitDiagnostics(program)
  if (diagnostics.length > 0) process.stdout.write(format(diagnostics))
  const names = group.packages.map(({ name }) => name.replace('@openmodal/', '')).join(', ')
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const { user, system } = process.cpuUsage(cpuStarted)
  const cpu = ((user + system) / 1e6).toFixed(1)
  const files = program.getSourceFiles().length
  process.stdout.write(
    `typecheck: ${names}: ${diagnostics.length} errors, ${files} files, ${seconds} s (${cpu} s CPU)\n`,
  )
  return diagnostics.length
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const groups = typecheckGroups()
  if (process.argv.includes('--list')) {
    for (const group of groups) {
      const names = group.packages.map(({ configPath }) => relative(ROOT, configPath))
      process.stdout.write(`${names.join(' ')}\n  types: ${group.options.types.join(', ')}\n`)
    }
  } else {
    let errors = 0
    for (const group of groups) errors += check(group)
    process.exit(errors > 0 ? 1 : 0)
  }
}
