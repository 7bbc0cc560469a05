import assert from 'node:assert/strict'
import { afterEach, beforeEach, describe, test } from 'node:test'
import { unregisterAdapter } from '../adapters/registry.js'
import { createModalClient } from '../client/create-modal.js'
import type { BaseError } from '../errors/base.js'
import { storage } from '../storage/storage.js'
import { $connections } from '../stores/connection.js'
import { type ModalEvent, subscribeEvents } from '../stores/events.js'
import { $sendDraft, setReceiver, updateSendDraft } from '../stores/send.js'
import { mainnet } from '../testing/fixtures.js'
import { resetStores } from '../testing/reset-stores.js'
import { createTestAdapter, type TestAdapter } from '../testing/test-adapter.js'
import type { CaipNetwork } from '../types/network.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'
import {
  $sendTokens,
  $sendTransfer,
  estimateNativeFee,
  estimateSendFee,
  loadSendTokens,
  maxSendAmount,
  nativeToken,
  pollingInterval,
  resolveReceiver,
  type SendCallbacks,
  send,
  sendAmountParses,
  sendFeeError,
  sendMutation,
} from './send.js'
import { getCallsStatus, sendCalls } from './send-calls.js'

const RECEIVER = '0x2222222222222222222222222222222222222222'
const FEE = 21_000_000_000_000n
const messageOf = (error: unknown) => (error as BaseError).shortMessage

const bitcoin: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8332'] } },
}

async function setup(
  options: Parameters<typeof createTestAdapter>[0] = {},
  features = {},
  network: CaipNetwork = mainnet,
) {
  resetStores()
  storage.remove('lastUsedChain')
  unregisterAdapter('eip155')
  const adapter = createTestAdapter({ wallets: [{ id: 'io.alpha', name: 'Alpha' }], ...options })
  createModalClient({
    projectId: 'p',
    networks: options.namespace === 'bip122' ? [bitcoin] : [network],
    adapters: [adapter],
    features,
  })
  await connect({ connectorId: 'io.alpha' })
  await loadSendTokens()
  return adapter
}

function draft(amount: string | undefined, receiver: string | undefined = RECEIVER) {
  updateSendDraft({ sendTokenAmount: amount })
  setReceiver(receiver)
}

const tokens = () => $sendTokens.get().tokenBalances

/** Sends what the draft parses to, as the Preview's Send button does. */
function sendDraft(callbacks?: SendCallbacks) {
  const { transfer, error } = $sendTransfer.get()
  if (!transfer) return Promise.reject(error)
  return send(transfer, callbacks)
}

