// A throwaway PostgreSQL cluster for tests and the benchmark: initdb in a temp dir, started
// with pg_ctl on a free loopback port, as the `postgres` user when we are root.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@openmodal/testing/node'

export interface PostgresCluster {
  /** Connection string of the `postgres` database. */
  url: string
  port: number
  version: string
  /** Creates an empty database and returns its connection string. */
  createDatabase(name: string): Promise<string>
  /** Stops the server (fast mode: connections are ended), keeping its data. */
  pause(): Promise<void>
  /** Starts it again on the same port after `pause()`. */
  resume(): Promise<void>
  stop(): Promise<void>
}

/**
 * The bin directory of the newest installed PostgreSQL (Debian layout
 * /usr/lib/postgresql/<version>/bin), or undefined when there is none.
 *
 * @example
 * findPostgresBin() // '/usr/lib/postgresql/15/bin'
 */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined
  const found = readdirSync(root)
    .map((version) => join(root, version, 'bin'))
    .filter((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
    .sort((a, b) => versionOf(b) - versionOf(a))
  return found[0]
}

function versionOf(binDir: string): number {
  return Number(/postgresql\/(\d+)/.exec(binDir)?.[1] ?? 0)
}

const running = new Set<() => void>()
let hookInstalled = false

/**
 * Starts a cluster; `stop()` shuts it down (immediate mode) and deletes its directory.
 *
 * @example
 * const pg = await startPostgresCluster()
 * const db = openPostgres(await pg.createDatabase('suite'))
 * await pg.stop()
 */
export async function startPostgresCluster(binDir = findPostgresBin()): Promise<PostgresCluster> {
  if (!binDir) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql/*/bin')
  const dir = mkdtempSync(join(tmpdir(), 'openmodal-pg-'))
  const dataDir = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  // initdb refuses to run as root: run every binary as the postgres user, who owns the dir.
  const run = (binary: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(binDir, binary), ...args]]
      : [join(binDir, binary), args]
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', timeout: 60_000 })
    if (result.status !== 0) {
      throw new Error(`${binary} failed: ${result.stderr || result.stdout || result.error}`)
    }
    return result.stdout
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }))
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }))
    chownSync(dir, uid, gid)
  }
  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ])
  const port = await freePort()
  // Durability is pointless for a throwaway cluster; the socket lives in our own dir.
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ')
  const start = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      serverOptions,
      '-l',
      join(dir, 'postgres.log'),
      '-w',
      '-t',
      '30',
      'start',
    ])
  start()
  const version = run('pg_ctl', ['--version']).trim()
  let stopped = false
  const stopSync = () => {
    if (stopped) return
    stopped = true
    running.delete(stopSync)
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  running.add(stopSync)
  if (!hookInstalled) {
    hookInstalled = true
    // A test run that dies early must not leave the cluster behind.
    process.once('exit', () => {
      for (const stop of [...running]) stop()
    })
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    version,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`)
      const pg = await import('pg')
      const client = new pg.default.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`create database ${name}`)
      } finally {
        await client.end()
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
    async pause() {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
    },
    async resume() {
      start()
    },
    async stop() {
      stopSync()
    },
  }
}
