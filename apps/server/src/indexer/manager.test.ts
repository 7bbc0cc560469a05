// Which chains get an indexer, and that the server's indexers start and stop with it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { startAnvil } from '@openmodal/testing/node'
import { encodeAbiParameters, type Hex, pad } from 'viem'
import { prepareDatabase } from '../bootstrap.js'
import { syncConfig } from '../projects/config-file.js'
import { testChain } from '../testing/chain.js'
import { testProject } from '../testing/harness.js'
import { openTestPglite } from '../testing/pglite.js'
import {
  decodeTransferLog,
  internalTransfers,
  type RpcLog,
  type RpcTrace,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './decode.js'
import { planChains, startIndexers } from './manager.js'

test('plans one indexer per EVM chain, local chains from block 0, others from the head', () => {
  assert.deepEqual(
    planChains([
      { caipNetworkId: 'eip155:31337', rpcUrls: ['http://127.0.0.1:8545'] },
      {
        caipNetworkId: 'eip155:31337',
        rpcUrls: ['http://localhost:8545', 'http://127.0.0.1:8545'],
      },
      { caipNetworkId: 'eip155:1', rpcUrls: ['https://rpc.example.com/key'] },
      {
        caipNetworkId: 'eip155:1',
        rpcUrls: ['https://trace.example.com'],
        internalTransfers: 'trace_block',
      },
      { caipNetworkId: 'eip155:10', rpcUrls: ['https://op.example.com'], startBlock: 120 },
      { caipNetworkId: 'eip155:10', rpcUrls: ['https://op.example.com'], startBlock: 100 },
      { caipNetworkId: 'eip155:137', rpcUrls: ['https://polygon.example.com'], index: false },
      { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrls: ['http://127.0.0.1:1'] },
    ]),
    [
      {
        chainId: 'eip155:31337',
        rpcUrls: ['http://127.0.0.1:8545', 'http://localhost:8545'],
        startBlock: 0n,
        internalTransfers: false,
      },
      {
        chainId: 'eip155:1',
        rpcUrls: ['https://rpc.example.com/key', 'https://trace.example.com'],
        startBlock: 'latest',
        internalTransfers: 'trace_block',
      },
      {
        chainId: 'eip155:10',
        rpcUrls: ['https://op.example.com'],
        startBlock: 100n,
        internalTransfers: false,
      },
    ],
  )
})

const log = (topics: Hex[], data: Hex): RpcLog => ({
  address: '0x00000000000000000000000000000000000000AA',
  topics,
  data,
  blockNumber: '0x5',
  blockHash: `0x${'11'.repeat(32)}`,
  transactionHash: `0x${'22'.repeat(32)}`,
  transactionIndex: '0x0',
  logIndex: '0x3',
})
const addressTopic = (address: Hex) => pad(address.toLowerCase() as Hex, { size: 32 })
const [alice, bob] = ANVIL_ADDRESSES

test('decodes ERC-20, ERC-721 and ERC-1155 logs and skips malformed ones', () => {
  const from = addressTopic(alice)
  const to = addressTopic(bob)
  const amount = encodeAbiParameters([{ type: 'uint256' }], [5n])
  assert.deepEqual(
    decodeTransferLog(log([TRANSFER_TOPIC, from, to], amount)).map((t) => [t.kind, t.amount]),
    [['erc20', 5n]],
  )
  assert.deepEqual(
    decodeTransferLog(log([TRANSFER_TOPIC, from, to, pad('0x07')], '0x')).map((t) => [
      t.kind,
      t.tokenId,
      t.amount,
    ]),
    [['erc721', 7n, 1n]],
  )
  const single = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [9n, 4n])
  assert.deepEqual(
    decodeTransferLog(log([TRANSFER_SINGLE_TOPIC, from, from, to], single)).map((t) => [
      t.kind,
      t.from,
      t.to,
      t.tokenId,
      t.amount,
    ]),
    [['erc1155', alice.toLowerCase(), bob.toLowerCase(), 9n, 4n]],
  )
  const batch = encodeAbiParameters(
    [{ type: 'uint256[]' }, { type: 'uint256[]' }],
    [
      [1n, 2n],
      [10n, 20n],
    ],
  )
  assert.deepEqual(
    decodeTransferLog(log([TRANSFER_BATCH_TOPIC, from, from, to], batch)).map((t) => [
      t.batchIndex,
      t.tokenId,
      t.amount,
    ]),
    [
      [0, 1n, 10n],
      [1, 2n, 20n],
    ],
  )
  // Short data, a missing topic, mismatched batch arrays, garbage: no rows, no throw.
  for (const bad of [
    log([TRANSFER_TOPIC, from, to], '0x01'),
    log([TRANSFER_TOPIC, from], amount),
    log([TRANSFER_SINGLE_TOPIC, from, from, to], amount),
    log(
      [TRANSFER_BATCH_TOPIC, from, from, to],
      encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n], []]),
    ),
    log([TRANSFER_BATCH_TOPIC, from, from, to], '0xdeadbeef'),
  ]) {
    assert.deepEqual(decodeTransferLog(bad), [])
  }
})

