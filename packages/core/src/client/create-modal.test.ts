import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { cleanStores } from 'nanostores'
import { connect } from '../actions/connect.js'
import { clearBalanceCache } from '../actions/refresh-account.js'
import { unregisterAdapter } from '../adapters/registry.js'
import { alertTexts } from '../errors/alert-messages.js'
import { BaseError } from '../errors/base.js'
import { InvalidOptionsError } from '../errors/errors.js'
import { storage } from '../storage/storage.js'
import { $activeAccount } from '../stores/account.js'
import { $alert } from '../stores/alerts.js'
import { $activeNetwork, isUnsupportedNetwork } from '../stores/chain.js'
import { $attempts, $connections, $recentWallets } from '../stores/connection.js'
import { $connectors, $discovered } from '../stores/connectors.js'
import { type ModalEvent, subscribeEvents } from '../stores/events.js'
import { $modal, closeModal, setCloseDisabled } from '../stores/modal.js'
import { $view } from '../stores/router.js'
import { $theme } from '../stores/theme.js'
import { mainnet, optimism, sepolia } from '../testing/fixtures.js'
import { createTestAdapter, type TestAdapter } from '../testing/test-adapter.js'
import { createModalClient } from './create-modal.js'

const wallets = [
  { id: 'io.alpha', name: 'Alpha', rdns: 'io.alpha' },
  { id: 'io.beta', name: 'Beta', rdns: 'io.beta' },
  { id: 'io.gamma', name: 'Gamma', rdns: 'io.gamma' },
]

const settle = () => new Promise((r) => setTimeout(r, 0))

function setup(adapter: TestAdapter, extra: Record<string, unknown> = {}) {
  return createModalClient({
    projectId: 'test-project',
    networks: [mainnet, optimism, sepolia],
    adapters: [adapter],
    // No server in these tests (apps/server's sdk.test.ts covers the remote parts).
    basic: true,
    ...extra,
  })
}

