import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { BaseError } from '../errors/base.js'
import { createStorage, storage as defaultStorage, STORAGE_PREFIX } from './storage.js'

/** The Web Storage interface over a Map, as the browser's localStorage behaves. */
class MemoryStorage implements Storage {
  readonly entries = new Map<string, string>()
  get length(): number {
    return this.entries.size
  }
  clear(): void {
    this.entries.clear()
  }
  getItem(key: string): string | null {
    return this.entries.get(key) ?? null
  }
  key(index: number): string | null {
    return [...this.entries.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.entries.delete(key)
  }
  setItem(key: string, value: string): void {
    this.entries.set(key, String(value))
  }
}

/** A storage whose quota is already used up: every write throws, reads still work. */
class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }
}

/** Storage of an opaque origin: every call throws, as in a sandboxed iframe. */
class BlockedStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  }
  override setItem(): void {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  }
  override removeItem(): void {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  }
}

function setup() {
  const backend = new MemoryStorage()
  return { backend, storage: createStorage(() => backend) }
}

describe('createStorage reads and writes', () => {
  test('round-trips every key with its type', () => {
    const { storage } = setup()
    storage.set('email', 'a@b.io')
    storage.set('emailLoginUsed', true)
    storage.set('lastEmailLoginTime', 1700000000000)
    storage.set('socialUsername', 'alice')
    storage.set('socialProvider', 'github')
    storage.set('lastUsedChain', 'eip155:137')
    storage.set('smartAccountEnabledNetworks', [1, 137])
    storage.set('recentWallets', [{ id: 'metamask', rdns: 'io.metamask' }])
    storage.set('connectedConnectorIds', { eip155: 'injected', solana: 'phantom' })
    storage.set('activeCaipNetworkId', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    storage.set('themeMode', 'dark')
    storage.set('locale', 'fr')
    assert.equal(storage.get('email'), 'a@b.io')
    assert.equal(storage.get('emailLoginUsed'), true)
    assert.equal(storage.get('lastEmailLoginTime'), 1700000000000)
    assert.equal(storage.get('socialUsername'), 'alice')
    assert.equal(storage.get('socialProvider'), 'github')
    assert.equal(storage.get('lastUsedChain'), 'eip155:137')
    assert.deepEqual(storage.get('smartAccountEnabledNetworks'), [1, 137])
    assert.deepEqual(storage.get('recentWallets'), [{ id: 'metamask', rdns: 'io.metamask' }])
    assert.deepEqual(storage.get('connectedConnectorIds'), {
      eip155: 'injected',
      solana: 'phantom',
    })
    assert.equal(storage.get('activeCaipNetworkId'), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    assert.equal(storage.get('themeMode'), 'dark')
    assert.equal(storage.get('locale'), 'fr')
  })

  test('prefixes every key with @openmodal/', () => {
    const { backend, storage } = setup()
    storage.set('themeMode', 'light')
    assert.deepEqual([...backend.entries.keys()], ['@openmodal/themeMode'])
    assert.equal(STORAGE_PREFIX, '@openmodal/')
  })

  test('stores smart-account networks as a comma list', () => {
    const { backend, storage } = setup()
    storage.set('smartAccountEnabledNetworks', [1, 8453])
    assert.equal(backend.getItem('@openmodal/smartAccountEnabledNetworks'), '1,8453')
    backend.setItem('@openmodal/smartAccountEnabledNetworks', '10,137')
    assert.deepEqual(storage.get('smartAccountEnabledNetworks'), [10, 137])
  })

  test('reads an empty smart-account list as no networks', () => {
    const { storage } = setup()
    storage.set('smartAccountEnabledNetworks', [])
    assert.deepEqual(storage.get('smartAccountEnabledNetworks'), [])
  })

  test('returns undefined for a missing key', () => {
    assert.equal(setup().storage.get('email'), undefined)
  })

  test('remove deletes one key', () => {
    const { backend, storage } = setup()
    storage.set('email', 'a@b.io')
    storage.set('locale', 'en')
    storage.remove('email')
    assert.equal(storage.get('email'), undefined)
    assert.equal(backend.getItem('@openmodal/locale'), '"en"')
  })
})

describe('createStorage validates what it reads', () => {
  const bad: [string, string][] = [
    ['email', '{not json'],
    ['emailLoginUsed', '"yes"'],
    ['lastEmailLoginTime', '"soon"'],
    ['lastUsedChain', '"tron:1"'],
    ['smartAccountEnabledNetworks', '1,abc'],
    ['smartAccountEnabledNetworks', '1,,2'],
    ['recentWallets', '[{"id":"a"},{"id":"b"},{"id":"c"}]'],
    ['recentWallets', '[{"rdns":"io.metamask"}]'],
    ['connectedConnectorIds', '{"tron":"x"}'],
    ['themeMode', '"blue"'],
  ]
  for (const [key, raw] of bad) {
    test(`returns undefined and removes a bad ${key} entry (${raw})`, () => {
      const { backend, storage } = setup()
      backend.setItem(`@openmodal/${key}`, raw)
      assert.equal(storage.get(key as 'email'), undefined)
      assert.equal(backend.getItem(`@openmodal/${key}`), null)
    })
  }

  test('leaves other entries alone when removing a bad one', () => {
    const { backend, storage } = setup()
    backend.setItem('@openmodal/email', '{not json')
    backend.setItem('@openmodal/locale', '"de"')
    storage.get('email')
    assert.equal(storage.get('locale'), 'de')
  })
})

describe('createStorage refuses invalid writes', () => {
  test('throws a BaseError naming the key when the value fails the schema', () => {
    const { backend, storage } = setup()
    assert.throws(
      () => storage.set('themeMode', 'blue' as 'dark'),
      (error: unknown) =>
        error instanceof BaseError &&
        error.shortMessage === 'Invalid value for storage key `themeMode`' &&
        error.code === 'INVALID_STORAGE_VALUE',
    )
    assert.throws(() => storage.set('lastUsedChain', 'eip155' as 'eip155:1'), BaseError)
    assert.throws(() => storage.set('smartAccountEnabledNetworks', [1.5]), BaseError)
    assert.equal(backend.length, 0)
  })
})

describe('createStorage login data and recent wallets', () => {
  test('clearLoginData deletes flag, e-mail, chain and social user only', () => {
    const { storage } = setup()
    storage.set('emailLoginUsed', true)
    storage.set('email', 'a@b.io')
    storage.set('lastUsedChain', 'eip155:1')
    storage.set('socialUsername', 'alice')
    storage.set('socialProvider', 'google')
    storage.set('themeMode', 'dark')
    storage.set('recentWallets', [{ id: 'w' }])
    storage.clearLoginData()
    for (const key of [
      'emailLoginUsed',
      'email',
      'lastUsedChain',
      'socialUsername',
      'socialProvider',
    ] as const) {
      assert.equal(storage.get(key), undefined, key)
    }
    assert.equal(storage.get('themeMode'), 'dark')
    assert.deepEqual(storage.get('recentWallets'), [{ id: 'w' }])
  })

  test('addRecentWallet keeps at most 2, newest first, without duplicates', () => {
    const { storage } = setup()
    storage.addRecentWallet({ id: 'a' })
    storage.addRecentWallet({ id: 'b', rdns: 'com.b' })
    assert.deepEqual(storage.get('recentWallets'), [{ id: 'b', rdns: 'com.b' }, { id: 'a' }])
    const list = storage.addRecentWallet({ id: 'c' })
    assert.deepEqual(list, [{ id: 'c' }, { id: 'b', rdns: 'com.b' }])
    assert.deepEqual(storage.addRecentWallet({ id: 'b', rdns: 'com.b' }), [
      { id: 'b', rdns: 'com.b' },
      { id: 'c' },
    ])
    assert.deepEqual(storage.get('recentWallets'), [{ id: 'b', rdns: 'com.b' }, { id: 'c' }])
  })
})

describe('createStorage when localStorage is unusable', () => {
  test('falls back to memory when getting localStorage throws SecurityError', () => {
    let calls = 0
    const storage = createStorage(() => {
      calls++
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    assert.doesNotThrow(() => storage.set('themeMode', 'dark'))
    assert.equal(storage.get('themeMode'), 'dark')
    storage.clearLoginData()
    assert.equal(calls, 1, 'the broken backend is not asked again')
  })

  test('falls back to memory when every call throws SecurityError', () => {
    const storage = createStorage(() => new BlockedStorage())
    assert.equal(storage.get('email'), undefined)
    storage.set('email', 'a@b.io')
    assert.equal(storage.get('email'), 'a@b.io')
    storage.remove('email')
    assert.equal(storage.get('email'), undefined)
  })

  test('keeps working in memory after QuotaExceededError, with what was stored', () => {
    const backend = new FullStorage()
    backend.entries.set('@openmodal/locale', '"de"')
    const storage = createStorage(() => backend)
    assert.doesNotThrow(() => storage.set('email', 'a@b.io'))
    assert.equal(storage.get('email'), 'a@b.io')
    assert.equal(storage.get('locale'), 'de')
    assert.equal(backend.entries.has('@openmodal/email'), false)
  })

  test('uses memory when there is no localStorage at all (server rendering)', () => {
    const storage = createStorage(() => undefined)
    storage.set('locale', 'ja')
    assert.equal(storage.get('locale'), 'ja')
  })

  test('keeps instances apart: one falling back leaves another on its backend', () => {
    const healthy = setup()
    const broken = createStorage(() => new BlockedStorage())
    broken.set('email', 'x@y.io')
    healthy.storage.set('email', 'a@b.io')
    assert.equal(healthy.backend.getItem('@openmodal/email'), '"a@b.io"')
    assert.equal(broken.get('email'), 'x@y.io')
  })
})

describe('storage singleton', () => {
  test('works where globalThis.localStorage does not exist (Node)', () => {
    assert.equal('localStorage' in globalThis, false)
    defaultStorage.set('locale', 'it')
    assert.equal(defaultStorage.get('locale'), 'it')
    defaultStorage.remove('locale')
    assert.equal(defaultStorage.get('locale'), undefined)
  })
})