test('internal transfers: nested value calls, creations and self-destructs of frames that did not revert', () => {
  const [carol, dave, erin] = [2, 3, 4].map(
    (i) => (ANVIL_ADDRESSES[i] ?? '').toLowerCase() as Hex,
  ) as [Hex, Hex, Hex]
  const tx = `0x${'aa'.repeat(32)}` as Hex
  const other = `0x${'bb'.repeat(32)}` as Hex
  const frame = (
    traceAddress: number[],
    type: string,
    action: RpcTrace['action'],
    extra: Partial<RpcTrace> = {},
  ): RpcTrace => ({ type, action, traceAddress, transactionHash: tx, ...extra })
  const call = (from: Hex, to: Hex, value: bigint, callType = 'call') => ({
    from,
    to,
    value: `0x${value.toString(16)}` as Hex,
    callType,
  })
  const A = '0x00000000000000000000000000000000000000a1' as Hex
  const B = '0x00000000000000000000000000000000000000b2' as Hex
  const created = '0x00000000000000000000000000000000000000c3' as Hex
  const traces: RpcTrace[] = [
    // Listed out of order on purpose: keys follow the trace addresses, not the list.
    frame([1, 0], 'call', call(B, erin, 9n)), // child of a reverted frame
    frame([], 'call', call(carol, A, 100n)), // the transaction's own value: not here
    frame([0], 'call', call(A, dave, 10n)),
    frame([0, 0], 'call', call(dave, dave, 3n)), // to itself: moves nothing
    frame([1], 'call', call(A, B, 20n), { error: 'Reverted' }),
    frame([2], 'call', call(A, B, 30n, 'delegatecall')),
    frame([3], 'call', call(A, B, 0n)),
    frame([4], 'create', { from: A, value: '0x5' }, { result: { address: created } }),
    frame([5], 'suicide', { address: A, refundAddress: erin, balance: '0x7' }),
    frame([], 'reward', { value: '0x1' }, { transactionHash: null }),
    { ...frame([], 'call', call(dave, A, 1n)), transactionHash: other },
    { ...frame([0], 'call', call(A, carol, 1n)), transactionHash: other, error: 'out of gas' },
  ]
  assert.deepEqual(
    internalTransfers(traces, 7n).map((t) => [t.txHash, t.logIndex, t.from, t.to, t.amount]),
    [
      [tx, -2, A, dave, 10n],
      [tx, -8, A, created, 5n],
      [tx, -9, A, erin, 7n],
    ],
  )
  // A reverted top-level call reverts everything under it.
  assert.deepEqual(
    internalTransfers(
      [
        frame([], 'call', call(carol, A, 1n), { error: 'Reverted' }),
        frame([0], 'call', call(A, dave, 1n)),
      ],
      7n,
    ),
    [],
  )
})

test('the server indexers start for every project chain, follow it and stop cleanly', async () => {
  const [db, anvil] = await Promise.all([openTestPglite(), startAnvil()])
  try {
    await prepareDatabase(db, { seed: false })
    await syncConfig(db, {
      projects: [
        testProject({
          chains: [
            { caipNetworkId: 'eip155:31337', rpcUrls: [anvil.rpcUrl] },
            { caipNetworkId: 'eip155:1', rpcUrls: [anvil.rpcUrl], index: false },
          ],
        }),
      ],
    })
    const hash = await testChain(anvil.rpcUrl).sendEth(0, bob, 1n)
    const manager = await startIndexers({ db, pollIntervalMs: 20 })
    assert.deepEqual([...manager.indexers.keys()], ['eip155:31337'])
    const deadline = Date.now() + 5_000
    let found = 0
    while (Date.now() < deadline && found === 0) {
      const [row] = await db.query<{ n: number }>(
        'select count(*)::int as n from chain_transfers where tx_hash = $1',
        [hash.toLowerCase()],
      )
      found = row?.n ?? 0
      await new Promise((r) => setTimeout(r, 20))
    }
    assert.equal(found, 1, 'the block mined before the start was backfilled')
    await manager.stop()
    assert.equal(manager.indexers.size, 0)
  } finally {
    await anvil.stop()
    await db.close()
  }
})
