// Running the server as a service: settings checked at start, /ready following the database
// (the in-process cases of /ready and /metrics are in access.test.ts), load shed with 503 + Retry-After when PostgreSQL is slow or gone, and a
// SIGTERM that answers every request in flight before exiting 0.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { readSettings } from './env.js'
import { call, testProject } from './testing/harness.js'
import { findPostgresBin, startPostgresCluster } from './testing/postgres.js'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
const TOKEN = 'metrics-token-0123456789'
const DAPP = 'https://app.example.com'

test('an invalid setting stops the start with an error naming the variable', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ OPENMODAL_INDEXER: 'maybe' }, /^OPENMODAL_INDEXER=maybe is invalid: expected on or off/],
    [{ OPENMODAL_METRICS_TOKEN: 'short' }, /^OPENMODAL_METRICS_TOKEN=short is invalid: use at/],
    [{ OPENMODAL_DB_WAIT_MS: '-1' }, /^OPENMODAL_DB_WAIT_MS=-1 is invalid/],
    [{ OPENMODAL_DB_POOL: '2.5' }, /^OPENMODAL_DB_POOL=2.5 is invalid/],
    [{ OPENMODAL_SHUTDOWN_GRACE_MS: 'soon' }, /^OPENMODAL_SHUTDOWN_GRACE_MS=soon is invalid/],
  ]
  for (const [env, message] of cases) assert.throws(() => readSettings(env), { message })
  const settings = readSettings({ OPENMODAL_INDEXER: 'OFF', OPENMODAL_DB_POOL: '4' })
  assert.equal(settings.indexer, false)
  assert.deepEqual(settings.pool, {
    poolSize: 4,
    connectionWaitMs: 2000,
    statementTimeoutMs: 15000,
  })
  assert.equal(settings.metricsToken, undefined)
})

interface Instance {
  child: ChildProcess
  url: string
  logs: Record<string, unknown>[]
  exited: Promise<number | null>
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
    { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const logs: Record<string, unknown>[] = []
  let buffered = ''
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      buffered += String(chunk)
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        try {
          const entry = JSON.parse(line)
          logs.push(entry)
          if (entry.msg === 'listening') resolve(String(entry.url))
        } catch {}
      }
    })
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)))
  })
  return { child, url: await listening, logs, exited }
}

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await probe()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** A JSON-RPC upstream that answers every call after `delayMs`, counting what it received. */
async function startSlowUpstream(delayMs: number) {
  let received = 0
  const server: Server = createServer((request, response) => {
    received++
    let body = ''
    request.on('data', (chunk) => {
      body += String(chunk)
    })
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: unknown }
      setTimeout(() => {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' }))
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

test('on PostgreSQL: ready follows the database, a slow one sheds load, SIGTERM drains', async (t) => {
  const bin = findPostgresBin()
  if (!bin) {
    t.skip('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin')
    return
  }
  const [cluster, upstream] = await Promise.all([startPostgresCluster(bin), startSlowUpstream(800)])
  const dir = mkdtempSync(join(tmpdir(), 'openmodal-ops-'))
  let instance: Instance | undefined
  try {
    const databaseUrl = await cluster.createDatabase('operations')
    const configPath = join(dir, 'openmodal.config.json')
    writeFileSync(
      configPath,
      JSON.stringify({
        projects: [
          testProject({ chains: [{ caipNetworkId: 'eip155:31337', rpcUrls: [upstream.url] }] }),
        ],
      }),
    )
    instance = await startInstance({
      DATABASE_URL: databaseUrl,
      OPENMODAL_CONFIG: configPath,
      OPENMODAL_PORT: '0',
      LOG_LEVEL: 'info',
      OPENMODAL_INDEXER: 'off',
      OPENMODAL_RATE_BURST: '100000',
      OPENMODAL_DB_POOL: '2',
      OPENMODAL_DB_WAIT_MS: '300',
      OPENMODAL_DB_STATEMENT_TIMEOUT_MS: '1000',
      OPENMODAL_METRICS_TOKEN: TOKEN,
      OPENMODAL_SHUTDOWN_GRACE_MS: '5000',
    })
    const { url } = instance
    const config = () =>
      call(`${url}/v1/projects/test-project/config`, { headers: { origin: DAPP } })
    assert.equal((await call(`${url}/ready`)).status, 200)

    // The database goes down: still alive, not ready, requests shed with Retry-After.
    await cluster.pause()
    assert.equal((await call(`${url}/health`)).status, 200)
    const down = await call(`${url}/ready`)
    assert.equal(down.status, 503)
    assert.equal(down.body.checks.database, 'failed')
    const refused = await config()
    assert.equal(refused.status, 503)
    assert.equal(refused.headers.get('retry-after'), '2')
    assert.equal(refused.headers.get('access-control-allow-origin'), DAPP)
    assert.deepEqual(refused.body, {
      code: 'SERVER_ERROR',
      message: 'The server is busy; try again shortly',
    })
    // ... and back: ready again without a restart of the server.
    await cluster.resume()
    await until('/ready after the restart', async () => (await call(`${url}/ready`)).status === 200)
    assert.equal((await config()).status, 200)

    // A slow database (the projects table locked by another session): with 2 connections
    // and 300 ms of wait, 12 requests at once are all answered within about a second, the
    // ones that found no connection with 503 + Retry-After, instead of queueing.
    const locker = new pg.Client({ connectionString: databaseUrl })
    await locker.connect()
    await locker.query('begin')
    await locker.query('lock table projects in access exclusive mode')
    const started = performance.now()
    const answers = await Promise.all(Array.from({ length: 12 }, () => config()))
    const elapsed = performance.now() - started
    await locker.query('rollback')
    await locker.end()
    const statuses = answers.map((answer) => answer.status)
    assert.ok(
      statuses.every((status) => status === 503),
      `all shed: ${statuses}`,
    )
    assert.ok(
      answers.every((answer) => answer.headers.get('retry-after') === '2'),
      'each 503 says when to retry',
    )
    assert.ok(elapsed < 3_000, `answered in ${Math.round(elapsed)} ms`)
    t.diagnostic(`12 requests on a locked table shed in ${Math.round(elapsed)} ms`)
    assert.equal((await config()).status, 200, 'served again once the lock is gone')
    const metrics = await call(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    assert.match(
      String(metrics.body),
      /openmodal_load_shed_total\{reason="database"\} (1[3-9]|[2-9]\d)/,
    )

    // SIGTERM with 5 slow RPC calls in flight: every one is answered, then the process exits 0.
    const calls = Array.from({ length: 5 }, (_, i) =>
      call(`${url}/v1/rpc/test-project/eip155:31337`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'eth_blockNumber', params: [] }),
      }),
    )
    await until('the calls to reach the upstream', async () => upstream.received() >= 5)
    instance.child.kill('SIGTERM')
    const inFlight = await Promise.all(calls)
    assert.deepEqual(
      inFlight.map((answer) => [answer.status, answer.body?.result ?? answer.body]),
      Array.from({ length: 5 }, () => [200, '0x2a']),
    )
    assert.equal(await instance.exited, 0)
    const stopped = instance.logs.find((line) => line.msg === 'stopped')
    assert.equal(stopped?.requestsCut, 0)
    await assert.rejects(fetch(`${url}/health`), 'no longer listening')
  } finally {
    if (instance && instance.child.exitCode === null) {
      instance.child.kill('SIGKILL')
      await instance.exited
    }
    await Promise.all([upstream.close(), cluster.stop()])
    rmSync(dir, { recursive: true, force: true })
  }
})
