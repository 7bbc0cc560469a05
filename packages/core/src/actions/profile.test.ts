import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, mock, test } from 'node:test'
import { cleanStores } from 'nanostores'
import { unregisterAdapter } from '../adapters/registry.js'
import { createModalClient } from '../client/create-modal.js'
import { storage } from '../storage/storage.js'
import { $attempts, $connections } from '../stores/connection.js'
import { $connectors, $discovered } from '../stores/connectors.js'
import { mainnet, sepolia } from '../testing/fixtures.js'
import { createTestAdapter } from '../testing/test-adapter.js'
import type { CaipNetwork } from '../types/network.js'
import { PROFILE_CACHE_MS } from './account-reads.js'
import { clearBalanceCache, clearProfileCache } from './refresh-account.js'

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
}

function setup(networks: CaipNetwork[]) {
  const lookups: string[] = []
  const adapter = {
    ...createTestAdapter({ knownChainIds: networks.map((n) => n.id) }),
    async getProfile({ address, network }: { address: string; network: CaipNetwork }) {
      lookups.push(`${network.caipNetworkId}:${address}`)
      return { name: 'alice.eth', avatar: 'https://example.org/alice.png' }
    },
  }
  const modal = createModalClient({ projectId: 'p', networks, adapters: [adapter] })
  const stop = $connectors.listen(() => {})
  return { modal, lookups, stop }
}

describe('identity names (spec §5)', () => {
  let stop = () => {}
  beforeEach(() => {
    storage.remove('connectedConnectorIds')
    storage.remove('lastUsedChain')
    storage.remove('activeCaipNetworkId')
    $attempts.set({})
    $connections.set({})
    clearProfileCache()
    clearBalanceCache()
  })
  afterEach(() => {
    stop()
    cleanStores($connectors, $discovered)
    unregisterAdapter('eip155')
    mock.restoreAll()
  })

  test('are fetched on a non-test EVM network', async () => {
    const ctx = setup([mainnet])
    stop = ctx.stop
    await ctx.modal.connect('dev.openmodal.test')
    await settle()
    assert.equal(ctx.modal.getAccount('eip155').profileName, 'alice.eth')
    assert.equal(ctx.modal.getAccount('eip155').profileImage, 'https://example.org/alice.png')
  })

  test('are never fetched on a test network, and cleared when switching to one', async () => {
    const ctx = setup([mainnet, sepolia])
    stop = ctx.stop
    await ctx.modal.connect('dev.openmodal.test')
    await settle()
    assert.equal(ctx.modal.getAccount('eip155').profileName, 'alice.eth')
    await ctx.modal.switchNetwork('eip155:11155111')
    await settle()
    assert.equal(ctx.modal.getAccount('eip155').profileName, undefined)
    assert.equal(ctx.modal.getAccount('eip155').profileImage, undefined)
    assert.deepEqual(
      ctx.lookups.filter((l) => l.startsWith('eip155:11155111')),
      [],
    )
  })

  test('are cached for 5 minutes', async () => {
    let now = 1_000_000
    mock.method(Date, 'now', () => now)
    const ctx = setup([mainnet])
    stop = ctx.stop
    await ctx.modal.connect('dev.openmodal.test')
    await settle()
    await ctx.modal.disconnect()
    now += PROFILE_CACHE_MS - 1
    await ctx.modal.connect('dev.openmodal.test')
    await settle()
    assert.equal(ctx.lookups.length, 1, 'a second lookup inside 5 minutes')
    await ctx.modal.disconnect()
    now += 1
    await ctx.modal.connect('dev.openmodal.test')
    await settle()
    assert.equal(ctx.lookups.length, 2, 'no new lookup after 5 minutes')
  })
})
