import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { refreshBalance } from '../actions/refresh-account.js'
import { registerAdapter, unregisterAdapter } from '../adapters/registry.js'
import { mainnet, optimism, solana } from '../testing/fixtures.js'
import { resetStores } from '../testing/reset-stores.js'
import { createTestAdapter } from '../testing/test-adapter.js'
import { accountKey } from '../utils/account-key.js'
import { $accounts, $activeAccount, $isConnected, getAccountState } from './account.js'
import { activeTarget } from './active-target.js'
import { $nativeBalance } from './balance.js'
import { setActiveNetwork, setNetworks } from './chain.js'
import { $attempts, $connections, type Connection, connectionKey } from './connection.js'
import { subscribeEvents } from './events.js'
import { $profiles, setProfile } from './profile.js'

const ALICE = '0x1111111111111111111111111111111111111111'
const BOB = '0x2222222222222222222222222222222222222222'
const SOL_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

const evmConnection = (address = ALICE, chainId: number | string = 1): Connection => ({
  connectorId: 'io.alpha',
  accounts: [
    { address, namespace: 'eip155', type: 'eoa' },
    { address: BOB, namespace: 'eip155', type: 'smartAccount' },
  ],
  chainId,
  wallet: { name: 'Alpha', icon: 'https://example.org/alpha.png' },
})

