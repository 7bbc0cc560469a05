// Vault-key rotation on PostgreSQL with two instances, under traffic, as docs/production.md
// tells an operator to do it: (1) every instance gets the new key as a read key, (2) every
// instance seals with the new key and reads the old one, (3) `vault rewrap` reseals the stored
// shares while logins go on, (4) the old key is retired. After every step, on both instances,
// each visitor's login gets an auth share that rebuilds, with the device's share, the private
// key of the committed address: no login fails and no address changes.
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { test } from 'node:test'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import { runCli } from '../cli.js'
import { type Db, openPostgres } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import { createDeviceKey, type DeviceKey } from '../testing/device-key.js'
import { type EmbeddedStack, login, startEmbeddedStack } from '../testing/embedded-stack.js'
import { testProject } from '../testing/harness.js'
import { findPostgresBin, startPostgresCluster } from '../testing/postgres.js'
import { startSmtpSink } from '../testing/smtp-sink.js'
import { readEmbeddedEnv } from './config.js'
import type { VaultKey } from './crypto.js'
import { readWallet } from './vault.js'

interface Visitor {
  email: string
  ip: string
  device: DeviceKey
  deviceShare: Uint8Array
  address: string
}

/** Many logins per visitor in a few seconds: only the spec's 30 s gap is shortened. */
const LIMITS = { sendGapMs: 1, sendsPerEmailPerHour: 1000, verifiesPerIpPer10Min: 1000 }

test('a read key that is not 32 bytes stops the start, naming the variable', () => {
  const env = {
    OPENMODAL_SECURE_ORIGIN: 'https://secure.example.com',
    OPENMODAL_AUTH_SECRET: 'ab'.repeat(32),
    OPENMODAL_VAULT_KEY: 'cd'.repeat(32),
    OPENMODAL_SMTP_URL: 'smtp://127.0.0.1:2525',
  }
  assert.throws(
    () => readEmbeddedEnv({ ...env, OPENMODAL_VAULT_READ_KEYS: `${'ef'.repeat(32)},abcd` }),
    {
      message: 'OPENMODAL_VAULT_READ_KEYS (key 2) must be 32 bytes, hex or base64 (got 2)',
    },
  )
  const keys = readEmbeddedEnv({ ...env, OPENMODAL_VAULT_READ_KEYS: ` ${'ef'.repeat(32)} ,` })
  assert.deepEqual(keys?.vaultReadKeys, [new Uint8Array(32).fill(0xef)])
  // The gap between codes: the default unless set, and only a whole number of ms.
  assert.equal(keys?.sendGapMs, undefined)
  assert.equal(readEmbeddedEnv({ ...env, OPENMODAL_EMAIL_SEND_GAP_MS: '0' })?.sendGapMs, 0)
  assert.throws(() => readEmbeddedEnv({ ...env, OPENMODAL_EMAIL_SEND_GAP_MS: '1.5' }), {
    message: 'OPENMODAL_EMAIL_SEND_GAP_MS must be 0 to 3600000 ms (got 1.5)',
  })
})

