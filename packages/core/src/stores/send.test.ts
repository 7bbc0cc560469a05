import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { connect } from '../actions/connect.js'
import { disconnect } from '../actions/disconnect.js'
import { switchNetwork } from '../actions/switch-network.js'
import { unregisterAdapter } from '../adapters/registry.js'
import type { TokenBalance } from '../api/types.js'
import { createModalClient } from '../client/create-modal.js'
import { storage } from '../storage/storage.js'
import { mainnet, optimism } from '../testing/fixtures.js'
import { resetStores } from '../testing/reset-stores.js'
import { createTestAdapter, type TestAdapter } from '../testing/test-adapter.js'
import { $connections } from './connection.js'
import { $sendDraft, resetSendDraft, setReceiver, setSendToken, updateSendDraft } from './send.js'

const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: null,
  price: null,
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: null,
}
const RECEIVER = '0x2222222222222222222222222222222222222222'

function fill() {
  setSendToken(ETH)
  updateSendDraft({ sendTokenAmount: '0.25' })
  setReceiver(RECEIVER, { name: 'bob-1234', imageUrl: 'https://example.com/bob.png' })
}

const filled = () => {
  const draft = $sendDraft.get()
  return Boolean(draft.token || draft.sendTokenAmount || draft.receiverAddress)
}

describe('send draft (spec §3)', () => {
  let adapter: TestAdapter

  beforeEach(async () => {
    resetStores()
    storage.remove('lastUsedChain')
    adapter = createTestAdapter({
      wallets: [{ id: 'io.alpha', name: 'Alpha' }],
      accounts: ['0x1111111111111111111111111111111111111111', RECEIVER],
      knownChainIds: [1, 10],
    })
    createModalClient({ projectId: 'p', networks: [mainnet, optimism], adapters: [adapter] })
    await connect({ connectorId: 'io.alpha' })
  })

  afterEach(() => {
    resetSendDraft()
    unregisterAdapter('eip155')
    $connections.set({})
  })

  test('holds the spec fields for the active account and network', () => {
    fill()
    const draft = $sendDraft.get()
    assert.equal(draft.token, ETH)
    assert.equal(draft.sendTokenAmount, '0.25')
    assert.equal(draft.receiverAddress, RECEIVER)
    assert.equal(draft.receiverProfileName, 'bob-1234')
    assert.equal(draft.receiverProfileImageUrl, 'https://example.com/bob.png')
    assert.equal(draft.key, 'eip155:1:0x1111111111111111111111111111111111111111')
    // The spec's other draft fields are derived (`$sendTokens`) or the mutation's (`loading`).
    for (const field of ['networkBalanceInUSD', 'loading', 'tokenBalances', 'lastRetry']) {
      assert.ok(!(field in draft), field)
    }
    // A typed address replaces the name and avatar of the one resolved before.
    setReceiver(RECEIVER)
    assert.equal($sendDraft.get().receiverProfileName, undefined)
  })

  test('is cleared on disconnect, even with no Send view watching', async () => {
    fill()
    await disconnect()
    assert.equal(filled(), false)
    await connect({ connectorId: 'io.alpha' })
    assert.equal(filled(), false, 'the same account connecting again starts empty')
  })

  test('is cleared when the network changes', async () => {
    fill()
    await switchNetwork(optimism)
    assert.equal(filled(), false)
    assert.equal($sendDraft.get().key, 'eip155:10:0x1111111111111111111111111111111111111111')
  })

  test('is cleared when the wallet changes account', () => {
    fill()
    adapter.emit({
      type: 'accountsChanged',
      accounts: [{ address: RECEIVER, namespace: 'eip155', type: 'eoa' }],
    })
    assert.equal(filled(), false)
  })

  test('stays while the account and network stay', () => {
    fill()
    adapter.emit({ type: 'chainChanged', chainId: 1 })
    assert.equal($sendDraft.get().sendTokenAmount, '0.25')
    resetSendDraft()
    assert.equal(filled(), false)
  })
})
