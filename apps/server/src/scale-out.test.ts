// Two server processes on one PostgreSQL: e-mail codes, limits and sessions live in the database,
// and exactly one instance indexes the chain, the other taking over when it is killed.
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { startAnvil } from '@openmodal/testing/node'
import { prepareDatabase } from './bootstrap.js'
import { openPostgres } from './db/db.js'
import { testChain } from './testing/chain.js'
import { createDeviceKey } from './testing/device-key.js'
import { call, testProject } from './testing/harness.js'
import { findPostgresBin, startPostgresCluster } from './testing/postgres.js'
import { otpOf, startSmtpSink } from './testing/smtp-sink.js'

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
const SECURE = 'http://localhost:4400'
const DAPP = 'https://app.example.com'
const METRICS_TOKEN = 'scale-out-metrics-token'

interface Instance {
  name: string
  child: ChildProcess
  url: string
  logs: Record<string, unknown>[]
  waitForLog(msg: string, timeoutMs?: number): Promise<void>
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(
    process.execPath,
    ['--conditions=@openmodal/source', '--import', 'tsx', 'src/main.ts'],
    { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const logs: Record<string, unknown>[] = []
  const waiters = new Set<() => void>()
  let buffered = ''
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk)
  })
  child.stdout?.on('data', (chunk) => {
    buffered += String(chunk)
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line))
      } catch {}
    }
    for (const wake of waiters) wake()
  })
  const waitForLog = (msg: string, timeoutMs = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!logs.some((line) => line.msg === msg)) return
        waiters.delete(check)
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`${name}: no "${msg}" log in ${timeoutMs} ms\n${stderr}`))
      }, timeoutMs)
      waiters.add(check)
      check()
    })
  await waitForLog('listening')
  const url = String(logs.find((line) => line.msg === 'listening')?.url)
  return { name, child, url, logs, waitForLog }
}

async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM') {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return
  const exited = new Promise((resolve) => instance.child.once('exit', resolve))
  if (instance.child.pid) process.kill(instance.child.pid, signal)
  await exited
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

