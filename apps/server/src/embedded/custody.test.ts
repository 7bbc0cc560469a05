// Test 1 of the custody rules: a script with its own device key and one valid code (read from
// the real mailbox) can neither log in, nor get a share, nor rebuild the key, in the project
// where the visitor has the wallet or in another one. The wallet is a real secp256k1 key split
// 2-of-3 with the audited Shamir library, as the secure frame does.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { prepareDatabase } from '../bootstrap.js'
import { syncConfig } from '../projects/config-file.js'
import { createDeviceKey, type DeviceKey } from '../testing/device-key.js'
import {
  type EmbeddedStack,
  login,
  startEmbeddedStack,
  startLogin,
} from '../testing/embedded-stack.js'
import { type Json, testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import { startSmtpSink } from '../testing/smtp-sink.js'

const OTHER_DAPP = 'https://other.example.net'

/** Every share an answer carries, whatever its field is called. */
function sharesIn(body: Json): Uint8Array[] {
  const found: Uint8Array[] = []
  for (const key of ['authShare', 'recoveryShare']) {
    if (typeof body?.[key] === 'string')
      found.push(new Uint8Array(Buffer.from(body[key], 'base64')))
  }
  return found
}

/** What a script holding a token and a device key can take from the vault. */
async function loot(stack: EmbeddedStack, device: DeviceKey, token: string, projectId: string) {
  const taken: Uint8Array[] = []
  for (const [method, path] of [
    ['GET', '/v1/wallet/shares'],
    ['POST', '/v1/wallet/recovery'],
  ] as const) {
    const answer = await stack.send(method, path, {
      device,
      token,
      projectId,
      ...(method === 'POST' ? { body: {} } : {}),
    })
    taken.push(...sharesIn(answer.body))
  }
  return taken
}

/** Whether any two of `shares` rebuild the key of `address`. */
async function rebuilds(shares: Uint8Array[], address: string): Promise<boolean> {
  for (let i = 0; i < shares.length; i++) {
    for (let j = i + 1; j < shares.length; j++) {
      try {
        const key = bytesToHex(await combine([shares[i] as Uint8Array, shares[j] as Uint8Array]))
        if (privateKeyToAccount(key).address === address) return true
      } catch {}
    }
  }
  return false
}

test('one leaked code and a foreign device key take nothing, in this project or another', async (t) => {
  const db = await openTestPglite()
  const sink = await startSmtpSink()
  await prepareDatabase(db, { seed: false })
  await syncConfig(db, {
    // Custodial: the recovery share is the share itself, the most a thief could take.
    projects: [
      testProject({ features: { email: true }, recovery: 'custodial' }),
      testProject({
        projectId: 'other-project',
        name: 'Other project',
        allowedOrigins: [OTHER_DAPP],
        features: { email: true },
      }),
    ],
  })
  const stack = await startEmbeddedStack(db, sink)
  try {
    // The visitor's frame makes the wallet in test-project: a real key, split 2-of-3.
    const email = `visitor.${Date.now()}@example.com`
    const visitor = await createDeviceKey(() => stack.clock.now)
    const privateKey = generatePrivateKey()
    const account = privateKeyToAccount(privateKey)
    const [deviceShare, authShare, recoveryShare] = await split(hexToBytes(privateKey), 3, 2)
    assert.ok(deviceShare && authShare && recoveryShare)
    const { session } = await login(stack, sink, email, visitor, { ip: '10.20.0.1' })
    const put = await stack.send('PUT', '/v1/wallet', {
      device: visitor,
      token: session.token,
      body: {
        commitment: { eip155: account.address },
        authShare: Buffer.from(authShare).toString('base64'),
        recoveryShare: Buffer.from(recoveryShare).toString('base64'),
        factor: { kind: 'custodial' },
      },
    })
    assert.equal(put.status, 201, JSON.stringify(put.body))
    assert.ok(await rebuilds([deviceShare, authShare], account.address), 'the split is real')

    const attacker = await createDeviceKey(() => stack.clock.now)
    for (const [projectId, dappOrigin] of [
      ['test-project', 'https://app.example.com'],
      ['other-project', OTHER_DAPP],
    ] as const) {
      await t.test(`through ${projectId}`, async () => {
        stack.clock.now += 31_000
        // The visitor's frame starts a login; the code it mails leaks (typed into a hostile page).
        const leaked = await startLogin(stack, sink, email, visitor, {
          projectId,
          dappOrigin,
          ip: '10.20.0.2',
        })
        const verify = await stack.send('POST', '/v1/auth/email/verify', {
          body: leaked,
          device: attacker,
          projectId,
          ip: '10.20.0.3',
        })
        const token: string | undefined = verify.body?.session?.token
        const taken = token ? await loot(stack, attacker, token, projectId) : []
        // Its own attempt, for the same address, with the leaked code.
        stack.clock.now += 31_000
        const own = await stack.send('POST', '/v1/auth/email/start', {
          body: { projectId, email, dappOrigin },
          device: attacker,
          projectId,
          ip: '10.20.0.3',
        })
        const ownVerify = await stack.send('POST', '/v1/auth/email/verify', {
          body: { attemptId: own.body.attemptId, otp: leaked.otp },
          device: attacker,
          projectId,
          ip: '10.20.0.3',
        })
        const ownToken: string | undefined = ownVerify.body?.session?.token
        if (ownToken) taken.push(...(await loot(stack, attacker, ownToken, projectId)))

        assert.equal(
          verify.status,
          401,
          `the leaked code logged in: ${JSON.stringify(verify.body)}`,
        )
        assert.equal(verify.body.error.code, 'INVALID_PROOF')
        assert.equal(ownVerify.status, 400, 'the code of another attempt works nowhere else')
        assert.equal(taken.length, 0, 'no share left the vault')
        assert.equal(await rebuilds(taken, account.address), false)
      })
    }
  } finally {
    await stack.close()
    await sink.close()
    await db.close()
  }
})
