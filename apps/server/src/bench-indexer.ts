// Benchmark (not a test) of the chain indexer and the history endpoint, loopback only:
// 1. anvil gets a generated history (native and ERC-20 transfers, --per-block per block);
// 2. the indexer backfills it from block 0: blocks/s and transfers/s, on PGlite and PostgreSQL;
// 3. the server (own process, indexer off) answers GET history under autocannon: p50/p99.
// `pnpm --filter @openmodal/server bench:indexer [--transfers 10000] [--per-block 20]
//   [--seconds 10] [--connections 20]`
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ANVIL_ADDRESSES, deployTestToken } from '@openmodal/testing'
import { fundAccount, startAnvil } from '@openmodal/testing/node'
import autocannon from 'autocannon'
import { encodeFunctionData, erc20Abi, numberToHex } from 'viem'
import { prepareDatabase } from './bootstrap.js'
import { type Db, openPglite, openPostgres } from './db/db.js'
import { createChainIndexer } from './indexer/indexer.js'
import { createChainClient } from './indexer/rpc.js'
import { syncConfig } from './projects/config-file.js'
import { type LoadRow, loadRow, startServerProcess } from './testing/bench-server.js'
import { findPostgresBin, startPostgresCluster } from './testing/postgres.js'

const { values } = parseArgs({
  options: {
    transfers: { type: 'string', default: '10000' },
    'per-block': { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
  },
})
const totalTransfers = Number(values.transfers)
const perBlock = Number(values['per-block'])
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const CHAIN = 'eip155:31337'
const SENDERS = ANVIL_ADDRESSES.slice(0, 5)
// Recipients are fresh addresses so every history holds only generated transfers.
const RECIPIENTS = Array.from(
  { length: 20 },
  (_, i) => `0x${(0xbe000 + i).toString(16).padStart(40, '0')}` as const,
)

async function rpc(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const json = (await response.json()) as { error?: unknown } | { error?: unknown }[]
  for (const item of Array.isArray(json) ? json : [json]) {
    if (item.error) throw new Error(`anvil: ${JSON.stringify(item.error)}`)
  }
  return json
}

/** Sends the transfers in blocks of `perBlock` (anvil mines only on evm_mine). */
async function generateHistory(rpcUrl: string, token: `0x${string}`) {
  await rpc(rpcUrl, { jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [false] })
  let sent = 0
  const started = performance.now()
  while (sent < totalTransfers) {
    const batch = []
    for (let i = 0; i < perBlock && sent < totalTransfers; i++, sent++) {
      const from = SENDERS[sent % SENDERS.length]
      const to = RECIPIENTS[sent % RECIPIENTS.length] ?? '0x'
      const tx =
        sent % 2 === 0
          ? { from, to, value: numberToHex(1_000n + BigInt(sent)), gas: '0x5208' }
          : {
              from,
              to: token,
              gas: numberToHex(80_000),
              data: encodeFunctionData({
                abi: erc20Abi,
                functionName: 'transfer',
                args: [to, BigInt(sent)],
              }),
            }
      batch.push({ jsonrpc: '2.0', id: sent, method: 'eth_sendTransaction', params: [tx] })
    }
    await rpc(rpcUrl, batch)
    await rpc(rpcUrl, { jsonrpc: '2.0', id: 0, method: 'evm_mine', params: [] })
  }
  await rpc(rpcUrl, { jsonrpc: '2.0', id: 1, method: 'evm_setAutomine', params: [true] })
  return (performance.now() - started) / 1000
}

interface IndexRow {
  database: string
  blocks: number
  transfers: number
  seconds: number
}

async function indexAll(database: string, db: Db, rpcUrl: string): Promise<IndexRow> {
  await prepareDatabase(db, { seed: false })
  const indexer = createChainIndexer({
    db,
    chainId: CHAIN,
    client: createChainClient([rpcUrl]),
    startBlock: 0n,
  })
  const started = performance.now()
  const result = await indexer.syncOnce()
  return {
    database,
    blocks: result.blocks,
    transfers: result.transfers,
    seconds: (performance.now() - started) / 1000,
  }
}

async function loadHistory(database: string, env: Record<string, string>): Promise<LoadRow[]> {
  const server = await startServerProcess({
    ...env,
    OPENMODAL_INDEXER: 'off',
    OPENMODAL_RATE_BURST: '1000000',
    OPENMODAL_RATE_PER_SECOND: '1000000',
  })
  const { url } = server
  try {
    const rows: LoadRow[] = []
    const path = (address: string, extra = '') =>
      `/v1/account/${address}/history?projectId=bench&chainId=${CHAIN}${extra}`
    // A cursor from the middle of a history: the deep pages cost the same as the first.
    const first = (await (
      await fetch(`${url}${path(RECIPIENTS[0] ?? '', '&limit=20')}`)
    ).json()) as {
      next: string | null
    }
    if (!first.next) throw new Error('the generated history is too short for a second page')
    const targets: [string, string[]][] = [
      ['history, first page (20)', RECIPIENTS.map((r) => path(r))],
      [
        'history, page 2 by cursor (20)',
        [path(RECIPIENTS[0] ?? '', `&limit=100&cursor=${first.next}`)],
      ],
    ]
    for (const [target, paths] of targets) {
      let n = 0
      const result = await autocannon({
        url,
        connections,
        duration: seconds,
        requests: [
          { setupRequest: (request) => ({ ...request, path: paths[n++ % paths.length] }) },
        ],
      })
      rows.push(loadRow(database, target, result))
    }
    return rows
  } finally {
    await server.stop()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'openmodal-bench-indexer-'))
const anvil = await startAnvil()
const indexRows: IndexRow[] = []
const loadRows: LoadRow[] = []
try {
  const token = await deployTestToken(anvil.rpcUrl, { supply: 10n ** 30n })
  for (const sender of SENDERS.slice(1)) {
    await fundAccount(anvil.rpcUrl, sender, { token: token.address, amount: 10n ** 30n })
  }
  const generated = await generateHistory(anvil.rpcUrl, token.address)
  console.log(
    `generated ${totalTransfers} transfers in ${Math.ceil(totalTransfers / perBlock)} blocks in ${generated.toFixed(1)} s`,
  )
  const configPath = join(dir, 'bench.config.json')
  writeFileSync(
    configPath,
    JSON.stringify({
      projects: [
        {
          projectId: 'bench',
          name: 'Bench',
          chains: [{ caipNetworkId: CHAIN, rpcUrls: [anvil.rpcUrl] }],
        },
      ],
    }),
  )
  const config = {
    projects: [
      {
        projectId: 'bench',
        name: 'Bench',
        allowedOrigins: [],
        allowDevOrigins: false,
        features: {},
        chains: [{ caipNetworkId: CHAIN, rpcUrls: [anvil.rpcUrl] }],
      },
    ],
  }

  const pgliteDir = join(dir, 'pglite')
  const pglite = await openPglite(pgliteDir)
  try {
    indexRows.push(await indexAll('PGlite', pglite, anvil.rpcUrl))
    await syncConfig(pglite, config)
  } finally {
    await pglite.close()
  }
  loadRows.push(
    ...(await loadHistory('PGlite', {
      OPENMODAL_DATA_DIR: pgliteDir,
      OPENMODAL_CONFIG: configPath,
    })),
  )

  const bin = findPostgresBin()
  if (bin) {
    const cluster = await startPostgresCluster(bin)
    try {
      const url = await cluster.createDatabase('bench')
      const label = `PostgreSQL ${cluster.version.split(' ')[2]}`
      const postgres = openPostgres(url)
      try {
        indexRows.push(await indexAll(label, postgres, anvil.rpcUrl))
        await syncConfig(postgres, config)
      } finally {
        await postgres.close()
      }
      loadRows.push(
        ...(await loadHistory(label, { DATABASE_URL: url, OPENMODAL_CONFIG: configPath })),
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

console.log('\nIndexer backfill from block 0 (anvil on loopback, batches of 100 blocks)\n')
console.table(
  indexRows.map((r) => ({
    database: r.database,
    blocks: r.blocks,
    transfers: r.transfers,
    seconds: Number(r.seconds.toFixed(2)),
    'blocks/s': Math.round(r.blocks / r.seconds),
    'transfers/s': Math.round(r.transfers / r.seconds),
  })),
)
console.log(
  `\nGET history: ${seconds} s each, ${connections} connections, server in its own process\n`,
)
console.table(
  loadRows.map((r) => ({
    database: r.database,
    endpoint: r.target,
    'req/s': r.rps,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'errors/non-2xx': r.errors,
  })),
)
