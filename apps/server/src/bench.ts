// Benchmark (not a test): autocannon against registry search and the RPC proxy (upstream
// anvil), with the server in its own process on PGlite and then on PostgreSQL. Loopback only.
// `pnpm --filter @openmodal/server bench [--seconds 10] [--connections 20]`
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { freePort, startAnvil } from '@openmodal/testing/node'
import autocannon, { type Options as AutocannonOptions } from 'autocannon'
import { findPostgresBin, startPostgresCluster } from './testing/postgres.js'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const cwd = new URL('..', import.meta.url).pathname

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not become healthy')
}

async function startServerProcess(env: Record<string, string>) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd,
    env: { ...process.env, ...env, OPENMODAL_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  await waitForHealth(url, child)
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

interface Row {
  database: string
  target: string
  rps: number
  p50: number
  p99: number
  errors: number
}

async function measure(database: string, target: string, options: AutocannonOptions): Promise<Row> {
  const result = await autocannon({ connections, duration: seconds, ...options })
  return {
    database,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

async function benchOne(database: string, env: Record<string, string>, configPath: string) {
  const server = await startServerProcess({ ...env, OPENMODAL_CONFIG: configPath })
  try {
    const rows: Row[] = []
    rows.push(
      await measure(database, 'GET /v1/wallets?search=wallet', {
        url: `${server.url}/v1/wallets?projectId=bench&search=wallet`,
      }),
    )
    rows.push(
      await measure(database, 'POST /v1/rpc eth_blockNumber', {
        url: `${server.url}/v1/rpc/bench/eip155:31337`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      }),
    )
    return rows
  } finally {
    await server.stop()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'openmodal-bench-'))
const anvil = await startAnvil()
const configPath = join(dir, 'bench.config.json')
writeFileSync(
  configPath,
  JSON.stringify({
    projects: [
      {
        projectId: 'bench',
        name: 'Bench',
        chains: [{ caipNetworkId: 'eip155:31337', rpcUrls: [anvil.rpcUrl] }],
      },
    ],
  }),
)
// Rate limiting stays on, sized so the benchmark measures the endpoints, not the limiter.
// The chain indexer has its own benchmark (bench-indexer.ts): off here.
const common = {
  OPENMODAL_RATE_BURST: '1000000',
  OPENMODAL_RATE_PER_SECOND: '1000000',
  OPENMODAL_INDEXER: 'off',
}
const rows: Row[] = []
try {
  rows.push(
    ...(await benchOne(
      'PGlite',
      { ...common, OPENMODAL_DATA_DIR: join(dir, 'pglite') },
      configPath,
    )),
  )
  const bin = findPostgresBin()
  if (bin) {
    const cluster = await startPostgresCluster(bin)
    try {
      const url = await cluster.createDatabase('bench')
      rows.push(
        ...(await benchOne(
          `PostgreSQL ${cluster.version.split(' ')[2]}`,
          { ...common, DATABASE_URL: url },
          configPath,
        )),
      )
    } finally {
      await cluster.stop()
    }
  } else {
    console.log('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin: skipped')
  }
} finally {
  await anvil.stop()
  rmSync(dir, { recursive: true, force: true })
}

console.log(
  `\n${seconds} s each, ${connections} connections, loopback, server in its own process\n`,
)
console.table(
  rows.map((r) => ({
    database: r.database,
    endpoint: r.target,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'errors/non-2xx': r.errors,
  })),
)
