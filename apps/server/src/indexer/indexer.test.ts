// The chain indexer against anvil: restarts lose and duplicate nothing, a reorg of depth 2 is
// rolled back, internal transfers come from trace_block, and the same suite runs on PGlite and
// on a real PostgreSQL.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type TestContext, test } from 'node:test'
import { ANVIL_ADDRESSES, deployTestToken } from '@openmodal/testing'
import { type AnvilInstance, startAnvil } from '@openmodal/testing/node'
import { type Address, encodeAbiParameters, type Hex, parseEther } from 'viem'
import { prepareDatabase } from '../bootstrap.js'
import { type Db, openPostgres } from '../db/db.js'
import { testChain } from '../testing/chain.js'
import { openTestPglite } from '../testing/pglite.js'
import { findPostgresBin, startPostgresCluster } from '../testing/postgres.js'
import { type ChainIndexerOptions, createChainIndexer } from './indexer.js'
import { createChainClient } from './rpc.js'

const CHAIN = 'eip155:31337'
const [, bob, carol, dave, erin] = ANVIL_ADDRESSES

// Hand-assembled contracts (init code copies the runtime after it and returns it).
// Forwarder: CALL(gas, calldataload(0), callvalue, 0, 0, 0, 0); POP; STOP.
const FORWARDER: Hex = '0x6010600c60003960106000f36000600060006000346000355af15000'
// The same forward, then REVERT(0, 0): whatever it sent is undone.
const REVERTING_FORWARDER: Hex =
  '0x6014600c60003960146000f36000600060006000346000355af15060006000fd'
const addressArg = (address: Address) => encodeAbiParameters([{ type: 'address' }], [address])

/**
 * A loopback proxy to anvil that answers `refused` as a node without it does (-32601, the
 * wording of geth-style nodes), forwards everything else and counts the requests by method.
 */