describe('send (spec §4, §5, §9)', () => {
  let adapter: TestAdapter
  let events: ModalEvent[]
  let stop: () => void

  beforeEach(async () => {
    adapter = await setup()
    events = []
    stop = subscribeEvents((event) => events.push(event))
  })

  afterEach(() => {
    stop()
    unregisterAdapter('eip155')
    unregisterAdapter('solana')
    $connections.set({})
  })

  test('lists the exact native balance first and picks it', () => {
    const { token } = $sendDraft.get()
    const tokenBalances = tokens()
    assert.equal(tokenBalances.length, 1)
    assert.deepEqual(tokenBalances[0]?.quantity, { decimals: '18', numeric: '1.23456789' })
    assert.deepEqual(token, nativeToken(tokenBalances))
  })

  test('checks the draft with the spec texts, in order', () => {
    const rule = () => $sendTransfer.get().error?.shortMessage
    updateSendDraft({ token: undefined })
    assert.equal(rule(), 'A token is required')
    updateSendDraft({ token: nativeToken(tokens()) })
    draft(undefined)
    assert.equal(rule(), 'An amount and receiver address are required')
    draft('0.1', '')
    assert.equal(rule(), 'An amount and receiver address are required')
    draft('0.1', '0x123')
    assert.equal(rule(), 'Invalid receiver address')
    draft('0.0000000000000000001', '0x123')
    assert.match(rule() ?? '', /more decimal places/, 'the amount is checked before the address')
    draft('0.0000000000000000001')
    assert.match(rule() ?? '', /more decimal places than the token allows \(18\)/)
    draft('0')
    assert.equal(rule(), 'Enter an amount above 0')
    draft('1.23456790')
    assert.equal(rule(), 'Insufficient balance')
    draft('1.23456789')
    assert.equal(rule(), undefined)
    const all = $sendTransfer.get().transfer
    assert.ok(all)
    assert.equal(sendFeeError(all, FEE)?.shortMessage, 'Insufficient funds for the network fee')
    draft('1')
    const one = $sendTransfer.get().transfer
    assert.ok(one)
    assert.equal(sendFeeError(one, FEE), undefined)
  })

  test('Max for the native token is the balance less the fee', async () => {
    draft('0.5')
    const transfer = $sendTransfer.get().transfer
    assert.ok(transfer)
    const fee = await estimateSendFee(transfer)
    assert.deepEqual(fee, {
      value: FEE,
      decimals: 18,
      symbol: 'ETH',
      cap: { gasPrice: 1_000_000_000n },
    })
    const eth = nativeToken(tokens())
    assert.ok(eth)
    assert.equal(maxSendAmount(eth, fee?.value), '1.23454689')
    assert.equal(maxSendAmount({ ...eth, address: 'eip155:1:0xabc' }, fee?.value), '1.23456789')
  })

  test("Max's fee ceiling travels with the send while the amount is Max's", async () => {
    const eth = nativeToken(tokens())
    assert.ok(eth)
    const fee = await estimateNativeFee(RECEIVER)
    assert.ok(fee?.cap)
    // Max estimated at 3 gwei: the send is priced at that ceiling, not at a later estimate.
    const cap = { gasPrice: 3_000_000_000n }
    const amount = maxSendAmount(eth, 21_000n * cap.gasPrice)
    updateSendDraft({ sendTokenAmount: amount, maxFee: { amount, cap } })
    setReceiver(RECEIVER)
    const transfer = $sendTransfer.get().transfer
    assert.deepEqual(transfer?.fee, cap)
    assert.ok(transfer)
    assert.equal((await estimateSendFee(transfer))?.value, 21_000n * cap.gasPrice)
    assert.equal(sendFeeError(transfer, 21_000n * cap.gasPrice), undefined)
    // Another amount typed: the ceiling no longer applies; Max's amount again: it does.
    draft('0.5')
    assert.equal($sendTransfer.get().transfer?.fee, undefined)
    draft(amount)
    await sendDraft()
    assert.ok(adapter.calls.includes('sendTransfer.fee:3000000000'))
  })

  test('sends the native token, emits SEND_SUCCESS and clears the draft', async () => {
    draft('0.5')
    const result = await sendDraft()
    assert.equal(result.status, 'confirmed')
    assert.equal(result.id, `tx:${RECEIVER}:500000000000000000`)
    assert.ok(adapter.calls.includes(`sendTransfer:${RECEIVER}:500000000000000000`))
    assert.deepEqual(
      events.filter((e) => e.event === 'SEND_SUCCESS').map((e) => e.properties?.hash),
      [result.id],
    )
    assert.equal($sendDraft.get().sendTokenAmount, undefined)
    assert.equal(sendMutation.$state.get().status, 'success')
  })

  test('sends a token by its contract address', async () => {
    const eth = nativeToken(tokens())
    assert.ok(eth)
    const token = {
      ...eth,
      symbol: 'TUSD',
      address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
      quantity: { decimals: '6', numeric: '10' },
    }
    updateSendDraft({ token })
    draft('2.5')
    await sendDraft()
    assert.ok(
      adapter.calls.includes(
        `sendTransfer:${RECEIVER}:2500000:0x5FbDB2315678afecb367f032d93F642f64180aa3`,
      ),
    )
  })

  test('a wallet rejection is "Signature declined" and keeps the draft', async () => {
    adapter.sendTransfer = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    draft('0.5')
    await assert.rejects(sendDraft(), (error) => messageOf(error) === 'Signature declined')
    assert.equal($sendDraft.get().sendTokenAmount, '0.5')
    assert.equal($sendDraft.get().receiverAddress, RECEIVER)
    assert.equal(sendMutation.$state.get().status, 'error')
    assert.equal(
      events.some((e) => e.event === 'SEND_SUCCESS'),
      false,
    )
  })

  test('a reverted transaction rejects and keeps the draft', async () => {
    adapter.getTransactionStatus = async () => 'failed'
    draft('0.5')
    await assert.rejects(sendDraft(), (error) => messageOf(error) === 'The transaction failed')
    assert.equal($sendDraft.get().sendTokenAmount, '0.5')
  })

  test('polls a sent transaction every half block time, within 500-4000 ms (spec §9)', async () => {
    assert.deepEqual(
      [12_000, 2_000, 400, 20_000, 0, undefined, '2000'].map((blockTime) =>
        pollingInterval({ blockTime }),
      ),
      [4_000, 1_000, 500, 4_000, 1_000, 1_000, 1_000],
    )
    adapter = await setup({}, {}, { ...mainnet, blockTime: 3_000 })
    const polls: number[] = []
    adapter.getTransactionStatus = async () => {
      polls.push(performance.now())
      return polls.length < 2 ? 'pending' : 'success'
    }
    draft('0.5')
    await sendDraft()
    const [first = 0, second = 0] = polls
    // Before: every second on any network.
    assert.ok(second - first >= 1_490, `polled again after ${second - first} ms`)
  })

  test('a second call while one runs sends once', async () => {
    let sends = 0
    adapter.sendTransfer = async () => {
      sends++
      await new Promise((resolve) => setTimeout(resolve, 20))
      return '0xabc'
    }
    draft('0.5')
    const [a, b] = await Promise.all([sendDraft(), sendDraft()])
    assert.equal(sends, 1)
    assert.equal(a, b)
  })

  test('sending where the feature is off refuses; Bitcoin sends through its adapter', async () => {
    await setup({}, { send: false })
    draft('0.5')
    await assert.rejects(
      sendDraft(),
      (error) => messageOf(error) === 'Sending is not available here',
    )
    await setup({
      namespace: 'bip122',
      chainId: '000000000019d6689c085ae165831e93',
      accounts: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    })
    draft('0.5', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    // Spec §9 lists send on eip155 and solana; the kit sends on Bitcoin too (0.5 BTC in sats).
    const { id } = await sendDraft()
    assert.equal(id, 'tx:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq:50000000')
    unregisterAdapter('bip122')
  })

  test('reads a receiver: an address as is; a name without a server is invalid', async () => {
    assert.deepEqual(await resolveReceiver(` ${RECEIVER} `), { address: RECEIVER })
    await assert.rejects(
      resolveReceiver('not an address'),
      (error) => messageOf(error) === 'Invalid receiver address',
    )
  })

  test('the send flow parses the amount once', async () => {
    // What the Send views do, in order: the form shows the live amount rule, Preview opens,
    // the fee is estimated, the Send button's state is read on every render, the wallet asked.
    const stop = $sendTransfer.listen(() => {})
    const before = sendAmountParses()
    updateSendDraft({ sendTokenAmount: '0.5' })
    assert.equal(sendAmountParses() - before, 1, 'typing the amount parses it')
    setReceiver(RECEIVER, { name: 'bob-1234' })
    for (let render = 0; render < 5; render++) assert.equal($sendTransfer.get().error, undefined)
    const transfer = $sendTransfer.get().transfer
    assert.ok(transfer)
    assert.equal(transfer.amount, 500_000_000_000_000_000n)
    const fee = await estimateSendFee(transfer)
    assert.ok(fee)
    assert.equal(sendFeeError(transfer, fee.value), undefined)
    await send(transfer)
    assert.equal(sendAmountParses() - before, 1, 'nothing after the typing parsed it again')
    assert.ok(adapter.calls.includes(`sendTransfer:${RECEIVER}:500000000000000000`))
    stop()
  })

  test('send refuses a transfer made for another network than the active one', async () => {
    draft('0.5')
    const transfer = $sendTransfer.get().transfer
    assert.ok(transfer)
    await assert.rejects(
      send({ ...transfer, chainId: 'eip155:10' }),
      (error) => messageOf(error) === 'Unsupported chain',
    )
    assert.equal(adapter.calls.filter((call) => call.startsWith('sendTransfer')).length, 0)
  })
})

describe('sendCalls (EIP-5792 batches a host starts)', () => {
  test('reports the fallback; refuses a namespace without batches and a disconnected wallet', async () => {
    const adapter = await setup()
    const events: ModalEvent[] = []
    const stop = subscribeEvents((event) => events.push(event))
    const calls = [{ to: RECEIVER, value: 1n }, { to: RECEIVER }]
    // The test adapter has no sendCalls: "Unsupported chain", nothing sent, nothing emitted.
    await assert.rejects(sendCalls({ calls }), (error) => messageOf(error) === 'Unsupported chain')
    assert.equal(events.length, 0)

    const sent: unknown[] = []
    adapter.sendCalls = async (params) => {
      sent.push(params.calls)
      return { id: '0xbatch', fallback: true }
    }
    adapter.getCallsStatus = async (id) => (id === '0xbatch' ? 'success' : 'failed')
    assert.deepEqual(await sendCalls({ calls }), { id: '0xbatch', fallback: true })
    assert.deepEqual(sent, [calls])
    assert.equal(await getCallsStatus('0xbatch'), 'success')
    assert.deepEqual(
      events.map((e) => [e.event, e.properties]),
      [['SEND_CALLS_SUCCESS', { chainId: 'eip155:1', calls: 2, id: '0xbatch', fallback: true }]],
    )

    adapter.sendCalls = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await assert.rejects(sendCalls({ calls }), (error) => messageOf(error) === 'Signature declined')
    assert.deepEqual(events.at(-1)?.properties, { chainId: 'eip155:1', calls: 2, declined: true })

    await disconnect()
    await assert.rejects(sendCalls({ calls }), (error) => messageOf(error) === 'Provider not found')
    stop()
  })
})
