// The write step of the indexer and its SQL: a batch's rows with the chain's cursor in one
// transaction, the kept block hashes, and the rollback of a reorg. Writers of one chain take
// an advisory lock and check the cursor first (several servers may share a PostgreSQL).
import type { Db, Queryable } from '../db/db.js'
import type { RangeRows } from './decode-range.js'
import type { BlockRef, ReadBlock } from './read.js'
import { insertRows } from './sql.js'

/** Tables whose rows carry a block number: what a rollback deletes above the ancestor. */
const BLOCK_TABLES = [
  'chain_transfers',
  'chain_transactions',
  'account_transactions',
  'indexer_blocks',
] as const

/** The block the chain's cursor stands on, or undefined before the first batch. */
export async function readCursor(q: Queryable, chainId: string): Promise<BlockRef | undefined> {
  const [row] = await q.query<{ block_number: string; block_hash: string }>(
    `select block_number::text as block_number, block_hash from indexer_cursors
     where chain_id = $1`,
    [chainId],
  )
  return row ? { number: BigInt(row.block_number), hash: row.block_hash } : undefined
}

// Serialises writers of one chain (several servers may share a PostgreSQL).
const lockChain = (q: Queryable, chainId: string) =>
  q.query('select pg_advisory_xact_lock(hashtext($1))', [`openmodal-indexer:${chainId}`])

const sameCursor = (a: BlockRef | undefined, b: BlockRef | undefined) =>
  a?.number === b?.number && a?.hash === b?.hash

export interface WriteBatch {
  /** The cursor the batch was read on: another one means another writer came first. */
  cursor: BlockRef | undefined
  /** The blocks read, in order; the last one becomes the cursor. */
  blocks: readonly ReadBlock[]
  rows: RangeRows
  /** How many of the newest block hashes are kept for reorg detection. */
  reorgDepth: number
}

/**
 * Writes a batch and moves the cursor to its last block in one transaction; false (nothing
 * written) when the cursor is no longer `batch.cursor`. Inserts are idempotent: rows of a batch
 * written before a crash that lost the cursor are skipped.
 *
 * @example
 * const written = await writeBatch(db, 'eip155:1', { cursor, blocks, rows, reorgDepth: 12 })
 */
export async function writeBatch(db: Db, chainId: string, batch: WriteBatch): Promise<boolean> {
  const { blocks, rows } = batch
  const last = blocks.at(-1)
  if (!last) throw new Error('a batch has at least one block')
  const floor = last.number - BigInt(batch.reorgDepth)
  return db.transaction(async (tx) => {
    await lockChain(tx, chainId)
    if (!sameCursor(await readCursor(tx, chainId), batch.cursor)) return false
    await insertRows(
      tx,
      'chain_transactions',
      [
        'chain_id',
        'tx_hash',
        'block_number',
        'block_hash',
        'tx_index',
        'mined_at',
        'from_address',
        'to_address',
        'success',
      ],
      rows.transactions.map((t) => [
        chainId,
        t.txHash,
        t.blockNumber.toString(),
        t.blockHash,
        t.txIndex,
        t.minedAt.toString(),
        t.from,
        t.to,
        t.success,
      ]),
      'on conflict (chain_id, tx_hash) do nothing',
    )
    await insertRows(
      tx,
      'chain_transfers',
      [
        'chain_id',
        'tx_hash',
        'log_index',
        'batch_index',
        'block_number',
        'kind',
        'contract',
        'from_address',
        'to_address',
        'token_id',
        'amount',
      ],
      rows.transfers.map((t) => [
        chainId,
        t.txHash,
        t.logIndex,
        t.batchIndex,
        t.blockNumber.toString(),
        t.kind,
        t.contract,
        t.from,
        t.to,
        t.tokenId?.toString() ?? null,
        t.amount.toString(),
      ]),
      'on conflict (chain_id, tx_hash, log_index, batch_index) do nothing',
    )
    await insertRows(
      tx,
      'account_transactions',
      ['chain_id', 'address', 'block_number', 'tx_index', 'tx_hash'],
      rows.accounts.map((a) => [chainId, a.address, a.blockNumber.toString(), a.txIndex, a.txHash]),
      'on conflict (chain_id, address, tx_hash) do nothing',
    )
    await insertRows(
      tx,
      'indexer_blocks',
      ['chain_id', 'block_number', 'block_hash', 'parent_hash'],
      blocks
        .filter((b) => b.number > floor)
        .map((b) => [chainId, b.number.toString(), b.hash, b.parentHash]),
      `on conflict (chain_id, block_number) do update set
         block_hash = excluded.block_hash, parent_hash = excluded.parent_hash`,
    )
    await tx.query('delete from indexer_blocks where chain_id = $1 and block_number <= $2', [
      chainId,
      floor.toString(),
    ])
    await tx.query(
      `insert into indexer_cursors (chain_id, block_number, block_hash) values ($1, $2, $3)
       on conflict (chain_id) do update set block_number = excluded.block_number,
         block_hash = excluded.block_hash, updated_at = now()`,
      [chainId, last.number.toString(), last.hash],
    )
    return true
  })
}

/** The kept block hashes of the chain, newest first. */
export async function keptBlocks(db: Queryable, chainId: string): Promise<BlockRef[]> {
  const rows = await db.query<{ block_number: string; block_hash: string }>(
    `select block_number::text as block_number, block_hash from indexer_blocks
     where chain_id = $1 order by block_number desc`,
    [chainId],
  )
  return rows.map((row) => ({ number: BigInt(row.block_number), hash: row.block_hash }))
}

/**
 * Deletes everything indexed above `ancestor` and moves the cursor there (or removes it when
 * there is no ancestor), unless the cursor is no longer `cursor` (another writer came first).
 *
 * @example
 * await rollBackTo(db, 'eip155:1', cursor, await reader.commonAncestor(kept, cursor))
 */
export async function rollBackTo(
  db: Db,
  chainId: string,
  cursor: BlockRef,
  ancestor: BlockRef | undefined,
): Promise<void> {
  const floor = (ancestor?.number ?? -1n).toString()
  await db.transaction(async (tx) => {
    await lockChain(tx, chainId)
    if (!sameCursor(await readCursor(tx, chainId), cursor)) return
    for (const table of BLOCK_TABLES) {
      await tx.query(`delete from ${table} where chain_id = $1 and block_number > $2`, [
        chainId,
        floor,
      ])
    }
    if (ancestor) {
      await tx.query(
        `update indexer_cursors set block_number = $2, block_hash = $3, updated_at = now()
         where chain_id = $1`,
        [chainId, ancestor.number.toString(), ancestor.hash],
      )
    } else {
      await tx.query('delete from indexer_cursors where chain_id = $1', [chainId])
    }
  })
}

/** Fresh planner statistics of the tables a backfill grows. */
export async function analyzeIndexTables(db: Queryable): Promise<void> {
  await db.exec('analyze chain_transfers, chain_transactions, account_transactions')
}
