import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { cleanStores } from 'nanostores'
import { unregisterAdapter } from '../adapters/registry.js'
import { createModalClient } from '../client/create-modal.js'
import { storage } from '../storage/storage.js'
import { $accounts, $activeAccount } from '../stores/account.js'
import { $activeNamespace } from '../stores/chain.js'
import { $attempts, $connections, $recentWallets } from '../stores/connection.js'
import { $connectors, $discovered } from '../stores/connectors.js'
import { closeModal } from '../stores/modal.js'
import { mainnet, solana } from '../testing/fixtures.js'
import { createTestAdapter } from '../testing/test-adapter.js'
import { connect } from './connect.js'
import { reconnect } from './reconnect.js'
import { clearBalanceCache } from './refresh-account.js'
import { switchNetwork } from './switch-network.js'

const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

// The same wallet seen by two namespaces: EIP-6963 names it by rdns, wallet-standard by name.
function adapters(
  options: {
    solanaAuthorized?: string[]
    evmAuthorized?: string[]
    solanaReconnectGate?: Promise<void>
  } = {},
) {
  const evm = createTestAdapter({
    namespace: 'eip155',
    wallets: [
      { id: 'io.shared', name: 'Shared Wallet', rdns: 'io.shared' },
      { id: 'io.evmonly', name: 'Evm Only', rdns: 'io.evmonly' },
    ],
    ...(options.evmAuthorized ? { authorized: options.evmAuthorized } : {}),
  })
  const sol = createTestAdapter({
    namespace: 'solana',
    wallets: [
      { id: 'Shared Wallet', name: 'Shared Wallet' },
      { id: 'Sol Only', name: 'Sol Only' },
    ],
    accounts: [SOL_ADDRESS],
    chainId: solana.id,
    balance: 2_000_000_000n,
    ...(options.solanaAuthorized ? { authorized: options.solanaAuthorized } : {}),
    ...(options.solanaReconnectGate ? { reconnectGate: options.solanaReconnectGate } : {}),
  })
  return { evm, sol }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('a wallet in two namespaces (MULTI_CHAIN)', () => {
  let stopWatching: () => void = () => {}
  beforeEach(() => {
    for (const key of [
      'connectedConnectorIds',
      'recentWallets',
      'lastUsedChain',
      'activeCaipNetworkId',
    ] as const) {
      storage.remove(key)
    }
    $attempts.set({})
    $connections.set({})
    $discovered.set({})
    $recentWallets.set([])
    clearBalanceCache()
    closeModal({ force: true })
  })
  afterEach(() => {
    stopWatching()
    cleanStores($connectors, $discovered)
    unregisterAdapter('eip155')
    unregisterAdapter('solana')
  })

  function setup(options: Parameters<typeof adapters>[0] = {}) {
    const { evm, sol } = adapters(options)
    const modal = createModalClient({
      projectId: 'test-project',
      networks: [mainnet, solana],
      adapters: [evm, sol],
    })
    stopWatching = $connectors.listen(() => {})
    return { modal, evm, sol }
  }

  test('is listed once, keeping each namespace’s own connector id', () => {
    setup()
    const shared = $connectors.get().filter((c) => c.name === 'Shared Wallet')
    assert.equal(shared.length, 1)
    assert.equal(shared[0]?.type, 'MULTI_CHAIN')
    assert.deepEqual(shared[0]?.namespaces, ['eip155', 'solana'])
    assert.deepEqual(shared[0]?.connectorIds, { eip155: 'io.shared', solana: 'Shared Wallet' })
    assert.deepEqual(
      $connectors.get().map((c) => c.type),
      ['MULTI_CHAIN', 'ANNOUNCED', 'ANNOUNCED'],
    )
  })

  test('connecting it connects every namespace with that namespace’s id', async () => {
    const { evm, sol } = setup()
    const merged = $connectors.get().find((c) => c.name === 'Shared Wallet')
    assert.ok(merged)
    await connect({ connectorId: merged.id })
    await settle()
    assert.deepEqual(
      evm.calls.filter((c) => c.startsWith('connect:')),
      ['connect:io.shared'],
    )
    assert.deepEqual(
      sol.calls.filter((c) => c.startsWith('connect:')),
      ['connect:Shared Wallet'],
    )
    assert.equal($accounts.get().eip155?.status, 'connected')
    assert.equal($accounts.get().solana?.status, 'connected')
    assert.equal($accounts.get().solana?.caipAddress, `${solana.caipNetworkId}:${SOL_ADDRESS}`)
    assert.equal($accounts.get().solana?.balance, '2.000')
    assert.equal($accounts.get().solana?.balanceSymbol, 'SOL')
    assert.deepEqual(storage.get('connectedConnectorIds'), {
      eip155: 'io.shared',
      solana: 'Shared Wallet',
    })
    assert.equal($connections.get().solana?.connectorId, 'Shared Wallet')
    // Listed once in the recent wallets too.
    assert.deepEqual(
      $recentWallets.get().map((w) => w.id),
      ['io.shared'],
    )
    // The EVM network stays active: the active account is the EVM one until a switch.
    assert.equal($activeNamespace.get(), 'eip155')
    assert.equal($activeAccount.get().address, $accounts.get().eip155?.address)
  })

  test('any namespace’s id names the merged connector; `namespace` connects only that one', async () => {
    const { evm, sol } = setup()
    await connect({ connectorId: 'Shared Wallet', namespace: 'solana' })
    assert.equal(
      evm.calls.some((c) => c.startsWith('connect:')),
      false,
    )
    assert.deepEqual(
      sol.calls.filter((c) => c.startsWith('connect:')),
      ['connect:Shared Wallet'],
    )
    assert.equal($accounts.get().eip155?.status ?? 'disconnected', 'disconnected')
    await connect({ connectorId: 'Shared Wallet' })
    assert.deepEqual(
      evm.calls.filter((c) => c.startsWith('connect:')),
      ['connect:io.shared'],
    )
  })

  test('a single-namespace wallet connects only its namespace', async () => {
    const { evm, sol } = setup()
    await connect({ connectorId: 'Sol Only' })
    assert.equal(
      evm.calls.some((c) => c.startsWith('connect:')),
      false,
    )
    assert.deepEqual(
      sol.calls.filter((c) => c.startsWith('connect:')),
      ['connect:Sol Only'],
    )
    assert.equal($accounts.get().solana?.status, 'connected')
  })

  test('a wallet of another namespace becomes active when the active one has no account', async () => {
    setup()
    assert.equal($activeNamespace.get(), 'eip155')
    await connect({ connectorId: 'Sol Only' })
    assert.equal($activeNamespace.get(), 'solana')
    assert.equal($activeAccount.get().address, SOL_ADDRESS)
    // With an EVM account connected and active, connecting Solana leaves EVM active.
    await switchNetwork(mainnet.caipNetworkId)
    await connect({ connectorId: 'io.evmonly' })
    await connect({ connectorId: 'Sol Only' })
    assert.equal($activeNamespace.get(), 'eip155')
  })

  test('only the active network is remembered for the next visit', async () => {
    setup()
    await connect({ connectorId: 'io.evmonly' })
    assert.equal(storage.get('lastUsedChain'), mainnet.caipNetworkId)
    await connect({ connectorId: 'Sol Only' })
    assert.equal($activeNamespace.get(), 'eip155')
    assert.equal(storage.get('lastUsedChain'), mainnet.caipNetworkId)
    await switchNetwork(solana.caipNetworkId)
    assert.equal(storage.get('lastUsedChain'), solana.caipNetworkId)
    // The next visit (without restoring the wallets: only the network is under test).
    stopWatching()
    storage.remove('connectedConnectorIds')
    setup()
    assert.equal($activeNamespace.get(), 'solana')
  })

  test('switchNetwork across namespaces moves the active account', async () => {
    setup()
    await connect({ connectorId: 'io.shared' })
    const evmAddress = $accounts.get().eip155?.address
    await switchNetwork(solana.caipNetworkId)
    assert.equal($activeNamespace.get(), 'solana')
    assert.equal($activeAccount.get().address, SOL_ADDRESS)
    await switchNetwork(mainnet.caipNetworkId)
    assert.equal($activeNamespace.get(), 'eip155')
    assert.equal($activeAccount.get().address, evmAddress)
  })

  test('reconnect restores each namespace by its own id', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.shared', solana: 'Shared Wallet' })
    storage.set('recentWallets', [{ id: 'io.shared', rdns: 'io.shared' }])
    const { sol } = setup({ evmAuthorized: ['io.shared'], solanaAuthorized: ['Shared Wallet'] })
    await reconnect()
    assert.equal(sol.calls.filter((c) => c.startsWith('reconnect:'))[0], 'reconnect:Shared Wallet')
    assert.equal($connections.get().solana?.connectorId, 'Shared Wallet')
    assert.equal($connections.get().eip155?.connectorId, 'io.shared')
    assert.deepEqual(storage.get('connectedConnectorIds'), {
      eip155: 'io.shared',
      solana: 'Shared Wallet',
    })
  })
  test('reconnect forgets every namespace whose wallet no longer answers, none brought back', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.shared', solana: 'Shared Wallet' })
    setup({ evmAuthorized: [], solanaAuthorized: [] })
    await reconnect()
    assert.deepEqual($connections.get(), {})
    // Each namespace's failure once rewrote the key from a copy taken before the others ran.
    assert.equal(storage.get('connectedConnectorIds'), undefined)
  })

  test('a reload whose active namespace did not come back shows one that did', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.shared', solana: 'Sol Only' })
    storage.set('lastUsedChain', solana.caipNetworkId)
    // The Solana wallet answers (no) only after the EVM one is back.
    let answer = () => {}
    const solanaReconnectGate = new Promise<void>((resolve) => {
      answer = resolve
    })
    setup({ evmAuthorized: ['io.shared'], solanaAuthorized: [], solanaReconnectGate })
    const done = reconnect()
    for (let i = 0; i < 500 && !$connections.get().eip155; i++) await settle()
    assert.equal($activeNamespace.get(), 'solana')
    answer()
    await done
    assert.equal($connections.get().solana, undefined)
    assert.equal($activeNamespace.get(), 'eip155')
    assert.equal($activeAccount.get().status, 'connected')
    assert.deepEqual(storage.get('connectedConnectorIds'), { eip155: 'io.shared' })
  })
})
