import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { cleanStores } from 'nanostores'
import type { EmbeddedWalletEntry, EmbeddedWalletLoaded } from '../adapters/embedded-wallet.js'
import { unregisterAdapter } from '../adapters/registry.js'
import { createModalClient } from '../client/create-modal.js'
import { storage } from '../storage/storage.js'
import { $activeAccount } from '../stores/account.js'
import { $attempts, $connections, $recentWallets } from '../stores/connection.js'
import { $connectors, $discovered } from '../stores/connectors.js'
import { closeModal } from '../stores/modal.js'
import { mainnet } from '../testing/fixtures.js'
import { createTestAdapter } from '../testing/test-adapter.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import { reconnect } from './reconnect.js'

const AUTH_ID = 'org.openmodal.embedded'

/** An entry like `embeddedWallet()`'s, recording what core asks of it. */
function entry() {
  const calls: string[] = []
  const loaded = {
    signOut: async () => void calls.push('signOut'),
  } as Partial<EmbeddedWalletLoaded> as EmbeddedWalletLoaded
  const value: EmbeddedWalletEntry = {
    id: AUTH_ID,
    name: 'Email',
    namespaces: ['eip155'],
    load: async () => {
      calls.push('load')
      return loaded
    },
  }
  return { entry: value, calls }
}

describe('the embedded wallet (AUTH connector)', () => {
  let stop: () => void = () => {}
  beforeEach(() => {
    for (const key of [
      'connectedConnectorIds',
      'recentWallets',
      'lastUsedChain',
      'email',
      'emailLoginUsed',
    ] as const) {
      storage.remove(key)
    }
    $attempts.set({})
    $connections.set({})
    $discovered.set({})
    $recentWallets.set([])
    closeModal({ force: true })
  })
  afterEach(() => {
    stop()
    cleanStores($connectors, $discovered)
    unregisterAdapter('eip155')
  })

  function setup(authorized: string[] = []) {
    // The frame side announces its provider under the entry's id: the EVM adapter finds it.
    const adapter = createTestAdapter({
      wallets: [
        { id: 'io.alpha', name: 'Alpha', rdns: 'io.alpha' },
        { id: AUTH_ID, name: 'Email', rdns: AUTH_ID },
      ],
      authorized,
    })
    const { entry: embeddedWallet, calls } = entry()
    createModalClient({
      projectId: 'test-project',
      networks: [mainnet],
      adapters: [adapter],
      embeddedWallet,
    })
    stop = $connectors.listen(() => {})
    return { adapter, calls }
  }

  test('is listed once, as AUTH, after the wallets', async () => {
    setup()
    await new Promise((r) => setTimeout(r, 0))
    const listed = $connectors.get().map((c) => `${c.id}:${c.type}`)
    assert.deepEqual(
      listed.filter((id) => id.startsWith(AUTH_ID)),
      [`${AUTH_ID}:AUTH`],
    )
    assert.equal(listed.at(-1), `${AUTH_ID}:AUTH`)
  })

  test('refuses an entry without load()', () => {
    assert.throws(
      () =>
        createModalClient({
          projectId: 'p',
          networks: [mainnet],
          embeddedWallet: { id: AUTH_ID, name: 'Email', namespaces: ['eip155'] } as never,
        }),
      /embeddedWallet/,
    )
  })

  test('the account shows the e-mail of the login', async () => {
    setup()
    storage.set('email', 'someone@example.com')
    await connect({ connectorId: AUTH_ID })
    const info = $activeAccount.get().connectedWalletInfo
    assert.equal(info?.email, 'someone@example.com')
    assert.equal(info?.socialProvider, 'email')
  })

  test('the account names the social provider of a social login, without any view', async () => {
    setup()
    // A GitHub login without a verified e-mail: no e-mail, the provider all the same.
    storage.set('socialProvider', 'github')
    await connect({ connectorId: AUTH_ID })
    const info = $activeAccount.get().connectedWalletInfo
    assert.equal(info?.socialProvider, 'github')
    assert.equal(info?.email, undefined)
  })

  test('a wallet connection shows no e-mail', async () => {
    setup()
    storage.set('email', 'someone@example.com')
    storage.set('socialProvider', 'github')
    await connect({ connectorId: 'io.alpha' })
    assert.equal($activeAccount.get().connectedWalletInfo?.email, undefined)
    assert.equal($activeAccount.get().connectedWalletInfo?.socialProvider, undefined)
  })

  test('disconnect deletes the cached login data (the provider signs out in the frame)', async () => {
    const { adapter } = setup()
    storage.set('email', 'someone@example.com')
    storage.set('emailLoginUsed', true)
    await connect({ connectorId: AUTH_ID })
    await disconnect()
    assert.ok(adapter.calls.includes('disconnect'))
    assert.equal(storage.get('email'), undefined)
    assert.equal(storage.get('emailLoginUsed'), undefined)
  })

  test('reload: the flag loads the frame side first, then the session is restored', async () => {
    storage.set('emailLoginUsed', true)
    storage.set('email', 'someone@example.com')
    storage.set('connectedConnectorIds', { eip155: AUTH_ID })
    const { adapter, calls } = setup([AUTH_ID])
    await reconnect()
    assert.equal(calls[0], 'load')
    assert.ok(adapter.calls.some((c) => c.startsWith('reconnect')))
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($activeAccount.get().connectedWalletInfo?.email, 'someone@example.com')
  })

  test('without the flag nothing of the frame side loads on reload', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.alpha' })
    const { calls } = setup(['io.alpha'])
    await reconnect()
    assert.deepEqual(calls, [])
  })
})
