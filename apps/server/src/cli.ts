// Command line: `node --import tsx src/cli.ts project add|list|set-origins|set-dev-origins|set-features|set-chain`,
// `wallets import <dump.json>`, `migrate`. Same database settings as the server (env.ts).
import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { prepareDatabase } from './bootstrap.js'
import { type Db, openDb } from './db/db.js'
import { migrate } from './db/migrate.js'
import { readVaultKeys } from './embedded/config.js'
import { rewrapVault, vaultKeyStatus } from './embedded/vault-keys.js'
import { readSettings } from './env.js'
import { toIssues } from './http/errors.js'
import {
  applyFeatures,
  ChainSchema,
  FeaturesInputSchema,
  OriginPatternSchema,
  ProjectIdSchema,
  ProjectInputSchema,
} from './projects/schema.js'
import {
  getProject,
  listProjects,
  setProjectChains,
  setProjectDevOrigins,
  setProjectFeatures,
  setProjectOrigins,
  upsertProject,
} from './projects/store.js'
import { importExplorerDump } from './wallets/explorer-import.js'

export const USAGE = `Usage: pnpm server <command>

  project list [--json]
  project add <projectId> --name <name> [--origin <pattern>]... [--chain <caipNetworkId>=<url>[,<url>]]...
              [--features key=value,...] [--dev-origins] [--recovery non-custodial|custodial]
              [--recovery-hold-ms <ms>]             (a new device's hold; default 24 h, 0 = off)
  project set-origins <projectId> <pattern>...      (no pattern: no origin at all)
  project set-dev-origins <projectId> on|off        (development: loopback pages for the public
                                                     reads; never for sign-in or e-mail login)
  project set-features <projectId> key=value...     (email, socials, swaps, onramp, activity, branding;
                                                     socials=true|false|google+github+…)
  project set-chain <projectId> <caipNetworkId> <rpcUrl>...   (no URL: remove the chain)
  wallets import <explorer-dump.json> [--strict]
  vault status                                      (which vault key opens the stored shares)
  vault rewrap                                      (reseal every share under OPENMODAL_VAULT_KEY;
                                                     OPENMODAL_VAULT_READ_KEYS open the old ones)
  migrate

Database: DATABASE_URL, else PGlite in OPENMODAL_DATA_DIR (default .data). Projects of
openmodal.config.json are rewritten from the file at every server start.`

export class UsageError extends Error {
  override name = 'UsageError'
}

export interface CliIo {
  out(line: string): void
  err(line: string): void
}

function parseWith<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
  what: string,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issue = toIssues(result.issues)[0]
  throw new UsageError(`invalid ${what}: ${issue?.path ? `${issue.path}: ` : ''}${issue?.message}`)
}

/** `email=false,socials=google+x` → `{ email: false, socials: ['google', 'x'] }`. */
export function parseFeatureArgs(
  args: readonly string[],
): v.InferOutput<typeof FeaturesInputSchema> {
  const input: Record<string, unknown> = {}
  for (const pair of args.flatMap((arg) => arg.split(','))) {
    const [key, value] = pair.split('=')
    if (!key || value === undefined) throw new UsageError(`expected key=value, got ${pair}`)
    input[key] =
      value === 'true'
        ? true
        : value === 'false'
          ? false
          : key === 'socials'
            ? value.split('+')
            : value
  }
  return parseWith(FeaturesInputSchema, input, 'features')
}

function parseChainArg(arg: string) {
  const at = arg.indexOf('=')
  if (at < 0) throw new UsageError(`expected <caipNetworkId>=<url>[,<url>], got ${arg}`)
  return parseWith(
    ChainSchema,
    { caipNetworkId: arg.slice(0, at), rpcUrls: arg.slice(at + 1).split(',') },
    'chain',
  )
}

async function requireProject(db: Db, projectId: string) {
  const project = await getProject(db, parseWith(ProjectIdSchema, projectId, 'projectId'))
  if (!project) throw new UsageError(`no project ${projectId}`)
  return project
}

function warnIfFromConfig(io: CliIo, source: string) {
  if (source === 'config') {
    io.err(
      'note: this project comes from openmodal.config.json; the next server start restores the file',
    )
  }
}

function parseCommandLine(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      chain: { type: 'string', multiple: true },
      features: { type: 'string' },
      recovery: { type: 'string' },
      'recovery-hold-ms': { type: 'string' },
      json: { type: 'boolean' },
      strict: { type: 'boolean' },
      'dev-origins': { type: 'boolean' },
    },
  })
}

/**
 * Runs one command against `db` (already migrated); returns the exit code.
 *
 * @example
 * await runCli(['project', 'set-origins', 'demo', 'https://*.example.com'], db, io)
 */
