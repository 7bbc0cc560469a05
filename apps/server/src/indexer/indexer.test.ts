// The chain indexer against anvil: restarts lose and duplicate nothing, a reorg of depth 2 is
// rolled back, and the same suite runs on PGlite and on a real PostgreSQL.
import assert from 'node:assert/strict'
import { type TestContext, test } from 'node:test'
import { ANVIL_ADDRESSES, deployTestToken } from '@openmodal/testing'
import { type AnvilInstance, startAnvil } from '@openmodal/testing/node'
import { parseEther } from 'viem'
import { prepareDatabase } from '../bootstrap.js'
import { type Db, openPglite, openPostgres } from '../db/db.js'
import { testChain } from '../testing/chain.js'
import { findPostgresBin, startPostgresCluster } from '../testing/postgres.js'
import { createChainIndexer } from './indexer.js'
import { createChainClient } from './rpc.js'

const CHAIN = 'eip155:31337'
const [, bob, carol, dave, erin] = ANVIL_ADDRESSES

interface TransferSnapshot extends Record<string, unknown> {
  tx_hash: string
  log_index: number
  kind: string
  from_address: string
  to_address: string
  amount: string
}

const transfersTo = (db: Db, to: string) =>
  db.query<TransferSnapshot>(
    `select tx_hash, log_index, kind, from_address, to_address, amount::text as amount
     from chain_transfers where chain_id = $1 and to_address = $2
     order by block_number, log_index`,
    [CHAIN, to.toLowerCase()],
  )

const cursorOf = async (db: Db) => {
  const [row] = await db.query<{ block_number: string; block_hash: string }>(
    'select block_number::text as block_number, block_hash from indexer_cursors where chain_id = $1',
    [CHAIN],
  )
  return row ? { number: BigInt(row.block_number), hash: row.block_hash } : undefined
}