test('rotates the vault key online on two instances; every login keeps its address', async (t) => {
  const bin = findPostgresBin()
  if (!bin) {
    t.skip('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin')
    return
  }
  const [cluster, sink] = await Promise.all([startPostgresCluster(bin), startSmtpSink()])
  const url = await cluster.createDatabase('vault_rotation')
  const dbs: Db[] = []
  const stacks = new Set<EmbeddedStack>()
  const authSecret = randomBytes(32)
  const oldKey = new Uint8Array(randomBytes(32))
  const newKey = new Uint8Array(randomBytes(32))
  const hex = (key: Uint8Array) => Buffer.from(key).toString('hex')
  /** One instance: its own pool on the shared database, the shared secret, its keyring. */
  const instance = async (vaultKey: VaultKey) => {
    const db = openPostgres(url)
    dbs.push(db)
    const stack = await startEmbeddedStack(db, sink, LIMITS, { authSecret, vaultKey })
    // The instances' clocks are real time (the stack's own clock stands still unless moved).
    Object.defineProperty(stack.clock, 'now', { get: () => Date.now() })
    stacks.add(stack)
    return stack
  }
  const retire = async (...old: EmbeddedStack[]) => {
    for (const stack of old) {
      await stack.close()
      stacks.delete(stack)
    }
  }
  try {
    const admin = openPostgres(url)
    dbs.push(admin)
    await prepareDatabase(admin, { seed: false })
    await syncConfig(admin, { projects: [testProject({ features: { email: true } })] })

    /** A visitor whose first device made a wallet through `stack`. */
    const newVisitor = async (stack: EmbeddedStack, n: number): Promise<Visitor> => {
      const email = `visitor${n}@example.com`
      const ip = `10.40.0.${n}`
      const device = await createDeviceKey()
      const { session } = await login(stack, sink, email, device, { ip })
      const secret = new Uint8Array(randomBytes(32))
      const [deviceShare, authShare] = (await split(secret, 3, 2)) as [Uint8Array, Uint8Array]
      const address = privateKeyToAccount(bytesToHex(secret)).address
      const put = await stack.send('PUT', '/v1/wallet', {
        device,
        token: session.token,
        ip,
        body: {
          commitment: { eip155: address },
          authShare: Buffer.from(authShare).toString('base64'),
          recoveryShare: randomBytes(33 + 44).toString('base64'),
          factor: {
            kind: 'passphrase',
            salt: randomBytes(16).toString('base64'),
            kdf: { name: 'argon2id', m: 65_536, t: 3, p: 1 },
          },
        },
      })
      assert.equal(put.status, 201, JSON.stringify(put.body))
      return { email, ip, device, deviceShare, address }
    }
    let logins = 0
    /** A fresh login on `stack`; the address the device share and the auth share rebuild. */
    const loginAddress = async (stack: EmbeddedStack, visitor: Visitor) => {
      logins++
      const { session } = await login(stack, sink, visitor.email, visitor.device, {
        ip: visitor.ip,
      })
      const shares = await stack.send('GET', '/v1/wallet/shares', {
        device: visitor.device,
        token: session.token,
        ip: visitor.ip,
      })
      assert.equal(shares.status, 200, JSON.stringify(shares.body))
      const secret = await combine([
        visitor.deviceShare,
        new Uint8Array(Buffer.from(shares.body.authShare, 'base64')),
      ])
      return privateKeyToAccount(bytesToHex(secret)).address
    }
    const visitors: Visitor[] = []
    /**
     * Every visitor logs in on each given instance (visitors at once, one login at a time each:
     * a device's newer code replaces its older one) and rebuilds the same address.
     */
    const everyoneLogsIn = async (step: string, ...on: EmbeddedStack[]) => {
      await Promise.all(
        visitors.map(async (visitor) => {
          for (const stack of on) {
            const rebuilt = await loginAddress(stack, visitor)
            assert.equal(rebuilt, visitor.address, `${step}: the login rebuilds the address`)
          }
        }),
      )
    }

    // Before: two instances on the old key, a wallet made through each.
    const a0 = await instance(oldKey)
    const b0 = await instance(oldKey)
    visitors.push(await newVisitor(a0, 1), await newVisitor(b0, 2))

    // Step 1, rolled one instance at a time: the new key can open, nothing is sealed with it.
    const a1 = await instance({ current: oldKey, others: [newKey] })
    await everyoneLogsIn('step 1, mid-roll', a1, b0)
    await retire(a0)
    const b1 = await instance({ current: oldKey, others: [newKey] })
    await retire(b0)

    // Step 2, rolled: seal with the new key, open the old. A wallet made on a rolled instance
    // (new key) opens on the one not rolled yet, which has the new key as a read key.
    const a2 = await instance({ current: newKey, others: [oldKey] })
    visitors.push(await newVisitor(a2, 3))
    await everyoneLogsIn('step 2, mid-roll', a2, b1)
    await retire(a1)
    const b2 = await instance({ current: newKey, others: [oldKey] })
    await retire(b1)

    // Step 3: reseal under traffic (logins on both instances, a new wallet) with the CLI.
    const out: string[] = []
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) }
    const env = { OPENMODAL_VAULT_KEY: hex(newKey), OPENMODAL_VAULT_READ_KEYS: hex(oldKey) }
    const [code] = await Promise.all([
      runCli(['vault', 'rewrap'], admin, io, env),
      everyoneLogsIn('step 3, during the rewrap', a2, b2),
      newVisitor(b2, 4).then((visitor) => visitors.push(visitor)),
    ])
    assert.equal(code, 0, out.join('\n'))
    assert.match(out.join('\n'), /resealed [1-3] under OPENMODAL_VAULT_KEY/)
    out.length = 0
    assert.equal(await runCli(['vault', 'status'], admin, io, env), 0)
    assert.deepEqual(out, [
      'OPENMODAL_VAULT_KEY opens 4 row(s)',
      'OPENMODAL_VAULT_READ_KEYS key 1 is still needed by 0 row(s)',
    ])

    // Step 4: the old key retired everywhere; every login still rebuilds its address, and the
    // old key alone opens nothing any more.
    const a3 = await instance(newKey)
    const b3 = await instance(newKey)
    await retire(a2, b2)
    await everyoneLogsIn('step 4, old key retired', a3, b3)
    const [first] = await admin.query<{ user_id: string }>(
      'select user_id from embedded.wallets limit 1',
    )
    await assert.rejects(readWallet(admin, oldKey, String(first?.user_id)), /no vault key opens/)
    t.diagnostic(`${visitors.length} wallets, ${logins} logins across the rotation, none failed`)
  } finally {
    for (const stack of stacks) await stack.close()
    for (const db of dbs) await db.close()
    await sink.close()
    await cluster.stop()
  }
})