describe('createModalClient', () => {
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
    clearBalanceCache()
    closeModal({ force: true })
  })
  afterEach(() => {
    stopWatching()
    // nanostores keeps a store mounted for a second after its last listener: unmount now.
    cleanStores($connectors, $discovered)
    unregisterAdapter('eip155')
  })

  const watch = () => {
    stopWatching = $connectors.listen(() => {})
  }

  test('throws a clear error naming a wrong option', () => {
    assert.throws(
      () => createModalClient({ projectId: 'p', networks: [mainnet], themeMode: 'blue' } as never),
      (error: unknown) => error instanceof InvalidOptionsError && error.field === 'themeMode',
    )
  })

  test('refuses siweConfig and siwx together with the spec text', () => {
    assert.throws(
      () =>
        createModalClient({
          projectId: 'p',
          networks: [mainnet],
          siwx: {},
          siweConfig: {},
        } as never),
      (error: unknown) =>
        error instanceof BaseError &&
        error.shortMessage === 'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  test('a missing projectId raises the Project ID Not Configured alert', () => {
    createModalClient({ networks: [mainnet] } as never)
    assert.equal($alert.get()?.code, 'PROJECT_ID_NOT_CONFIGURED')
    assert.equal(
      alertTexts($alert.get() ?? assert.fail('no alert')).title,
      'Project ID Not Configured',
    )
    setup(createTestAdapter())
    assert.equal($alert.get(), null)
  })

  test('the active network is stored under one key and restored from it', async () => {
    const modal = setup(createTestAdapter())
    assert.equal($activeNetwork.get()?.caipNetworkId, 'eip155:1')
    await modal.switchNetwork('eip155:10')
    assert.equal(storage.get('lastUsedChain'), 'eip155:10')
    assert.equal(storage.get('activeCaipNetworkId'), undefined)
    setup(createTestAdapter())
    assert.equal($activeNetwork.get()?.caipNetworkId, 'eip155:10')
  })

  test('the old activeCaipNetworkId key is read once: the network is restored, the key removed', () => {
    storage.set('lastUsedChain', 'eip155:1')
    storage.set('activeCaipNetworkId', 'eip155:10')
    setup(createTestAdapter())
    assert.equal($activeNetwork.get()?.caipNetworkId, 'eip155:10')
    assert.equal(storage.get('activeCaipNetworkId'), undefined)
    assert.equal(storage.get('lastUsedChain'), 'eip155:10')
    // The next visit reads the one key left.
    setup(createTestAdapter())
    assert.equal($activeNetwork.get()?.caipNetworkId, 'eip155:10')
  })

  test('applies theme options and starts on the default network', () => {
    setup(createTestAdapter(), {
      themeMode: 'dark',
      themeVariables: { '--w3m-accent': '#00aa77' },
      defaultNetwork: 'eip155:10',
    })
    assert.equal($theme.get().themeMode, 'dark')
    assert.equal($theme.get().themeVariables['--w3m-accent'], '#00aa77')
    assert.equal($activeNetwork.get()?.caipNetworkId, 'eip155:10')
  })

  test('open() shows Connect when disconnected and a given view when asked', () => {
    const modal = setup(createTestAdapter())
    modal.open()
    assert.equal($modal.get().open, true)
    assert.equal($view.get().view, 'Connect')
    modal.open({ view: 'Networks' })
    assert.equal($view.get().view, 'Networks')
    assert.equal(modal.getState().view, 'Networks')
    modal.open('Account')
    assert.equal($view.get().view, 'Account')
    modal.close()
    assert.equal(modal.getState().open, false)
    assert.throws(
      () => modal.open('Nowhere' as never),
      (error: unknown) => {
        assert.ok(error instanceof InvalidOptionsError)
        assert.equal(error.field, 'view')
        return true
      },
    )
    assert.equal(modal.getState().open, false)
  })

  test('the instance setters validate like the options and keep the state on a bad value', () => {
    const modal = setup(createTestAdapter())
    modal.setThemeMode('dark')
    modal.setThemeVariables({ '--w3m-accent': '#123456' })
    assert.throws(() => modal.setThemeMode('blue' as never), /Invalid option `themeMode`/)
    assert.throws(
      () => modal.setThemeVariables({ '--w3m-accnt': 'red' } as never),
      (error: unknown) =>
        error instanceof InvalidOptionsError && error.field.startsWith('themeVariables'),
    )
    assert.throws(() => modal.setLocale(''), /Invalid option `locale`/)
    assert.equal($theme.get().themeMode, 'dark')
    assert.equal($theme.get().themeVariables['--w3m-accent'], '#123456')
  })

  test('connect records the account, balance, recent wallet and storage', async () => {
    const adapter = createTestAdapter({ wallets, balance: 2_500_000_000_000_000_000n })
    const modal = setup(adapter)
    watch()
    await modal.connect('io.beta')
    await settle()
    const account = modal.getAccount('eip155')
    assert.equal(account.status, 'connected')
    assert.equal(account.caipAddress, `eip155:1:${account.address}`)
    assert.equal(account.balance, '2.500')
    assert.equal(account.balanceSymbol, 'ETH')
    assert.equal(account.connectedWalletInfo?.name, 'Beta')
    assert.deepEqual(storage.get('connectedConnectorIds'), { eip155: 'io.beta' })
    assert.equal($recentWallets.get()[0]?.id, 'io.beta')
    assert.equal(modal.getProvider('eip155') !== undefined, true)
  })

  test('the native balance is reused for 30 s, then read again', async (t) => {
    let now = 5_000_000
    t.mock.method(Date, 'now', () => now)
    let value = 1_000_000_000_000_000_000n
    const base = createTestAdapter({ wallets })
    let reads = 0
    const adapter: TestAdapter = {
      ...base,
      getBalance: async ({ network }) => {
        reads++
        return { value, decimals: network.nativeCurrency.decimals, symbol: 'ETH' }
      },
    }
    const modal = setup(adapter)
    watch()
    await modal.connect('io.alpha')
    await settle()
    assert.equal(modal.getAccount('eip155').balance, '1.000')
    value = 2_000_000_000_000_000_000n
    await modal.disconnect()
    now += 30_000 - 1
    await modal.connect('io.alpha')
    await settle()
    assert.equal(reads, 1, 'read again inside 30 s')
    assert.equal(modal.getAccount('eip155').balance, '1.000')
    await modal.disconnect()
    now += 1
    await modal.connect('io.alpha')
    await settle()
    assert.equal(reads, 2, 'not read again after 30 s')
    assert.equal(modal.getAccount('eip155').balance, '2.000')
  })

  test('a wallet rejection (4001) becomes "Connection rejected" and leaves the account disconnected', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    watch()
    adapter.rejectNextConnect({ code: 4001, message: 'User rejected the request.' })
    await assert.rejects(modal.connect('io.alpha'), (e: unknown) => {
      return e instanceof BaseError && e.shortMessage === 'Connection rejected'
    })
    assert.equal($activeAccount.get().status, 'disconnected')
    await modal.connect('io.alpha')
    assert.equal($activeAccount.get().status, 'connected')
  })

  test('other connect failures become "Failed to connect"', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    watch()
    adapter.rejectNextConnect('a string, not an Error')
    await assert.rejects(modal.connect('io.alpha'), (e: unknown) => {
      return e instanceof BaseError && e.shortMessage === 'Failed to connect'
    })
  })

  test('closing the modal rejects a pending connect with "Modal closed"', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    watch()
    const held = adapter.holdNextConnect()
    modal.open()
    const pending = modal.connect('io.alpha')
    modal.close()
    await assert.rejects(
      pending,
      (e: unknown) => e instanceof BaseError && e.shortMessage === 'Modal closed',
    )
    held.release()
    assert.notEqual($activeAccount.get().status, 'connecting')
  })

  test('a connect superseded by a newer one cannot undo it when it fails late', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    modal.open()
    adapter.holdNextConnect()
    const first = connect({ connectorId: 'io.alpha' })
    await settle()
    await connect({ connectorId: 'io.alpha' })
    assert.equal($activeAccount.get().status, 'connected')
    // Closing the modal rejects the first, still waiting, with "Modal closed".
    modal.close()
    await assert.rejects(first, /Modal closed/)
    assert.equal($activeAccount.get().status, 'connected')
  })

  test('connecting a wallet that sits on an unconfigured chain shows UnsupportedChain', async () => {
    const adapter = createTestAdapter({ wallets, chainId: 999, knownChainIds: [999] })
    const modal = setup(adapter)
    modal.open()
    await modal.connect('io.alpha')
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($view.get().view, 'UnsupportedChain')
    assert.equal($modal.get().open, true)
  })

  test('close is refused while closing is disabled', () => {
    const modal = setup(createTestAdapter())
    modal.open()
    setCloseDisabled(true)
    modal.close()
    assert.equal($modal.get().open, true)
    setCloseDisabled(false)
    modal.close()
    assert.equal($modal.get().open, false)
  })

  test('reconnect tries the most recent connector first and ends connected', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.gamma' })
    storage.set('recentWallets', [{ id: 'io.gamma' }, { id: 'io.alpha' }])
    // gamma no longer grants access; alpha does.
    const adapter = createTestAdapter({ wallets, authorized: ['io.alpha'] })
    setup(adapter)
    assert.equal($activeAccount.get().status, 'reconnecting')
    watch()
    for (let i = 0; i < 20 && $activeAccount.get().status === 'reconnecting'; i++) await settle()
    assert.deepEqual(
      adapter.calls.filter((c) => c.startsWith('reconnect')),
      ['reconnect:io.gamma', 'reconnect:io.alpha'],
    )
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($connections.get().eip155?.connectorId, 'io.alpha')
    assert.equal($activeAccount.get().connectedWalletInfo?.name, 'Alpha')
  })

  test('reconnect shows the wallet name even when nothing observes the wallet list', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.beta' })
    const adapter = createTestAdapter({ wallets, authorized: ['io.beta'], asyncDiscovery: true })
    setup(adapter)
    for (let i = 0; i < 20 && $activeAccount.get().status === 'reconnecting'; i++) await settle()
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($activeAccount.get().connectedWalletInfo?.name, 'Beta')
  })

  test('reconnect ends disconnected when no connector grants access', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.gamma' })
    const adapter = createTestAdapter({ wallets, authorized: [] })
    setup(adapter)
    for (let i = 0; i < 20 && $activeAccount.get().status === 'reconnecting'; i++) await settle()
    assert.equal($activeAccount.get().status, 'disconnected')
    assert.equal(storage.get('connectedConnectorIds')?.eip155, undefined)
  })

  test('connects the adapter auto connector on load with no stored connection', async () => {
    const adapter = createTestAdapter({ wallets, authorized: ['io.beta'] })
    const asked: string[] = []
    adapter.autoConnectorId = async () => {
      asked.push('auto')
      return 'io.beta'
    }
    setup(adapter)
    for (let i = 0; i < 20 && $activeAccount.get().status !== 'connected'; i++) await settle()
    assert.deepEqual(asked, ['auto'])
    assert.deepEqual(
      adapter.calls.filter((c) => c.startsWith('reconnect')),
      ['reconnect:io.beta'],
    )
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($connections.get().eip155?.connectorId, 'io.beta')
  })

  test('an auto connector that finds nothing leaves the account disconnected', async () => {
    const adapter = createTestAdapter({ wallets, authorized: ['io.beta'] })
    adapter.autoConnectorId = async () => undefined
    setup(adapter)
    for (let i = 0; i < 5; i++) await settle()
    assert.deepEqual(
      adapter.calls.filter((c) => c.startsWith('reconnect')),
      [],
    )
    assert.notEqual($activeAccount.get().status, 'connected')
  })

  test('disconnect clears the account and the cached login data', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    watch()
    await modal.connect('io.alpha')
    storage.set('email', 'a@b.co')
    storage.set('emailLoginUsed', true)
    const events: ModalEvent[] = []
    const off = subscribeEvents((e) => events.push(e))
    await modal.disconnect()
    off()
    assert.equal($activeAccount.get().status, 'disconnected')
    assert.equal(storage.get('email'), undefined)
    assert.equal(storage.get('emailLoginUsed'), undefined)
    assert.equal(storage.get('connectedConnectorIds'), undefined)
    assert.ok(events.some((e) => e.event === 'DISCONNECT_SUCCESS'))
  })

  test('accountsChanged updates the account; an empty list disconnects', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    watch()
    await modal.connect('io.alpha')
    const next = '0x2222222222222222222222222222222222222222'
    adapter.emit({ type: 'accountsChanged', accounts: [{ address: next, namespace: 'eip155' }] })
    assert.equal($activeAccount.get().address, next)
    adapter.emit({ type: 'accountsChanged', accounts: [] })
    assert.equal($activeAccount.get().status, 'disconnected')
  })

  test('chainChanged to an unconfigured chain shows the unsupported placeholder and view', async () => {
    const adapter = createTestAdapter({ wallets })
    const modal = setup(adapter)
    watch()
    await modal.connect('io.alpha')
    adapter.emit({ type: 'chainChanged', chainId: 999999 })
    const active = $activeNetwork.get()
    assert.ok(active && 'unsupported' in active)
    assert.equal(modal.getState().selectedNetworkId, 'eip155:999999')
    assert.equal($modal.get().open, true)
    assert.equal($view.get().view, 'UnsupportedChain')
    adapter.emit({ type: 'chainChanged', chainId: 10 })
    assert.equal(isUnsupportedNetwork($activeNetwork.get()), false)
    assert.equal(modal.getState().selectedNetworkId, 'eip155:10')
  })

  test('switchNetwork asks the connected wallet, and refuses an unconfigured network', async () => {
    const adapter = createTestAdapter({ wallets, knownChainIds: [1, 10] })
    const modal = setup(adapter)
    watch()
    await modal.connect('io.alpha')
    await modal.switchNetwork('eip155:10')
    assert.ok(adapter.calls.includes('switchNetwork:10'))
    assert.equal(modal.getState().selectedNetworkId, 'eip155:10')
    assert.match(modal.getAccount('eip155').caipAddress ?? '', /^eip155:10:0x/)
    await assert.rejects(modal.switchNetwork('eip155:4242' as never), /Chain not configured/)
    assert.equal($alert.get()?.code, 'NETWORK_NOT_FOUND')
    assert.equal(alertTexts($alert.get() ?? assert.fail('no alert')).title, 'Network Not Found')
  })

  test('switchNetwork records the new chain even when the wallet emits no chainChanged', async () => {
    const base = createTestAdapter({ wallets, knownChainIds: [1, 10] })
    const silent: TestAdapter = { ...base, switchNetwork: async () => {} }
    const modal = setup(silent)
    watch()
    await modal.connect('io.alpha')
    await modal.switchNetwork('eip155:10')
    assert.equal($connections.get().eip155?.chainId, 10)
    assert.match(modal.getAccount('eip155').caipAddress ?? '', /^eip155:10:0x/)
  })

  test('excluded wallets are hidden and recent wallets come first', async () => {
    storage.set('recentWallets', [{ id: 'io.gamma' }])
    const adapter = createTestAdapter({ wallets })
    setup(adapter, { excludeWallets: [{ name: 'beta' }] })
    watch()
    assert.deepEqual(
      $connectors.get().map((c) => c.id),
      ['io.gamma', 'io.alpha'],
    )
  })

  test('two wallets of one name in one namespace are both listed (an impostor hides nothing)', () => {
    const adapter = createTestAdapter({
      wallets: [
        { id: 'evil.metamask', name: 'MetaMask', rdns: 'evil.metamask' },
        { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
      ],
    })
    setup(adapter)
    watch()
    assert.deepEqual(
      $connectors.get().map((c) => [c.id, c.type]),
      [
        ['evil.metamask', 'ANNOUNCED'],
        ['io.metamask', 'ANNOUNCED'],
      ],
    )
  })

  test('an excluded rdns matches whatever its case', () => {
    const adapter = createTestAdapter({ wallets })
    setup(adapter, { excludeWallets: [{ rdns: 'IO.Alpha' }] })
    watch()
    assert.deepEqual(
      $connectors.get().map((c) => c.id),
      ['io.beta', 'io.gamma'],
    )
  })

  /** A WalletConnect entry whose `load()` announces `com.walletconnect` to the test adapter. */
  const walletConnectEntry = (adapter: TestAdapter) => {
    const entry = {
      id: 'com.walletconnect',
      name: 'WalletConnect',
      namespaces: ['eip155'] as const,
      loads: 0,
      async load() {
        entry.loads++
        adapter.setWallets([...wallets, { id: 'com.walletconnect', name: 'WalletConnect' }])
        return { pairing: undefined, onUri: () => () => {}, cancelPairing: () => {} }
      },
    }
    return entry
  }

  test('the walletConnect entry is listed first as WALLET_CONNECT without loading anything', async () => {
    storage.set('recentWallets', [{ id: 'io.gamma' }])
    const adapter = createTestAdapter({ wallets })
    const entry = walletConnectEntry(adapter)
    setup(adapter, { walletConnect: entry })
    watch()
    const listed = () => $connectors.get().map((c) => `${c.id}:${c.type}`)
    assert.deepEqual(listed(), [
      'com.walletconnect:WALLET_CONNECT',
      'io.gamma:ANNOUNCED',
      'io.alpha:ANNOUNCED',
      'io.beta:ANNOUNCED',
    ])
    assert.equal(entry.loads, 0)
    // Once loaded, its announced provider is the same connector, not a second row.
    await entry.load()
    assert.deepEqual(listed().slice(0, 2), [
      'com.walletconnect:WALLET_CONNECT',
      'io.gamma:ANNOUNCED',
    ])
    assert.equal(listed().length, 4)
  })

  test('reconnect loads the walletConnect entry only for a stored WalletConnect connection', async () => {
    storage.set('connectedConnectorIds', { eip155: 'io.alpha' })
    let adapter = createTestAdapter({ wallets, authorized: ['io.alpha'] })
    let entry = walletConnectEntry(adapter)
    setup(adapter, { walletConnect: entry })
    for (let i = 0; i < 20 && $activeAccount.get().status === 'reconnecting'; i++) await settle()
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal(entry.loads, 0)

    $connections.set({})
    storage.set('connectedConnectorIds', { eip155: 'com.walletconnect' })
    adapter = createTestAdapter({ wallets, authorized: ['com.walletconnect'] })
    entry = walletConnectEntry(adapter)
    setup(adapter, { walletConnect: entry })
    for (let i = 0; i < 20 && $activeAccount.get().status === 'reconnecting'; i++) await settle()
    assert.equal(entry.loads, 1)
    assert.equal($activeAccount.get().status, 'connected')
    assert.equal($connections.get().eip155?.connectorId, 'com.walletconnect')
    assert.equal($activeAccount.get().connectedWalletInfo?.name, 'WalletConnect')
  })

  test('a walletConnect option that is not an entry is a clear error', () => {
    assert.throws(
      () => setup(createTestAdapter({ wallets }), { walletConnect: { relayUrl: 'ws://x' } }),
      (error: unknown) =>
        error instanceof InvalidOptionsError &&
        /walletConnect.*a WalletConnect entry/.test(error.message),
    )
  })

  test('connector discovery starts only when the list is observed', () => {
    const adapter = createTestAdapter({ wallets })
    setup(adapter)
    assert.equal(adapter.calls.includes('watchConnectors'), false)
    watch()
    assert.equal(adapter.calls.includes('watchConnectors'), true)
  })
})
