// Benchmark (not a test): the hot routes on 1, 2 and 4 server processes over one PostgreSQL,
// and on 1 process over PGlite. Loopback only; the load generator runs in this process.
// `pnpm bench:server [--seconds 5] [--connections 32] [--instances 1,2,4] [--save]`
// --save writes the table to BENCH-SERVER.md beside this package's README.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { startAnvil } from '@openmodal/testing/node'
import autocannon, { type Options as AutocannonOptions, type Result } from 'autocannon'
import { startServerProcess } from './testing/bench-server.js'
import { findPostgresBin, startPostgresCluster } from './testing/postgres.js'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    instances: { type: 'string', default: '1,2,4' },
    save: { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const scales = values.instances.split(',').map(Number)
const ORIGIN = 'https://bench.example'
const PROJECT = 'bench'
const CHAIN = 'eip155:31337'

interface Route {
  name: string
  path: string
  options?: Omit<AutocannonOptions, 'url'>
}

const ROUTES: Route[] = [
  { name: 'GET project config', path: `/v1/projects/${PROJECT}/config` },
  { name: 'GET registry page', path: `/v1/wallets?projectId=${PROJECT}&page=2` },
  { name: 'GET registry search', path: `/v1/wallets?projectId=${PROJECT}&search=wallet` },
  {
    name: 'GET balances',
    path: `/v1/account/${ANVIL_ADDRESSES[1]}/balance?projectId=${PROJECT}&chainId=${CHAIN}`,
  },
  {
    name: 'POST RPC eth_blockNumber',
    path: `/v1/rpc/${PROJECT}/${CHAIN}`,
    options: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    },
  },
  { name: 'GET SIWX nonce', path: `/v1/auth/nonce?projectId=${PROJECT}` },
  {
    name: 'POST analytics event',
    path: `/e?projectId=${PROJECT}&st=appkit&sv=html-wagmi-1.0.0`,
    options: {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      // Each event has its own id, so each one is stored.
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              eventId: randomUUID(),
              url: `${ORIGIN}/`,
              domain: 'bench.example',
              timestamp: Date.now(),
              props: { type: 'track', event: 'MODAL_OPEN' },
            }),
          }),
        },
      ],
    },
  },
]

interface Row {
  setup: string
  route: string
  rps: number
  p50: number
  p99: number
  errors: number
}

/** One route against every instance at once, the connections split between them. */
async function measure(setup: string, urls: string[], route: Route): Promise<Row> {
  const perInstance = Math.max(1, Math.round(connections / urls.length))
  const results: Result[] = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${route.path}`,
        connections: perInstance,
        duration: seconds,
        ...route.options,
        headers: { origin: ORIGIN, ...route.options?.headers },
      }),
    ),
  )
  const total = results.reduce((sum, r) => sum + r.requests.total, 0)
  return {
    setup,
    route: route.name,
    rps: Math.round(results.reduce((sum, r) => sum + r.requests.average, 0)),
    // Request-weighted median of the instances' medians; the worst instance's p99.
    p50:
      Math.round(
        (results.reduce((sum, r) => sum + r.latency.p50 * r.requests.total, 0) /
          Math.max(1, total)) *
          10,
      ) / 10,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  }
}

async function benchSetup(setup: string, envs: Record<string, string>[]): Promise<Row[]> {
  const servers = await Promise.all(envs.map((env) => startServerProcess(env)))
  try {
    const rows: Row[] = []
    for (const route of ROUTES) {
      const row = await measure(
        setup,
        servers.map((server) => server.url),
        route,
      )
      console.log(`${setup} · ${row.route}: ${row.rps} req/s, p99 ${row.p99} ms`)
      rows.push(row)
    }
    return rows
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
}

// Other work on the machine changes everything here: the table says how busy it was.
const loadBefore = loadavg()[0] ?? 0
const dir = mkdtempSync(join(tmpdir(), 'openmodal-bench-scale-'))
const anvil = await startAnvil()
const configPath = join(dir, 'bench.config.json')
writeFileSync(
  configPath,
  JSON.stringify({
    projects: [
      {
        projectId: PROJECT,
        name: 'Bench',
        allowedOrigins: [ORIGIN],
        chains: [{ caipNetworkId: CHAIN, rpcUrls: [anvil.rpcUrl] }],
      },
    ],
  }),
)
// Limits sized so the benchmark measures the routes, not the limiter; the indexer is off (it
// has its own benchmark), so balances are read from the chain through the RPC proxy's client.
const common = {
  OPENMODAL_CONFIG: configPath,
  OPENMODAL_RATE_BURST: '1000000',
  OPENMODAL_RATE_PER_SECOND: '1000000',
  OPENMODAL_INDEXER: 'off',
}
const rows: Row[] = []
try {
  rows.push(
    ...(await benchSetup('PGlite ×1', [{ ...common, OPENMODAL_DATA_DIR: join(dir, 'pg') }])),
  )
  const bin = findPostgresBin()
  if (bin) {
    const cluster = await startPostgresCluster(bin)
    try {
      const url = await cluster.createDatabase('bench')
      for (const n of scales) {
        rows.push(
          ...(await benchSetup(
            `PostgreSQL ×${n}`,
            Array.from({ length: n }, () => ({ ...common, DATABASE_URL: url })),
          )),
        )
      }
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

const heading = `${seconds} s per route, ${connections} connections split over the instances, loopback, ${cpus().length} cores shared by the load generator, the servers and the database; 1-minute load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after`
const table = [
  '| setup | route | req/s | p50 ms | p99 ms | errors/non-2xx |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
  ...rows.map((r) => `| ${r.setup} | ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`),
].join('\n')
console.log(`\n${heading}\n\n${table}\n`)
if (values.save) {
  const file = new URL('../BENCH-SERVER.md', import.meta.url)
  writeFileSync(
    file,
    `# Server load benchmark\n\n\`pnpm bench:server --save\` (${new Date().toISOString().slice(0, 10)}). ${heading}.\n\n${table}\n`,
  )
  console.log(`saved to ${file.pathname}`)
}
