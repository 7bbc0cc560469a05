// Two server processes on one PostgreSQL: e-mail codes, limits and sessions live in the database,
// and exactly one instance indexes the chain, the other taking over when it is killed. That kill
// comes with flows in flight: an e-mail login start, a code check, a SIWX sign-in, a wallet store
// and a send are held inside instance a (on row, table and advisory locks and the chain's
// answer), a is SIGKILLed, and the client sends the same requests to b, as through the load
// balancer: each flow completes once, nothing a wrote is left behind. Last, PostgreSQL restarts
// under b with a login in flight: 503 + Retry-After while it is down, done after
// (docs/production.md, faults).
import assert from 'node:assert/strict'
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import {
  createSiwxMessageData,
  formatSiwxMessage,
  parseSiwxMessage,
  serverSiwx,
} from '@openmodal/siwx'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import { startAnvil } from '@openmodal/testing/node'
import pg from 'pg'
import { createWalletClient, http, keccak256 } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { prepareDatabase } from './bootstrap.js'
import { openPostgres } from './db/db.js'
import { testChain } from './testing/chain.js'
import { createDeviceKey, type DeviceKey } from './testing/device-key.js'
import { call, type Json, testProject } from './testing/harness.js'
import { startHoldingUpstream } from './testing/holding-upstream.js'
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
  // A cold start under load (tsx compiling the server) can take tens of seconds.
  await waitForLog('listening', 60_000)
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
  const upstream = await startHoldingUpstream(anvil.rpcUrl)
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
            chains: [{ caipNetworkId: 'eip155:31337', rpcUrls: [upstream.url] }],
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
    const sentAt = Date.now()
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
    // The seconds left count down from 30 by the time this test took since the first send
    // (whole seconds on a loaded machine), never more.
    const left = Number(
      /^Please try again after (\d+) seconds$/.exec(again.body.error.message)?.[1],
    )
    const spent = Math.ceil((Date.now() - sentAt) / 1000)
    assert.ok(left <= 30 && left >= 30 - spent, `${again.body.error.message} after ${spent} s`)

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

    // Flows in flight on a when it dies. The frame signs a fresh device-key proof for the
    // instance's URL on each call; the dapp calls with its Origin.
    const frame = (key: DeviceKey, ip: string) => ({
      async post(instance: Instance, path: string, body: unknown) {
        const url = `${instance.url}${path}`
        return call(url, {
          method: 'POST',
          headers: {
            origin: SECURE,
            'content-type': 'application/json',
            'x-forwarded-for': ip,
            'openmodal-project': 'test-project',
            'openmodal-proof': await key.proof('POST', url),
          },
          body: JSON.stringify(body),
        })
      },
    })
    const dapp = (instance: Instance, path: string, init: RequestInit = {}) =>
      call(`${instance.url}${path}`, {
        ...init,
        headers: { origin: DAPP, 'content-type': 'application/json', ...init.headers },
      })
    const count = async (sql: string, params: unknown[] = []) =>
      (await db.query<{ n: number }>(sql, params))[0]?.n
    // An e-mail login whose code check a will run (the code asked through b), and one whose
    // start a will run.
    const verifierKey = await createDeviceKey()
    const verifier = frame(verifierKey, '10.30.0.1')
    const verifyEmail = 'verify@example.com'
    const asked = await verifier.post(b, '/v1/auth/email/start', {
      projectId: 'test-project',
      email: verifyEmail,
      dappOrigin: DAPP,
    })
    assert.equal(asked.status, 200, JSON.stringify(asked.body))
    const verifyBody = {
      attemptId: asked.body.attemptId,
      otp: otpOf(await sink.waitForMail(verifyEmail)),
    }
    const starter = frame(await createDeviceKey(), '10.30.0.2')
    const startEmail = 'start@example.com'
    const startBody = { projectId: 'test-project', email: startEmail, dappOrigin: DAPP }
    // A SIWX sign-in: the nonce from b, the message signed by an anvil account.
    const signer = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
    const issued = await dapp(b, '/v1/auth/nonce?projectId=test-project')
    assert.equal(issued.status, 200, JSON.stringify(issued.body))
    const message = formatSiwxMessage(
      createSiwxMessageData({
        accountAddress: signer.address,
        chainId: 'eip155:31337',
        domain: new URL(DAPP).host,
        uri: DAPP,
        statement: 'Sign in to Test project',
        nonce: issued.body.nonce,
        issuedAt: new Date(),
        expiresInMs: 60 * 60_000,
      }),
    )
    const siwxBody = JSON.stringify({
      message,
      signature: await signer.signMessage({ message }),
      token: issued.body.token,
    })
    // A send: a transfer signed in the wallet, sent raw through the RPC proxy.
    const sender = createWalletClient({
      account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[4]),
      chain: foundry,
      transport: http(anvil.rpcUrl),
    })
    const receiver = ANVIL_ADDRESSES[5]
    const sent = 123_456_789n
    const balanceBefore = await chain.client.getBalance({ address: receiver })
    const raw = await sender.signTransaction(
      await sender.prepareTransactionRequest({ to: receiver, value: sent }),
    )
    const sendBody = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendRawTransaction',
      params: [raw],
    })
    // The first wallet of the account signed in above, stored through the vault.
    const b64 = (bytes: number) => randomBytes(bytes).toString('base64')
    const walletBody = JSON.stringify({
      commitment: { eip155: ANVIL_ADDRESSES[6] },
      authShare: b64(33),
      recoveryShare: b64(33 + 44),
      factor: {
        kind: 'passphrase',
        salt: b64(16),
        kdf: { name: 'argon2id', m: 65_536, t: 3, p: 1 },
      },
    })
    const vault = async (instance: Instance, method: 'PUT' | 'GET', path: string) => {
      const url = `${instance.url}${path}`
      return call(url, {
        method,
        headers: {
          origin: SECURE,
          'content-type': 'application/json',
          'x-forwarded-for': '10.20.0.1',
          authorization: `Bearer ${token}`,
          'openmodal-project': 'test-project',
          'openmodal-proof': await device.proof(method, url, { token }),
        },
        ...(method === 'PUT' ? { body: walletBody } : {}),
      })
    }
    const siwxPath = '/v1/auth/authenticate?projectId=test-project'
    const rpcPath = '/v1/rpc/test-project/eip155:31337'

    // Hold all four inside a: the code's row, the start's per-address limit and the nonce's
    // row locked by another session; the chain's answer to the send kept back (the node has
    // mined it).
    const locker = new pg.Client({ connectionString: databaseUrl })
    await locker.connect()
    await locker.query('begin')
    await locker.query(
      `select id from embedded.otp_codes where flow_id = $1 and purpose = 'login' for update`,
      [asked.body.attemptId],
    )
    await locker.query('select pg_advisory_xact_lock(hashtextextended($1, 17))', [
      'send-ip|10.30.0.2',
    ])
    await locker.query('select nonce from auth_nonces where nonce = $1 for update', [
      issued.body.nonce,
    ])
    await locker.query('lock table embedded.wallet_devices in share mode')
    upstream.hold(['eth_sendRawTransaction'])
    const inFlight = [
      verifier.post(a, '/v1/auth/email/verify', verifyBody),
      starter.post(a, '/v1/auth/email/start', startBody),
      dapp(a, siwxPath, { method: 'POST', body: siwxBody }),
      dapp(a, rpcPath, { method: 'POST', body: sendBody }),
      vault(a, 'PUT', '/v1/wallet'),
    ].map((request) =>
      request.then(
        (answer) => `answered ${answer.status}`,
        (error: Error) => `failed: ${error.name}`,
      ),
    )
    await until('a to wait on the four locks', async () =>
      (await count(
        `select count(*)::int as n from pg_stat_activity
         where datname = 'scale_out' and wait_event_type = 'Lock'`,
      )) === 4
        ? true
        : undefined,
    )
    await until('the send to reach the chain', async () =>
      upstream.held().length > 0 ? true : undefined,
    )
    assert.equal(await chain.client.getBalance({ address: receiver }), balanceBefore + sent)

    // Killing a (no clean shutdown) frees the lock with its connection; b takes over.
    const killedAt = performance.now()
    await stopInstance(a, 'SIGKILL')
    await b.waitForLog('indexer lock taken')
    t.diagnostic(
      `b took the indexer lock ${Math.round(performance.now() - killedAt)} ms after a was killed`,
    )
    // What the visitor's client saw from a: the connection dropped, no answer at all.
    assert.deepEqual(await Promise.all(inFlight), Array(5).fill('failed: TypeError'))
    await locker.query('rollback')
    await locker.end()
    upstream.release()

    // The same requests again, now to b: each completes, once.
    const timed = async (request: Promise<{ status: number; body: Json }>) => {
      const answer = await request
      return { ...answer, ms: Math.round(performance.now() - killedAt) }
    }
    const [checked, restarted, signedIn, resent, stored] = await Promise.all([
      timed(verifier.post(b, '/v1/auth/email/verify', verifyBody)),
      timed(starter.post(b, '/v1/auth/email/start', startBody)),
      timed(dapp(b, siwxPath, { method: 'POST', body: siwxBody })),
      timed(dapp(b, rpcPath, { method: 'POST', body: sendBody })),
      timed(vault(b, 'PUT', '/v1/wallet')),
    ])
    t.diagnostic(
      `answered by b after the SIGKILL in: code check ${checked.ms} ms, start ${restarted.ms} ms, ` +
        `SIWX ${signedIn.ms} ms, send ${resent.ms} ms, wallet ${stored.ms} ms`,
    )
    // The code a was checking is still unused: it signs in through b, one user, one session.
    assert.equal(checked.status, 200, JSON.stringify(checked.body))
    assert.equal(
      await count(
        `select count(*)::int as n from embedded.sessions s
         join embedded.users u on u.id = s.user_id where u.email = $1`,
        [verifyEmail],
      ),
      1,
    )
    // The start a ran left no code and spent no limit: b sends the code at once (no
    // "Please try again after 30 seconds"), and there is one code.
    assert.equal(restarted.status, 200, JSON.stringify(restarted.body))
    assert.match(otpOf(await sink.waitForMail(startEmail)), /^\d{6}$/)
    assert.equal(
      await count('select count(*)::int as n from embedded.otp_codes where email = $1', [
        startEmail,
      ]),
      1,
    )
    // The nonce a was using is still unused: b signs in, one session.
    assert.equal(signedIn.status, 201, JSON.stringify(signedIn.body))
    assert.equal(
      await count('select count(*)::int as n from auth_sessions where address = $1', [
        signer.address,
      ]),
      1,
    )
    // The transaction a sent was mined; sent again (the node says "nonce too low") it answers
    // its hash, and the value moved once.
    assert.deepEqual([resent.status, resent.body.result], [200, keccak256(raw)])
    assert.equal(await chain.client.getBalance({ address: receiver }), balanceBefore + sent)
    // The wallet a was storing was not half-stored (its row without its device made the retry
    // a 409 "This account already has a wallet" and the device a stranger to it): b stores it,
    // and this device gets its share back.
    assert.equal(stored.status, 201, JSON.stringify(stored.body))
    const shares = await vault(b, 'GET', '/v1/wallet/shares')
    assert.equal(shares.status, 200, JSON.stringify(shares.body))
    assert.equal(shares.body.authShare, JSON.parse(walletBody).authShare)
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

    // PostgreSQL restarts under b with a login in flight: 503 + Retry-After while it is down,
    // then the same request goes through; the session made before still works.
    const late = frame(await createDeviceKey(), '10.30.0.3')
    const lateBody = { projectId: 'test-project', email: 'late@example.com', dappOrigin: DAPP }
    await cluster.pause()
    const downAt = performance.now()
    const refused = await late.post(b, '/v1/auth/email/start', lateBody)
    assert.equal(refused.status, 503, JSON.stringify(refused.body))
    assert.equal(refused.headers.get('retry-after'), '2')
    await cluster.resume()
    const retried = await until('b to serve again', async () => {
      const answer = await late.post(b, '/v1/auth/email/start', lateBody)
      return answer.status === 503 ? undefined : answer
    })
    t.diagnostic(
      `PostgreSQL stopped and started: the login start answered 503 for ${Math.round(performance.now() - downAt)} ms`,
    )
    assert.equal(retried.status, 200, JSON.stringify(retried.body))
    assert.match(otpOf(await sink.waitForMail('late@example.com')), /^\d{6}$/)
    assert.equal(
      await count('select count(*)::int as n from embedded.otp_codes where email = $1', [
        'late@example.com',
      ]),
      1,
    )

    // The kit's own SIWX client through a second restart: its first call is refused with 503,
    // it waits the Retry-After and asks again, and the sign-in completes, once.
    const statuses: number[] = []
    const items = new Map<string, string>()
    const siwx = serverSiwx({
      apiUrl: b.url,
      projectId: 'test-project',
      domain: new URL(DAPP).host,
      uri: DAPP,
      statement: 'Sign in to Test project',
      storage: {
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => void items.set(key, value),
        removeItem: (key) => void items.delete(key),
      },
      // A page on DAPP: the browser would send the Origin header itself.
      fetch: async (input, init) => {
        const headers = { ...(init?.headers as Record<string, string>), origin: DAPP }
        const response = await fetch(input, { ...init, headers })
        statuses.push(response.status)
        return response
      },
    })
    const siwxSigner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[5])
    await cluster.pause()
    const signingIn = (async () => {
      const chainId = 'eip155:31337'
      const text = (
        await siwx.createMessage({ accountAddress: siwxSigner.address, chainId })
      ).toString()
      const signature = await siwxSigner.signMessage({ message: text })
      await siwx.addSession({ data: parseSiwxMessage(text), message: text, signature })
    })()
    await until('the SIWX client to be refused', async () => (statuses.length ? true : undefined))
    await cluster.resume()
    await signingIn
    assert.equal(statuses[0], 503, `the first answer while PostgreSQL was down: ${statuses}`)
    assert.equal(statuses.at(-1), 201, `the sign-in after the restart: ${statuses}`)
    assert.equal((await siwx.getSessions('eip155:31337', siwxSigner.address)).length, 1)
    assert.equal(
      await count('select count(*)::int as n from auth_sessions where lower(address) = $1', [
        siwxSigner.address.toLowerCase(),
      ]),
      1,
    )

    const session = checked.body.session.token as string
    const meUrl = `${b.url}/v1/me`
    const afterRestart = await call(meUrl, {
      headers: {
        origin: SECURE,
        authorization: `Bearer ${session}`,
        'openmodal-project': 'test-project',
        'openmodal-proof': await verifierKey.proof('GET', meUrl, { token: session }),
      },
    })
    assert.equal(afterRestart.body.user.email, verifyEmail, 'a session from before the restart')
  } finally {
    for (const instance of instances) await stopInstance(instance)
    await db.close()
    await Promise.all([anvil.stop(), sink.close(), upstream.close()])
    await cluster.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})
