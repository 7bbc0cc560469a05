// Which chains get an indexer, and that the server's indexers start and stop with it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANVIL_ADDRESSES } from '@openmodal/testing'
import { startAnvil } from '@openmodal/testing/node'
import { encodeAbiParameters, type Hex, pad } from 'viem'
import { prepareDatabase } from '../bootstrap.js'
import { openPglite } from '../db/db.js'
import { syncConfig } from '../projects/config-file.js'
import { testChain } from '../testing/chain.js'
import { testProject } from '../testing/harness.js'
import {
  decodeTransferLog,
  type RpcLog,
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
      },
      { chainId: 'eip155:1', rpcUrls: ['https://rpc.example.com/key'], startBlock: 'latest' },
      { chainId: 'eip155:10', rpcUrls: ['https://op.example.com'], startBlock: 100n },
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

test('the server indexers start for every project chain, follow it and stop cleanly', async () => {
  const [db, anvil] = await Promise.all([openPglite(), startAnvil()])
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