describe('the account state is derived from the connection', () => {
  beforeEach(() => {
    resetStores()
    setNetworks([mainnet, optimism, solana])
  })
  afterEach(() => unregisterAdapter('eip155'))

  test('a connection alone makes the account: address, CAIP address, all accounts, wallet', () => {
    assert.equal(getAccountState('eip155').status, 'disconnected')
    assert.equal($isConnected.get(), false)
    $connections.setKey('eip155', evmConnection())
    const account = getAccountState('eip155')
    assert.equal(account.status, 'connected')
    assert.equal(account.address, ALICE)
    assert.equal(account.caipAddress, `eip155:1:${ALICE}`)
    assert.deepEqual(
      account.allAccounts.map((a) => a.type),
      ['eoa', 'smartAccount'],
    )
    assert.deepEqual(account.connectedWalletInfo, {
      name: 'Alpha',
      identifier: 'io.alpha',
      icon: 'https://example.org/alpha.png',
    })
    assert.equal($activeAccount.get(), account)
    assert.equal($isConnected.get(), true)
    // The wallet moves chain: the CAIP address follows the connection, nothing else is written.
    $connections.setKey('eip155', evmConnection(ALICE, 10))
    assert.equal(getAccountState('eip155').caipAddress, `eip155:10:${ALICE}`)
    $connections.setKey('eip155', undefined)
    assert.equal(getAccountState('eip155').status, 'disconnected')
    assert.equal($accounts.get().eip155, undefined)
  })

  test('an attempt shows connecting, over the live account when there is one', () => {
    $attempts.setKey('solana', 'reconnecting')
    assert.equal(getAccountState('solana').status, 'reconnecting')
    assert.equal(getAccountState('solana').address, undefined)
    $connections.setKey('eip155', evmConnection())
    $attempts.setKey('eip155', 'connecting')
    assert.equal(getAccountState('eip155').status, 'connecting')
    assert.equal(getAccountState('eip155').address, ALICE)
    assert.equal($isConnected.get(), false)
    $attempts.setKey('eip155', undefined)
    assert.equal(getAccountState('eip155').status, 'connected')
  })

  test('a namespace keeps its account object while another namespace changes', () => {
    $connections.setKey('eip155', evmConnection())
    const evm = getAccountState('eip155')
    $connections.setKey('solana', {
      connectorId: 'Sol Only',
      accounts: [{ address: SOL_ADDRESS, namespace: 'solana' }],
      chainId: solana.id,
      wallet: { name: 'Sol Only' },
    })
    assert.equal(getAccountState('solana').address, SOL_ADDRESS)
    assert.equal(getAccountState('eip155'), evm)
    $connections.setKey('eip155', evmConnection(BOB))
    assert.notEqual(getAccountState('eip155'), evm)
  })

  test('the balance and profile show only on the account and network they are of', async () => {
    const adapter = createTestAdapter({ balance: 3_000_000_000_000_000_000n })
    registerAdapter(adapter)
    $connections.setKey('eip155', evmConnection())
    await refreshBalance('eip155')
    setProfile('eip155', { name: 'alice.eth' })
    assert.equal($nativeBalance.get().eip155?.key, `eip155:1:${ALICE.toLowerCase()}`)
    assert.equal(getAccountState('eip155').balance, '3.000')
    assert.equal(getAccountState('eip155').balanceSymbol, 'ETH')
    assert.equal(getAccountState('eip155').profileName, 'alice.eth')
    // Another account: Alice's balance and name are not Bob's.
    $connections.setKey('eip155', evmConnection(BOB))
    assert.equal(getAccountState('eip155').balance, undefined)
    assert.equal(getAccountState('eip155').profileName, undefined)
    // Another network: not the mainnet balance either.
    $connections.setKey('eip155', evmConnection(ALICE, 10))
    assert.equal(getAccountState('eip155').balance, undefined)
    // Back on Alice on mainnet: the stored values are hers again.
    $connections.setKey('eip155', evmConnection())
    assert.equal(getAccountState('eip155').balance, '3.000')
    assert.equal(getAccountState('eip155').profileName, 'alice.eth')
    assert.equal($profiles.get().eip155?.name, 'alice.eth')
  })

  test('a balance answer for an account left meanwhile is not shown on the next one', async () => {
    let release: (value: { value: bigint; decimals: number; symbol: string }) => void = () => {}
    const adapter = createTestAdapter()
    registerAdapter({
      ...adapter,
      getBalance: () => new Promise((resolve) => (release = resolve)),
    })
    $connections.setKey('eip155', evmConnection())
    const reading = refreshBalance('eip155')
    const releaseAlice = release
    assert.equal(getAccountState('eip155').balanceLoading, true)
    $connections.setKey('eip155', evmConnection(BOB))
    const next = refreshBalance('eip155')
    releaseAlice({ value: 5n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await reading
    assert.equal(getAccountState('eip155').address, BOB)
    assert.equal(getAccountState('eip155').balance, undefined)
    assert.equal(getAccountState('eip155').balanceLoading, true)
    release({ value: 7n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await next
    assert.equal(getAccountState('eip155').balance, '7.000')
    assert.equal(getAccountState('eip155').balanceLoading, false)
  })

  test('two reads of one account in flight make one wallet request and both show it', async () => {
    const releases: ((value: { value: bigint; decimals: number; symbol: string }) => void)[] = []
    registerAdapter({
      ...createTestAdapter(),
      getBalance: () => new Promise((resolve) => releases.push(resolve)),
    })
    $connections.setKey('eip155', evmConnection())
    const first = refreshBalance('eip155')
    const second = refreshBalance('eip155', { force: true })
    for (const release of releases) release({ value: 4n * 10n ** 18n, decimals: 18, symbol: 'ETH' })
    await Promise.all([first, second])
    assert.equal(releases.length, 1, 'one getBalance request')
    assert.equal(getAccountState('eip155').balance, '4.000')
    assert.equal(getAccountState('eip155').balanceLoading, false)
  })

  test('a balance read the network does not answer asks for the toast once per account', async () => {
    registerAdapter({
      ...createTestAdapter(),
      getBalance: async () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const codes: unknown[] = []
    const stop = subscribeEvents(({ event, properties }) => {
      if (event === 'ERROR' && properties?.where === 'balance') codes.push(properties.code)
    })
    try {
      $connections.setKey('eip155', evmConnection())
      await refreshBalance('eip155')
      assert.equal(getAccountState('eip155').balanceUnavailable, true)
      // Still dead: every failed request is an ERROR event, the toast's code only the first.
      await refreshBalance('eip155', { force: true })
      assert.deepEqual(codes, ['TOKEN_BALANCE_UNAVAILABLE', undefined])
      // Another account is another first failure.
      $connections.setKey('eip155', evmConnection(BOB))
      await refreshBalance('eip155')
      assert.deepEqual(codes, ['TOKEN_BALANCE_UNAVAILABLE', undefined, 'TOKEN_BALANCE_UNAVAILABLE'])
    } finally {
      stop()
    }
  })

  test('the native balance and the server stores key an account alike (accountKey)', () => {
    const mixedCase = '0xAbCdEf0000000000000000000000000000000001'
    $connections.setKey('eip155', evmConnection(mixedCase, 10))
    setActiveNetwork(optimism.caipNetworkId)
    assert.equal(connectionKey('eip155'), accountKey('eip155:10', mixedCase))
    assert.equal(activeTarget()?.key, connectionKey('eip155'))
  })
})