async function startRefusingProxy(target: string, refused: string) {
  const asked = new Map<string, number>()
  const refuse = (request: { id?: unknown }) => ({
    jsonrpc: '2.0',
    id: request.id ?? null,
    error: { code: -32601, message: `the method ${refused} does not exist/is not available` },
  })
  const forward = async (requests: { id?: unknown; method?: string }[]) => {
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(requests),
    })
    return (await answer.json()) as unknown[]
  }
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', async () => {
      type Request = { id?: unknown; method?: string }
      const parsed = JSON.parse(body) as Request | Request[]
      const requests = Array.isArray(parsed) ? parsed : [parsed]
      for (const r of requests) asked.set(String(r.method), (asked.get(String(r.method)) ?? 0) + 1)
      const passed = requests.filter((r) => r.method !== refused)
      const answers = passed.length > 0 ? [...(await forward(passed))] : []
      const all = requests.map((r) => (r.method === refused ? refuse(r) : answers.shift()))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(Array.isArray(parsed) ? all : all[0]))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many requests of `method` the proxy received. */
    asked: (method: string) => asked.get(method) ?? 0,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

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
  const indexer = (
    blocksPerBatch = 100,
    onBatch?: () => void,
    more: Partial<ChainIndexerOptions> = {},
  ) =>
    createChainIndexer({
      db,
      chainId: CHAIN,
      client,
      startBlock: 0n,
      pollIntervalMs: 20,
      blocksPerBatch,
      ...(onBatch ? { onBatch } : {}),
      ...more,
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

  await t.test(
    'internal transfers: a forwarded value is recorded once, reverted frames and chains without the option record none',
    async () => {
      const tracing = () => indexer(100, undefined, { internalTransfers: 'trace_block' })
      const recipient = '0x000000000000000000000000000000000000bEEF'
      const later = '0x000000000000000000000000000000000000cafE'
      const forwarder = await chain.deploy(0, FORWARDER)
      const reverting = await chain.deploy(0, REVERTING_FORWARDER)
      await tracing().syncOnce()
      const firstBlock = (await client.getBlockNumber()) + 1n

      const forwarded = await chain.sendData(1, forwarder, parseEther('1'), addressArg(recipient))
      // The forwarder calls the reverting one, which forwards to the zero address and reverts:
      // the transaction succeeds, the nested frame and its child moved nothing.
      const undone = await chain.sendData(1, forwarder, 5n, addressArg(reverting), 200_000n)
      // A reverted transaction: its own value and the forward inside it moved nothing.
      const failed = await chain.sendData(1, reverting, 6n, addressArg(recipient), 200_000n)
      const status = async (hash: Hex) => (await client.getTransactionReceipt({ hash })).status
      assert.deepEqual(
        [await status(forwarded), await status(undone), await status(failed)],
        ['success', 'success', 'reverted'],
      )
      await tracing().syncOnce()

      const rowsOf = (chainId: string) =>
        db.query<TransferSnapshot>(
          `select tx_hash, log_index, kind, from_address, to_address, amount::text as amount
           from chain_transfers where chain_id = $1 and tx_hash = any($2::text[])
           order by block_number, log_index desc`,
          [chainId, [forwarded, undone, failed].map((h) => h.toLowerCase())],
        )
      const row = (hash: Hex, logIndex: number, from: string, to: string, amount: bigint) => ({
        tx_hash: hash.toLowerCase(),
        log_index: logIndex,
        kind: 'native',
        from_address: from.toLowerCase(),
        to_address: to.toLowerCase(),
        amount: amount.toString(),
      })
      const expected = [
        row(forwarded, -1, bob, forwarder, parseEther('1')),
        row(forwarded, -2, forwarder, recipient, parseEther('1')),
        row(undone, -1, bob, forwarder, 5n),
        row(failed, -1, bob, reverting, 6n),
      ]
      assert.deepEqual(await rowsOf(CHAIN), expected)
      const [touched] = await db.query<{ n: number }>(
        `select count(*)::int as n from account_transactions
         where chain_id = $1 and address = $2 and tx_hash = $3`,
        [CHAIN, recipient.toLowerCase(), forwarded.toLowerCase()],
      )
      assert.equal(touched?.n, 1, 'the recipient has the transaction in its history')

      // Read again from before these blocks: nothing doubles.
      const before = await client.getBlock({ blockNumber: firstBlock - 1n })
      await db.query(
        'update indexer_cursors set block_number = $2, block_hash = $3 where chain_id = $1',
        [CHAIN, (firstBlock - 1n).toString(), before.hash],
      )
      const again = await tracing().syncOnce()
      assert.ok(again.blocks >= 3, 'the blocks were read again')
      assert.deepEqual(await rowsOf(CHAIN), expected)

      // The option off (another chain id over the same node): the transaction's value only.
      const plain = 'eip155:99'
      await createChainIndexer({ db, chainId: plain, client, startBlock: firstBlock }).syncOnce()
      assert.deepEqual(
        await rowsOf(plain),
        expected.filter((r) => r.log_index === -1),
      )

      // A node that refuses trace_block: one error naming the chain and the setting, and the
      // chain is still indexed (without internal transfers).
      const proxy = await startRefusingProxy(anvil.rpcUrl, 'trace_block')
      try {
        const logged: { level: string; msg: string; fields: Record<string, unknown> }[] = []
        const record =
          (level: string) =>
          (msg: string, fields: Record<string, unknown> = {}) =>
            logged.push({ level, msg, fields })
        const refused = 'eip155:98'
        const refusing = createChainIndexer({
          db,
          chainId: refused,
          client: createChainClient([proxy.url]),
          startBlock: firstBlock,
          internalTransfers: 'trace_block',
          logger: {
            level: 'debug',
            error: record('error'),
            warn: record('warn'),
            info: record('info'),
            debug: record('debug'),
          },
        })
        const result = await refusing.syncOnce()
        assert.equal(result.cursor, await client.getBlockNumber())
        assert.deepEqual(
          await rowsOf(refused),
          expected.filter((r) => r.log_index === -1),
        )
        await chain.sendData(1, forwarder, 7n, addressArg(recipient))
        await refusing.syncOnce()
        const errors = logged.filter((l) => l.level === 'error' || l.level === 'warn')
        assert.equal(errors.length, 1, 'logged once')
        assert.equal(errors[0]?.fields.chainId, refused)
        assert.match(
          String(errors[0]?.fields.action),
          /Remove "internalTransfers" from chain eip155:98/,
        )
      } finally {
        await proxy.close()
      }

      // A reorg drops the internal rows of the replaced blocks with the rest.
      const live = tracing()
      await live.syncOnce()
      const snapshot = await chain.snapshot()
      const orphan = await chain.sendData(2, forwarder, 9n, addressArg(later))
      await live.syncOnce()
      assert.equal((await transfersTo(db, later)).length, 1)
      await chain.revert(snapshot)
      await chain.mine(2)
      assert.equal((await live.syncOnce()).reorgs, 1)
      assert.deepEqual(await transfersTo(db, later), [])
      const [left] = await db.query<{ n: number }>(
        'select count(*)::int as n from chain_transfers where tx_hash = $1',
        [orphan.toLowerCase()],
      )
      assert.equal(left?.n, 0)
    },
  )

  await t.test(
    'a node without eth_getBlockReceipts: one receipt per transaction, the method asked once',
    async () => {
      const reverting = await chain.deploy(0, REVERTING_FORWARDER)
      const firstBlock = (await client.getBlockNumber()) + 1n
      const paid = await chain.sendEth(1, dave, 11n)
      const failed = await chain.sendData(1, reverting, 12n, addressArg(dave), 200_000n)
      const proxy = await startRefusingProxy(anvil.rpcUrl, 'eth_getBlockReceipts')
      try {
        const chainId = 'eip155:97'
        await createChainIndexer({
          db,
          chainId,
          client: createChainClient([proxy.url]),
          startBlock: firstBlock,
        }).syncOnce()
        assert.deepEqual(
          await db.query(
            `select tx_hash, success from chain_transactions where chain_id = $1
             order by block_number`,
            [chainId],
          ),
          [
            { tx_hash: paid.toLowerCase(), success: true },
            { tx_hash: failed.toLowerCase(), success: false },
          ],
        )
        assert.equal(proxy.asked('eth_getBlockReceipts'), 1, 'refused once, then not asked')
        assert.equal(proxy.asked('eth_getTransactionReceipt'), 2)
      } finally {
        await proxy.close()
      }
    },
  )

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
  const [db, anvil] = await Promise.all([openTestPglite(), startAnvil()])
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
