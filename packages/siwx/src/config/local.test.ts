// localSiwx: the modal's flow against real signatures, sessions in a Storage, verified on read.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ANVIL_PRIVATE_KEYS } from '@openmodal/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { SiwxError } from '../errors.js'
import { parseSiwxMessage } from '../message/siwx.js'
import { localSiwx, type SiwxStorage } from './local.js'
import type { SIWXConfig } from './types.js'

class MemoryStorage implements SiwxStorage {
  readonly items = new Map<string, string>()
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

const [alice, bob] = [
  privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]),
  privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]),
]
const options = {
  domain: 'app.example.com',
  uri: 'https://app.example.com',
  statement: 'Sign in to Example',
}

/** The modal's steps: createMessage → the wallet signs → addSession. */
async function signIn(
  siwx: SIWXConfig,
  account: typeof alice,
  chainId: `eip155:${number}` = 'eip155:1',
) {
  const message = await siwx.createMessage({
    accountAddress: account.address.toLowerCase(),
    chainId,
  })
  const text = message.toString()
  const signature = await account.signMessage({ message: text })
  const session = { data: parseSiwxMessage(text), message: text, signature }
  await siwx.addSession(session)
  return session
}

describe('localSiwx', () => {
  test('a signed session is stored and survives a reload (verified on read)', async () => {
    const storage = new MemoryStorage()
    const siwx = localSiwx({ ...options, storage })
    const message = await siwx.createMessage({ accountAddress: alice.address, chainId: 'eip155:1' })
    assert.equal(message.domain, 'app.example.com')
    assert.match(message.nonce, /^[A-Za-z0-9]{17}$/)
    assert.ok(message.toString().includes('Sign in to Example'))
    assert.deepEqual(await siwx.getSessions('eip155:1', alice.address), [])
    await signIn(siwx, alice)
    const reloaded = localSiwx({ ...options, storage })
    const [session] = await reloaded.getSessions('eip155:1', alice.address.toLowerCase())
    assert.equal(session?.data.accountAddress, alice.address)
    assert.deepEqual(await reloaded.getSessions('eip155:10', alice.address), [])
  })

  test('a replayed or foreign nonce is refused and nothing is stored', async () => {
    const storage = new MemoryStorage()
    const siwx = localSiwx({ ...options, storage })
    const session = await signIn(siwx, alice)
    storage.items.clear()
    await assert.rejects(
      siwx.addSession(session),
      (e) => e instanceof SiwxError && e.reason === 'nonce-mismatch',
    )
    const other = localSiwx({ ...options, storage })
    await assert.rejects(
      other.addSession(session),
      (e) => e instanceof SiwxError && e.reason === 'nonce-mismatch',
    )
    assert.equal(storage.items.size, 0)
  })

  test('a signature of another account or another domain is refused', async () => {
    const storage = new MemoryStorage()
    const siwx = localSiwx({ ...options, storage })
    const message = (
      await siwx.createMessage({ accountAddress: alice.address, chainId: 'eip155:1' })
    ).toString()
    await assert.rejects(
      siwx.addSession({
        data: parseSiwxMessage(message),
        message,
        signature: await bob.signMessage({ message }),
      }),
      (e) => e instanceof SiwxError && e.reason === 'invalid-signature',
    )
    const elsewhere = localSiwx({ ...options, domain: 'evil.example', storage })
    const foreign = (
      await elsewhere.createMessage({ accountAddress: alice.address, chainId: 'eip155:1' })
    ).toString()
    await assert.rejects(
      siwx.addSession({
        data: parseSiwxMessage(foreign),
        message: foreign,
        signature: await alice.signMessage({ message: foreign }),
      }),
      (e) => e instanceof SiwxError,
    )
    assert.equal(storage.items.size, 0)
  })

  test('two accounts on one chain: revoking one leaves the other', async () => {
    const storage = new MemoryStorage()
    const siwx = localSiwx({ ...options, storage })
    await signIn(siwx, alice)
    await signIn(siwx, bob)
    await signIn(siwx, alice, 'eip155:10')
    await siwx.revokeSession('eip155:1', alice.address.toLowerCase())
    assert.deepEqual(await siwx.getSessions('eip155:1', alice.address), [])
    assert.equal((await siwx.getSessions('eip155:1', bob.address)).length, 1)
    assert.equal((await siwx.getSessions('eip155:10', alice.address)).length, 1)
    // Reload: the revoked session does not come back.
    assert.deepEqual(
      await localSiwx({ ...options, storage }).getSessions('eip155:1', alice.address),
      [],
    )
  })

  test('signing in again replaces the session of the same account', async () => {
    const storage = new MemoryStorage()
    const siwx = localSiwx({ ...options, storage })
    await signIn(siwx, alice)
    const second = await signIn(siwx, alice)
    const sessions = await siwx.getSessions('eip155:1', alice.address)
    assert.equal(sessions.length, 1)
    assert.equal(sessions[0]?.message, second.message)
  })

  test('edited and expired entries are dropped on read', async () => {
    const storage = new MemoryStorage()
    let now = new Date('2026-05-01T00:00:00Z')
    const siwx = localSiwx({ ...options, storage, expiresInMs: 60_000, now: () => now })
    await signIn(siwx, alice)
    await signIn(siwx, bob)
    const key = '@openmodal/siwx/sessions'
    const stored = JSON.parse(storage.getItem(key) as string)
    stored[0].message = stored[0].message.replace('Sign in to Example', 'Sign in to Evil')
    storage.setItem(key, JSON.stringify(stored))
    assert.deepEqual(await siwx.getSessions('eip155:1', alice.address), [])
    assert.equal(JSON.parse(storage.getItem(key) as string).length, 1)
    assert.equal((await siwx.getSessions('eip155:1', bob.address)).length, 1)
    now = new Date('2026-05-01T00:01:00Z')
    assert.deepEqual(await siwx.getSessions('eip155:1', bob.address), [])
    assert.equal(storage.getItem(key), null)
  })

  test('setSessions replaces everything with verified sessions; getRequired follows the option', async () => {
    const storage = new MemoryStorage()
    const siwx = localSiwx({ ...options, storage, required: true })
    assert.equal(siwx.getRequired(), true)
    assert.equal(localSiwx(options).getRequired(), false)
    const a = await signIn(siwx, alice)
    await signIn(siwx, bob)
    await siwx.setSessions([a])
    assert.deepEqual(await siwx.getSessions('eip155:1', bob.address), [])
    assert.equal((await siwx.getSessions('eip155:1', alice.address)).length, 1)
    await assert.rejects(siwx.setSessions([{ ...a, signature: '0x00' }]), SiwxError)
  })
})