export async function runCli(
  argv: readonly string[],
  db: Db,
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>
  try {
    parsed = parseCommandLine(argv)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  const [group, command, ...rest] = positionals
  if (group === 'migrate') {
    const { applied } = await migrate(db)
    io.out(applied.length ? `applied migrations ${applied.join(', ')}` : 'schema is current')
    return 0
  }
  if (group === 'vault') {
    if (command !== 'status' && command !== 'rewrap') {
      throw new UsageError(`unknown command vault ${command ?? ''}`)
    }
    let keys: ReturnType<typeof readVaultKeys>
    try {
      keys = readVaultKeys(env)
    } catch (error) {
      throw new UsageError((error as Error).message)
    }
    if (command === 'rewrap') {
      const report = await rewrapVault(db, keys)
      io.out(
        `checked ${report.checked} row(s): resealed ${report.rewrapped} under OPENMODAL_VAULT_KEY, ` +
          `${report.changedMeanwhile} rewritten meanwhile by a server, ${report.unreadable} unreadable`,
      )
    }
    const status = await vaultKeyStatus(db, keys)
    io.out(`OPENMODAL_VAULT_KEY opens ${status.current} row(s)`)
    status.others.forEach((rows, i) => {
      io.out(`OPENMODAL_VAULT_READ_KEYS key ${i + 1} is still needed by ${rows} row(s)`)
    })
    if (status.unreadable > 0) {
      io.err(`${status.unreadable} row(s) open under no configured key: do not retire any key`)
      return 1
    }
    return 0
  }
  if (group === 'wallets' && command === 'import') {
    const [file] = rest
    if (!file) throw new UsageError('wallets import needs a file')
    let dump: unknown
    try {
      dump = JSON.parse(await readFile(file, 'utf8'))
    } catch (cause) {
      throw new UsageError(`${file}: ${(cause as Error).message}`)
    }
    const result = await importExplorerDump(db, dump, { strict: values.strict ?? false })
    for (const skip of result.skipped) io.err(`skipped ${skip.key}: ${skip.reason}`)
    io.out(`imported ${result.imported} wallet(s), skipped ${result.skipped.length}`)
    return 0
  }
  if (group !== 'project') throw new UsageError(`unknown command ${positionals.join(' ')}`)
  switch (command) {
    case 'list': {
      const projects = await listProjects(db)
      if (values.json) {
        io.out(JSON.stringify(projects, null, 2))
      } else {
        for (const p of projects) {
          const chains = p.chains.map((c) => c.caipNetworkId).join(' ') || '-'
          io.out(
            `${p.projectId}\t${p.name}\t[${p.source}]\torigins: ${p.allowedOrigins.join(' ') || '-'}${p.allowDevOrigins ? ' +dev' : ''}\tchains: ${chains}`,
          )
        }
        if (projects.length === 0) io.out('no projects')
      }
      return 0
    }
    case 'add': {
      const [projectId] = rest
      const input = parseWith(
        ProjectInputSchema,
        {
          projectId,
          name: values.name ?? projectId,
          allowedOrigins: values.origin ?? [],
          allowDevOrigins: values['dev-origins'] ?? false,
          features: values.features ? parseFeatureArgs([values.features]) : {},
          chains: (values.chain ?? []).map(parseChainArg),
          ...(values.recovery ? { recovery: values.recovery } : {}),
          ...(values['recovery-hold-ms'] === undefined
            ? {}
            : { recoveryHoldMs: Number(values['recovery-hold-ms']) }),
        },
        'project',
      )
      if (await getProject(db, input.projectId)) {
        throw new UsageError(`project ${input.projectId} exists; use the set-* commands`)
      }
      await upsertProject(db, input, 'cli')
      io.out(`added project ${input.projectId}`)
      return 0
    }
    case 'set-origins': {
      const [projectId, ...origins] = rest
      const project = await requireProject(db, projectId ?? '')
      const patterns = origins.map((o) => parseWith(OriginPatternSchema, o, 'origin'))
      await setProjectOrigins(db, project.projectId, patterns)
      io.out(`${project.projectId} origins: ${patterns.join(' ') || '(none)'}`)
      warnIfFromConfig(io, project.source)
      return 0
    }
    case 'set-dev-origins': {
      const [projectId, value] = rest
      const project = await requireProject(db, projectId ?? '')
      if (value !== 'on' && value !== 'off') throw new UsageError('set-dev-origins takes on or off')
      await setProjectDevOrigins(db, project.projectId, value === 'on')
      io.out(`${project.projectId} dev origins: ${value}`)
      warnIfFromConfig(io, project.source)
      return 0
    }
    case 'set-features': {
      const [projectId, ...pairs] = rest
      const project = await requireProject(db, projectId ?? '')
      if (pairs.length === 0) throw new UsageError('set-features needs key=value pairs')
      const features = applyFeatures(project.features, parseFeatureArgs(pairs))
      await setProjectFeatures(db, project.projectId, features)
      io.out(`${project.projectId} features: ${JSON.stringify(features)}`)
      warnIfFromConfig(io, project.source)
      return 0
    }
    case 'set-chain': {
      const [projectId, caipNetworkId, ...urls] = rest
      const project = await requireProject(db, projectId ?? '')
      const others = project.chains.filter((c) => c.caipNetworkId !== caipNetworkId)
      const chains = urls.length
        ? [...others, parseWith(ChainSchema, { caipNetworkId, rpcUrls: urls }, 'chain')]
        : others
      await setProjectChains(db, project.projectId, chains)
      io.out(`${project.projectId} chains: ${chains.map((c) => c.caipNetworkId).join(' ') || '-'}`)
      warnIfFromConfig(io, project.source)
      return 0
    }
    default:
      throw new UsageError(`unknown command project ${command ?? ''}`)
  }
}

async function main(): Promise<number> {
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  }
  const argv = process.argv.slice(2)
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE)
    return argv.length === 0 ? 2 : 0
  }
  const settings = readSettings()
  const db = await openDb({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir })
  try {
    // A fresh database gets its schema and seed; projects of the file are the server's job.
    await prepareDatabase(db)
    return await runCli(argv, db, io)
  } catch (error) {
    io.err(`error: ${(error as Error).message}`)
    if (error instanceof UsageError) io.err(USAGE)
    return error instanceof UsageError ? 2 : 1
  } finally {
    await db.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main()
}
