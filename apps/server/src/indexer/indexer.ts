// The indexer of one EVM chain: polls the chain's RPC for new blocks (backfilling from a start
// block), records native (optionally with internal transfers), ERC-20, ERC-721 and ERC-1155
// transfers, and keeps a cursor plus the hashes of the last blocks so a restart resumes exactly
// and a short reorg is rolled back.
import { type Hex, numberToHex, type PublicClient } from 'viem'
import type { Db, Queryable } from '../db/db.js'
import type { Logger } from '../http/logger.js'
import {
  decodeTransferLog,
  internalTransfers,
  nativeTransfer,
  type RpcBlock,
  type RpcLog,
  type RpcTrace,
  TRANSFER_TOPICS,
  type TransferRow,
  ZERO_ADDRESS,
} from './decode.js'
import { insertRows } from './sql.js'
import { type TokenStandard, tokenMetadata } from './tokens.js'

/** Spec §9 "polling 4 s". */
export const DEFAULT_POLL_INTERVAL_MS = 4_000
export const DEFAULT_BLOCKS_PER_BATCH = 100
/** Blocks whose hashes are kept: the deepest reorg that is rolled back exactly. */
export const DEFAULT_REORG_DEPTH = 12

export interface ChainIndexerOptions {
  db: Db
  /** CAIP-2 id, `eip155:<n>`. */
  chainId: string
  client: PublicClient
  /** First block to index when the chain has no cursor yet; 'latest' starts at the head. */
  startBlock?: bigint | 'latest'
  pollIntervalMs?: number
  blocksPerBatch?: number
  reorgDepth?: number
  /**
   * 'trace_block': also record native value moved by nested calls, read with Parity-style
   * `trace_block`. Default off (public RPC endpoints rarely serve traces).
   */
  internalTransfers?: 'trace_block' | false | undefined
  logger?: Logger
  /** Called after each committed batch (tests and the benchmark watch progress with it). */
  onBatch?: (batch: BatchInfo) => void | Promise<void>
}

export interface BatchInfo {
  chainId: string
  fromBlock: bigint
  toBlock: bigint
  transfers: number
}

export interface SyncResult {
  /** The block the cursor stands on afterwards, or undefined before the first batch. */
  cursor: bigint | undefined
  blocks: number
  transfers: number
  reorgs: number
}

export interface ChainIndexer {
  readonly chainId: string
  /** Starts polling; the first sync begins at once. */
  start(): void
  /** Stops polling and resolves once the running batch (if any) has finished. */
  stop(): Promise<void>
  /** Indexes up to the current head once (what each poll does). */
  syncOnce(): Promise<SyncResult>
}

interface Cursor {
  number: bigint
  hash: string
}

interface FetchedBlock {
  number: bigint
  hash: string
  parentHash: string
  timestamp: bigint
  transactions: RpcBlock['transactions']
}

type RangeOutcome =
  | { kind: 'done'; cursor: Cursor; transfers: number }
  /** The chain changed under the read (parent hash mismatch or a vanished block). */
  | { kind: 'reorg' }
  /** Another instance moved the cursor first: read it again. */
  | { kind: 'stale' }

const silent: Logger = {
  level: 'silent',
  error() {},
  warn() {},
  info() {},
  debug() {},
}

/**
 * An indexer for one chain; nothing runs until `start()` or `syncOnce()`.
 *
 * @example
 * const indexer = createChainIndexer({ db, chainId: 'eip155:31337', client: createChainClient([rpcUrl]) })
 * indexer.start()
 * await indexer.stop()
 */
