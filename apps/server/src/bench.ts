// Benchmark (not a test): autocannon against registry search and the RPC proxy (upstream
// anvil), with the server in its own process on PGlite and then on PostgreSQL. Loopback only.
// `pnpm --filter @openmodal/server bench [--seconds 10] [--connections 20]`
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startAnvil } from '@openmodal/testing/node'
import autocannon, { type Options as AutocannonOptions } from 'autocannon'
import { type LoadRow, loadRow, startServerProcess } from './testing/bench-server.js'
import { findPostgresBin, startPostgresCluster } from './testing/postgres.js'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)

async function measure(
  database: string,
  target: string,
  options: AutocannonOptions,
): Promise<LoadRow> {
  return loadRow(database, target, await autocannon({ connections, duration: seconds, ...options }))
}

async function benchOne(database: string, env: Record<string, string>, configPath: string) {
  const server = await startServerProcess({ ...env, OPENMODAL_CONFIG: configPath })
  try {
    const rows: LoadRow[] = []
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
const rows: LoadRow[] = []
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