async function indexerSuite(t: TestContext, db: Db, anvil: AnvilInstance) {
  await prepareDatabase(db, { seed: false })
  const chain = testChain(anvil.rpcUrl)
  const client = createChainClient([anvil.rpcUrl])
  const indexer = (blocksPerBatch = 100, onBatch?: () => void) =>
    createChainIndexer({
      db,
      chainId: CHAIN,
      client,
      startBlock: 0n,
      pollIntervalMs: 20,
      blocksPerBatch,
      ...(onBatch ? { onBatch } : {}),
    })

  await t.test(
    'an indexer stopped mid-stream and restarted loses and duplicates nothing',
    async () => {
      const token = await deployTestToken(anvil.rpcUrl, { symbol: 'RST' })
      const sent: string[] = []
      for (let i = 1; i <= 24; i++) {
        sent.push(
          i % 3 === 0
            ? await chain.sendEth(0, carol, BigInt(i))
            : await chain.sendToken(0, token.address, carol, BigInt(i) * 1_000n),
        )
      }
      const head = await client.getBlockNumber()

      // Stop after two batches of 3 blocks: the running batch ends, nothing more is read.
      let batches = 0
      let stopping: Promise<void> | undefined
      const first = indexer(3, () => {
        if (++batches === 2) stopping = first.stop()
      })
      first.start()
      while (!stopping) await new Promise((r) => setTimeout(r, 10))
      await stopping
      const stoppedAt = await cursorOf(db)
      assert.ok(stoppedAt && stoppedAt.number > 0n && stoppedAt.number < head, 'stopped mid-stream')
      const partial = await transfersTo(db, carol)
      assert.ok(partial.length < sent.length)

      const second = indexer(3)
      const result = await second.syncOnce()
      assert.equal(result.cursor, head)
      const all = await transfersTo(db, carol)
      assert.deepEqual(
        all.map((row) => row.tx_hash),
        sent.map((hash) => hash.toLowerCase()),
        'every transfer once, in chain order',
      )
      assert.deepEqual(
        all.map((row) => [row.kind, row.amount]),
        sent.map((_, n) => {
          const i = n + 1
          return i % 3 === 0 ? ['native', String(i)] : ['erc20', String(i * 1_000)]
        }),
      )

      // A cursor write lost after its rows were committed (a crash between the two, or an
      // operator rewinding it): the batches are read again and nothing doubles.
      const [rewind] = await db.query<{ block_number: string; block_hash: string }>(
        `select block_number::text as block_number, block_hash from indexer_blocks
       where chain_id = $1 order by block_number asc limit 1`,
        [CHAIN],
      )
      assert.ok(rewind && BigInt(rewind.block_number) < head)
      await db.query(
        'update indexer_cursors set block_number = $2, block_hash = $3 where chain_id = $1',
        [CHAIN, rewind.block_number, rewind.block_hash],
      )
      const again = await indexer(3).syncOnce()
      assert.ok(again.blocks > 0, 'the rewound blocks were read again')
      assert.deepEqual(await transfersTo(db, carol), all)
      const [counts] = await db.query<{ transfers: number; accounts: number }>(
        `select (select count(*)::int from chain_transfers where to_address = $1) as transfers,
         (select count(*)::int from account_transactions where address = $1) as accounts`,
        [carol.toLowerCase()],
      )
      assert.deepEqual(counts, { transfers: sent.length, accounts: sent.length })
    },
  )

  await t.test('a reorg of depth 2 is rolled back and the new blocks are read', async () => {
    const live = indexer()
    await live.syncOnce()
    const snapshot = await chain.snapshot()
    const orphaned = [
      await chain.sendEth(0, dave, parseEther('1')),
      await chain.sendEth(0, dave, parseEther('2')),
    ]
    const before = await live.syncOnce()
    assert.equal(before.reorgs, 0)
    assert.deepEqual(
      (await transfersTo(db, dave)).map((row) => row.tx_hash),
      orphaned.map((hash) => hash.toLowerCase()),
    )
    const tip = await cursorOf(db)

    // Same height, other blocks: only the hashes tell the fork apart.
    await chain.revert(snapshot)
    const replacing = [
      await chain.sendEth(0, erin, parseEther('3')),
      await chain.sendEth(0, erin, parseEther('4')),
    ]
    const head = await client.getBlock()
    assert.equal(head.number, tip?.number)
    assert.notEqual(head.hash, tip?.hash)

    const after = await live.syncOnce()
    assert.equal(after.reorgs, 1)
    assert.equal(after.blocks, 2, 'the two replaced blocks were read again')
    assert.deepEqual(await transfersTo(db, dave), [], 'orphaned transfers are gone')
    const [orphanTx] = await db.query<{ n: number }>(
      `select count(*)::int as n from chain_transactions where tx_hash = any($1::text[])`,
      [orphaned.map((hash) => hash.toLowerCase())],
    )
    assert.equal(orphanTx?.n, 0)
    assert.deepEqual(
      (await transfersTo(db, erin)).map((row) => [row.tx_hash, row.amount]),
      [
        [replacing[0]?.toLowerCase(), parseEther('3').toString()],
        [replacing[1]?.toLowerCase(), parseEther('4').toString()],
      ],
    )
    assert.deepEqual(await cursorOf(db), { number: head.number, hash: head.hash })

    // A revert that shortens the chain, then a longer fork.
    const shorter = await chain.snapshot()
    await chain.sendEth(0, dave, 5n)
    await live.syncOnce()
    await chain.revert(shorter)
    await chain.mine(3)
    const longer = await live.syncOnce()
    assert.equal(longer.reorgs, 1)
    assert.deepEqual(await transfersTo(db, dave), [])
    assert.equal((await cursorOf(db))?.number, await client.getBlockNumber())
  })

  await t.test('the poll loop follows new blocks until stopped', async () => {
    const follower = indexer()
    follower.start()
    try {
      const hash = await chain.sendEth(0, bob, 77n)
      const deadline = Date.now() + 5_000
      let rows: TransferSnapshot[] = []
      while (Date.now() < deadline) {
        rows = (await transfersTo(db, bob)).filter((row) => row.tx_hash === hash.toLowerCase())
        if (rows.length) break
        await new Promise((r) => setTimeout(r, 20))
      }
      assert.equal(rows.length, 1)
    } finally {
      await follower.stop()
    }
    // Stopped means stopped: a new block is not read any more.
    const hash = await chain.sendEth(0, bob, 78n)
    await new Promise((r) => setTimeout(r, 150))
    const rows = (await transfersTo(db, bob)).filter((row) => row.tx_hash === hash.toLowerCase())
    assert.equal(rows.length, 0)
  })
}

test('indexer on embedded PGlite', async (t) => {
  const [db, anvil] = await Promise.all([openPglite(), startAnvil()])
  try {
    await indexerSuite(t, db, anvil)
  } finally {
    await anvil.stop()
    await db.close()
  }
})

test('indexer on a real PostgreSQL', async (t) => {
  const bin = findPostgresBin()
  if (!bin) {
    t.skip('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin')
    return
  }
  const [cluster, anvil] = await Promise.all([startPostgresCluster(bin), startAnvil()])
  const db = openPostgres(await cluster.createDatabase('indexer'))
  try {
    await indexerSuite(t, db, anvil)
  } finally {
    await db.close()
    await anvil.stop()
    await cluster.stop()
  }
})