test('two instances on one PostgreSQL share codes, limits and the indexer', async (t) => {
  const bin = findPostgresBin()
  if (!bin) {
    t.skip(
      'PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)',
    )
    return
  }
  const [cluster, anvil, sink] = await Promise.all([
    startPostgresCluster(bin),
    startAnvil(),
    startSmtpSink(),
  ])
  const dir = mkdtempSync(join(tmpdir(), 'openmodal-scale-'))
  const instances: Instance[] = []
  const databaseUrl = await cluster.createDatabase('scale_out')
  const db = openPostgres(databaseUrl)
  try {
    const configPath = join(dir, 'openmodal.config.json')
    writeFileSync(
      configPath,
      JSON.stringify({
        projects: [
          testProject({
            features: { email: true },
            chains: [{ caipNetworkId: 'eip155:31337', rpcUrls: [anvil.rpcUrl] }],
          }),
        ],
      }),
    )
    await prepareDatabase(db, { seed: false })
    const env = {
      DATABASE_URL: databaseUrl,
      OPENMODAL_CONFIG: configPath,
      OPENMODAL_PORT: '0',
      LOG_LEVEL: 'info',
      OPENMODAL_TRUST_PROXY: '1',
      OPENMODAL_INDEXER_POLL_MS: '100',
      OPENMODAL_INDEXER_LOCK_RETRY_MS: '200',
      OPENMODAL_SECURE_ORIGIN: SECURE,
      OPENMODAL_AUTH_SECRET: randomBytes(32).toString('hex'),
      OPENMODAL_VAULT_KEY: randomBytes(32).toString('hex'),
      OPENMODAL_SMTP_URL: sink.url,
      OPENMODAL_METRICS_TOKEN: METRICS_TOKEN,
    }
    const a = await startInstance('a', env)
    instances.push(a)
    await a.waitForLog('indexer lock taken')
    const b = await startInstance('b', env)
    instances.push(b)

    // A code sent through one instance verifies through the other.
    const email = 'scale@example.com'
    const send = (instance: Instance, path: string, body: unknown, headers = {}) =>
      call(`${instance.url}${path}`, {
        method: 'POST',
        headers: {
          origin: SECURE,
          'content-type': 'application/json',
          'x-forwarded-for': '10.20.0.1',
          ...headers,
        },
        body: JSON.stringify(body),
      })
    const device = await createDeviceKey()
    const startUrl = (instance: Instance) => `${instance.url}/v1/auth/email/start`
    const start = await send(
      a,
      '/v1/auth/email/start',
      { projectId: 'test-project', email, dappOrigin: DAPP },
      { 'openmodal-proof': await device.proof('POST', startUrl(a)) },
    )
    assert.equal(start.status, 200)
    const otp = otpOf(await sink.waitForMail(email))
    const verifyUrl = `${b.url}/v1/auth/email/verify`
    const verified = await send(
      b,
      '/v1/auth/email/verify',
      { attemptId: start.body.attemptId, otp },
      {
        'openmodal-proof': await device.proof('POST', verifyUrl),
        'openmodal-project': 'test-project',
      },
    )
    assert.equal(verified.status, 200, JSON.stringify(verified.body))
    const token = verified.body.session.token as string
    const me = await call(`${a.url}/v1/me`, {
      headers: {
        origin: SECURE,
        authorization: `Bearer ${token}`,
        'openmodal-project': 'test-project',
        'openmodal-proof': await device.proof('GET', `${a.url}/v1/me`, { token }),
      },
    })
    assert.equal(me.body.user.email, email, 'the session made on b works on a')

    // The 30 s gap holds across both instances.
    const again = await send(
      b,
      '/v1/auth/email/start',
      { projectId: 'test-project', email, dappOrigin: DAPP },
      { 'openmodal-proof': await device.proof('POST', startUrl(b)) },
    )
    assert.equal(again.status, 429)
    assert.match(again.body.error.message, /^Please try again after (29|30) seconds$/)

    // Only a indexes; b keeps waiting for the lock.
    const chain = testChain(anvil.rpcUrl)
    const bob = ANVIL_ADDRESSES[1]
    const hashes = [await chain.sendEth(0, bob, 1n), await chain.sendEth(0, bob, 2n)]
    const indexed = async (wanted: string[]) => {
      const rows = await db.query<{ tx_hash: string; n: number }>(
        `select tx_hash, count(*)::int as n from chain_transfers
         where tx_hash = any($1) group by tx_hash`,
        [wanted.map((hash) => hash.toLowerCase())],
      )
      return rows.length === wanted.length ? rows : undefined
    }
    await until('a to index', () => indexed(hashes))
    assert.ok(!b.logs.some((line) => line.msg === 'indexer lock taken'))

    // The indexing instance reports its lag per chain; it reaches 0 once it caught up.
    const lag = async (instance: Instance) => {
      const answer = await call(`${instance.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
      const match = /openmodal_indexer_lag_blocks\{chain="eip155:31337"\} (\d+)/.exec(
        String(answer.body),
      )
      return match ? Number(match[1]) : undefined
    }
    await until('a to report no lag', async () => ((await lag(a)) === 0 ? true : undefined))
    assert.equal(await lag(b), undefined, 'only the indexing instance reports a lag')

    // Killing a (no clean shutdown) frees the lock with its connection; b takes over.
    const killedAt = performance.now()
    await stopInstance(a, 'SIGKILL')
    await b.waitForLog('indexer lock taken')
    t.diagnostic(
      `b took the indexer lock ${Math.round(performance.now() - killedAt)} ms after a was killed`,
    )
    hashes.push(await chain.sendEth(0, bob, 3n), await chain.sendEth(0, bob, 4n))
    const rows = await until('b to index', () => indexed(hashes))
    assert.deepEqual(
      rows.map((row) => row.n),
      [1, 1, 1, 1],
      'each transfer is stored once',
    )
    const [blocks] = await db.query<{ n: number; distinct: number; top: number }>(
      `select count(*)::int as n, count(distinct block_number)::int as distinct,
              max(block_number)::int as top
       from indexer_blocks where chain_id = 'eip155:31337'`,
    )
    assert.equal(blocks?.n, blocks?.distinct)
    const [txs] = await db.query<{ n: number; distinct: number }>(
      `select count(*)::int as n, count(distinct tx_hash)::int as distinct
       from account_transactions where address = $1`,
      [bob.toLowerCase()],
    )
    assert.equal(txs?.n, 4)
    assert.equal(txs?.distinct, 4)
  } finally {
    for (const instance of instances) await stopInstance(instance)
    await db.close()
    await Promise.all([anvil.stop(), sink.close()])
    await cluster.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