export function createChainIndexer(options: ChainIndexerOptions): ChainIndexer {
  const { db, chainId, client } = options
  const logger = options.logger ?? silent
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS
  const blocksPerBatch = BigInt(options.blocksPerBatch ?? DEFAULT_BLOCKS_PER_BATCH)
  const reorgDepth = options.reorgDepth ?? DEFAULT_REORG_DEPTH
  let stopped = true
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined
  let blockReceiptsSupported = true
  let tracing = options.internalTransfers === 'trace_block'
  let rowsSinceAnalyze = 0
  let analyzeEvery = 5_000

  const rpc = <T>(method: string, params: unknown[]): Promise<T> =>
    client.request({ method, params } as never) as Promise<T>

  const readCursor = async (q: Queryable): Promise<Cursor | undefined> => {
    const [row] = await q.query<{ block_number: string; block_hash: string }>(
      `select block_number::text as block_number, block_hash from indexer_cursors
       where chain_id = $1`,
      [chainId],
    )
    return row ? { number: BigInt(row.block_number), hash: row.block_hash } : undefined
  }

  // Serialises writers of one chain (several servers may share a PostgreSQL).
  const lockChain = (q: Queryable) =>
    q.query('select pg_advisory_xact_lock(hashtext($1))', [`openmodal-indexer:${chainId}`])

  const fetchBlock = async (number: bigint, full: boolean): Promise<FetchedBlock | undefined> => {
    const block = await rpc<RpcBlock | null>('eth_getBlockByNumber', [numberToHex(number), full])
    if (!block) return undefined
    return {
      number: BigInt(block.number),
      hash: block.hash.toLowerCase(),
      parentHash: block.parentHash.toLowerCase(),
      timestamp: BigInt(block.timestamp),
      transactions: full ? block.transactions : [],
    }
  }

  /** Receipt status (true = success) of the given transactions of one block. */
  const receiptStatus = async (
    block: FetchedBlock,
    hashes: readonly string[],
  ): Promise<Map<string, boolean>> => {
    const status = new Map<string, boolean>()
    if (hashes.length === 0) return status
    type Receipt = { transactionHash: Hex; status: Hex }
    if (blockReceiptsSupported) {
      try {
        const receipts = await rpc<Receipt[] | null>('eth_getBlockReceipts', [block.hash])
        if (receipts) {
          for (const r of receipts) status.set(r.transactionHash.toLowerCase(), r.status === '0x1')
          return status
        }
      } catch (error) {
        // Nodes without eth_getBlockReceipts answer "method not found" (-32601).
        if (!/-32601|not found|not supported|does not exist/i.test(String(error))) throw error
        blockReceiptsSupported = false
      }
    }
    const receipts = await Promise.all(
      hashes.map((hash) => rpc<Receipt | null>('eth_getTransactionReceipt', [hash])),
    )
    for (const r of receipts) {
      if (r) status.set(r.transactionHash.toLowerCase(), r.status === '0x1')
    }
    return status
  }

  /**
   * Internal transfers of the blocks that have transactions, or 'reorg' when a trace belongs to
   * another block than the one read. A node that refuses `trace_block` turns tracing off for
   * this indexer (logged once, as an error naming the setting); any other failure fails the
   * batch, which the poll loop retries.
   */
  const traceTransfers = async (
    blocks: readonly FetchedBlock[],
  ): Promise<TransferRow[] | 'reorg'> => {
    const busy = blocks.filter((b) => b.transactions.length > 0)
    if (!tracing || busy.length === 0) return []
    let answers: RpcTrace[][]
    try {
      answers = await Promise.all(
        busy.map((b) =>
          rpc<RpcTrace[] | null>('trace_block', [numberToHex(b.number)]).then((t) => t ?? []),
        ),
      )
    } catch (error) {
      if (!isMethodRefused(error)) {
        throw new Error(
          `trace_block failed on chain ${chainId} (setting "internalTransfers"): ${shortError(error)}`,
        )
      }
      tracing = false
      logger.error('internal transfers off: the RPC does not serve trace_block', {
        chainId,
        error: shortError(error),
        action: `Remove "internalTransfers" from chain ${chainId} in the config file, or give it an RPC URL that serves trace_block (anvil, Erigon, Nethermind, Reth). Blocks are indexed without internal transfers until the indexer restarts.`,
      })
      return []
    }
    const rows: TransferRow[] = []
    for (const [i, block] of busy.entries()) {
      const traces = answers[i] ?? []
      if (traces.some((t) => t.blockHash && t.blockHash.toLowerCase() !== block.hash))
        return 'reorg'
      rows.push(...internalTransfers(traces, block.number))
    }
    return rows
  }

  const processRange = async (
    from: bigint,
    to: bigint,
    cursor: Cursor | undefined,
  ): Promise<RangeOutcome> => {
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const [fetched, logs] = await Promise.all([
      Promise.all(numbers.map((n) => fetchBlock(n, true))),
      rpc<RpcLog[]>('eth_getLogs', [
        { fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [TRANSFER_TOPICS] },
      ]),
    ])
    const blocks: FetchedBlock[] = []
    for (const block of fetched) {
      if (!block) return { kind: 'reorg' }
      const previous = blocks.at(-1) ?? cursor
      if (previous && block.parentHash !== previous.hash) return { kind: 'reorg' }
      blocks.push(block)
    }
    const byNumber = new Map(blocks.map((b) => [b.number, b]))

    const transfers: TransferRow[] = []
    for (const log of logs) {
      if (log.removed) continue
      const block = byNumber.get(BigInt(log.blockNumber))
      // Logs of another fork than the blocks we read: the chain moved, read again.
      if (!block || block.hash !== log.blockHash.toLowerCase()) return { kind: 'reorg' }
      transfers.push(...decodeTransferLog(log))
    }

    interface TxRow {
      block: FetchedBlock
      index: number
      from: string
      to: string | null
      success: boolean
    }
    const txs = new Map<string, TxRow>()
    for (const block of blocks) {
      const natives = block.transactions
        .map((tx) => nativeTransfer(tx, block.number))
        .filter((t): t is TransferRow => t !== undefined)
      const status = await receiptStatus(
        block,
        natives.map((t) => t.txHash),
      )
      transfers.push(...natives)
      for (const tx of block.transactions) {
        const hash = tx.hash.toLowerCase()
        txs.set(hash, {
          block,
          index: Number(tx.transactionIndex),
          from: tx.from.toLowerCase(),
          to: tx.to?.toLowerCase() ?? null,
          // Logs exist only for successful transactions; native ones ask the receipt.
          success: status.get(hash) ?? true,
        })
      }
    }

    const internal = await traceTransfers(blocks)
    if (internal === 'reorg') return { kind: 'reorg' }
    transfers.push(...internal)

    const touched = new Set(transfers.map((t) => t.txHash))
    const txRows: unknown[][] = []
    for (const hash of touched) {
      const tx = txs.get(hash)
      if (!tx) return { kind: 'reorg' }
      txRows.push([
        chainId,
        hash,
        tx.block.number.toString(),
        tx.block.hash,
        tx.index,
        tx.block.timestamp.toString(),
        tx.from,
        tx.to,
        tx.success,
      ])
    }
    const accountRows = new Map<string, unknown[]>()
    for (const t of transfers) {
      const tx = txs.get(t.txHash)
      if (!tx) continue
      for (const address of [t.from, t.to]) {
        if (address === ZERO_ADDRESS) continue
        accountRows.set(`${address}:${t.txHash}`, [
          chainId,
          address,
          t.blockNumber.toString(),
          tx.index,
          t.txHash,
        ])
      }
    }
    const last = blocks.at(-1)
    if (!last) return { kind: 'reorg' }

    const committed = await db.transaction(async (tx) => {
      await lockChain(tx)
      const current = await readCursor(tx)
      if (current?.number !== cursor?.number || current?.hash !== cursor?.hash) return false
      // Idempotent: rows of a batch written before a crash that lost the cursor are skipped.
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
        txRows,
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
        transfers.map((t) => [
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
        [...accountRows.values()],
        'on conflict (chain_id, address, tx_hash) do nothing',
      )
      const kept = blocks.filter((b) => b.number > last.number - BigInt(reorgDepth))
      await insertRows(
        tx,
        'indexer_blocks',
        ['chain_id', 'block_number', 'block_hash', 'parent_hash'],
        kept.map((b) => [chainId, b.number.toString(), b.hash, b.parentHash]),
        `on conflict (chain_id, block_number) do update set
           block_hash = excluded.block_hash, parent_hash = excluded.parent_hash`,
      )
      await tx.query('delete from indexer_blocks where chain_id = $1 and block_number <= $2', [
        chainId,
        (last.number - BigInt(reorgDepth)).toString(),
      ])
      await tx.query(
        `insert into indexer_cursors (chain_id, block_number, block_hash) values ($1, $2, $3)
         on conflict (chain_id) do update set block_number = excluded.block_number,
           block_hash = excluded.block_hash, updated_at = now()`,
        [chainId, last.number.toString(), last.hash],
      )
      return true
    })
    if (!committed) return { kind: 'stale' }

    // Metadata of contracts first seen here; a failure is retried when the API asks.
    const contracts = new Map<string, TokenStandard>()
    for (const t of transfers) {
      if (t.contract && t.kind !== 'native') contracts.set(t.contract, t.kind)
    }
    if (contracts.size > 0) {
      await tokenMetadata(
        db,
        client,
        chainId,
        [...contracts].map(([address, standard]) => ({ address, standard })),
      ).catch((error) => logger.warn('token metadata failed', { chainId, error: String(error) }))
    }
    return {
      kind: 'done',
      cursor: { number: last.number, hash: last.hash },
      transfers: transfers.length,
    }
  }

  /**
   * Finds the newest kept block the chain still has and deletes everything indexed above it.
   * A reorg deeper than the kept window rolls back the whole window (and warns).
   */
  const rollBack = async (cursor: Cursor): Promise<void> => {
    const kept = await db.query<{ block_number: string; block_hash: string }>(
      `select block_number::text as block_number, block_hash from indexer_blocks
       where chain_id = $1 order by block_number desc`,
      [chainId],
    )
    let ancestor: Cursor | undefined
    for (const row of kept) {
      const number = BigInt(row.block_number)
      const onChain = await fetchBlock(number, false)
      if (onChain?.hash === row.block_hash) {
        ancestor = { number, hash: row.block_hash }
        break
      }
    }
    if (!ancestor) {
      const oldest = kept.at(-1)
      const below = (oldest ? BigInt(oldest.block_number) : cursor.number) - 1n
      logger.warn('reorg deeper than the kept blocks', { chainId, rollBackTo: below.toString() })
      const block = below >= 0n ? await fetchBlock(below, false) : undefined
      ancestor = block ? { number: below, hash: block.hash } : undefined
    }
    const floor = (ancestor?.number ?? -1n).toString()
    await db.transaction(async (tx) => {
      await lockChain(tx)
      const current = await readCursor(tx)
      if (current?.number !== cursor.number || current.hash !== cursor.hash) return
      for (const table of [
        'chain_transfers',
        'chain_transactions',
        'account_transactions',
        'indexer_blocks',
      ]) {
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
    logger.info('reorg rolled back', {
      chainId,
      from: cursor.number.toString(),
      to: ancestor?.number.toString() ?? null,
    })
  }

  const syncOnce = async (): Promise<SyncResult> => {
    const result: SyncResult = { cursor: undefined, blocks: 0, transfers: 0, reorgs: 0 }
    let head = BigInt(await rpc<Hex>('eth_blockNumber', []))
    let cursor = await readCursor(db)
    let start: bigint
    if (cursor) {
      start = cursor.number + 1n
    } else if (options.startBlock === 'latest') {
      start = head
    } else {
      start = options.startBlock ?? 0n
    }
    // The block under the cursor may have been replaced (a reorg that did not grow the chain).
    const checkCursor = async () => {
      if (!cursor) return
      const onChain = head >= cursor.number ? await fetchBlock(cursor.number, false) : undefined
      if (onChain?.hash === cursor.hash) return
      await rollBack(cursor)
      result.reorgs++
      cursor = await readCursor(db)
      start = cursor ? cursor.number + 1n : start
    }
    await checkCursor()
    let retries = 0
    while (!stopped || loop === undefined) {
      if (start > head) break
      const to = start + blocksPerBatch - 1n < head ? start + blocksPerBatch - 1n : head
      const outcome = await processRange(start, to, cursor)
      if (outcome.kind === 'done') {
        const fromBlock = start
        cursor = outcome.cursor
        start = cursor.number + 1n
        result.blocks += Number(cursor.number - fromBlock + 1n)
        result.transfers += outcome.transfers
        await analyzeNow(outcome.transfers)
        await options.onBatch?.({
          chainId,
          fromBlock,
          toBlock: cursor.number,
          transfers: outcome.transfers,
        })
        retries = 0
        continue
      }
      // A node that keeps answering inconsistently goes to the poll loop's backoff.
      if (++retries > 5) throw new Error(`chain ${chainId} kept changing while it was read`)
      head = BigInt(await rpc<Hex>('eth_blockNumber', []))
      cursor = await readCursor(db)
      if (outcome.kind === 'reorg') await checkCursor()
      start = cursor ? cursor.number + 1n : start
    }
    result.cursor = cursor?.number
    return result
  }

  // Planner statistics: PGlite has no autovacuum, and a backfill outgrows PostgreSQL's until
  // its next round; stale ones turn history lookups into scans. The gap doubles as tables grow.
  const analyzeNow = async (transfers: number) => {
    rowsSinceAnalyze += transfers
    if (rowsSinceAnalyze < analyzeEvery) return
    rowsSinceAnalyze = 0
    analyzeEvery = Math.min(analyzeEvery * 2, 1_000_000)
    await db.exec('analyze chain_transfers, chain_transactions, account_transactions')
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })

  const run = async () => {
    let failures = 0
    while (!stopped) {
      try {
        await syncOnce()
        failures = 0
        if (stopped) break
        await sleep(pollIntervalMs)
      } catch (error) {
        if (stopped) break
        failures++
        // Spec §9 retry backoff: 1000 ms doubled, capped at 30000 ms.
        const delay = Math.min(1_000 * 2 ** (failures - 1), 30_000)
        logger.warn('indexer sync failed', { chainId, error: String(error), retryInMs: delay })
        await sleep(delay)
      }
    }
  }

  return {
    chainId,
    start() {
      if (!stopped) return
      stopped = false
      loop = run()
    },
    async stop() {
      stopped = true
      wake?.()
      await loop
      loop = undefined
    },
    syncOnce,
  }
}

/**
 * Whether a failed request was the node refusing the method ("method not found", "not
 * supported", a plan or a module that does not offer it), not a transient failure.
 */
function isMethodRefused(error: unknown): boolean {
  const parts: string[] = []
  for (let e: unknown = error; e && parts.length < 10; e = (e as { cause?: unknown }).cause) {
    const { code, message, shortMessage, details } = e as Record<string, unknown>
    if (code === -32601 || code === -32004) return true
    // viem's own message repeats the request body (which names the method): read the node's.
    parts.push(String(details ?? ''), shortMessage === undefined ? String(message ?? '') : '')
  }
  const text = parts.join(' ')
  return (
    /method|trace_block/i.test(text) &&
    /not (found|supported|available|enabled|allowed|whitelisted)|does not exist|unsupported|disabled/i.test(
      text,
    )
  )
}

const shortError = (error: unknown) =>
  (error as { shortMessage?: string }).shortMessage ?? String(error).split('\n')[0]
