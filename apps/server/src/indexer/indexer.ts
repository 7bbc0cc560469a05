// The indexer of one EVM chain: polls the chain's RPC for new blocks (backfilling from a start
// block), records native (optionally with internal transfers), ERC-20, ERC-721 and ERC-1155
// transfers, and keeps a cursor plus the hashes of the last blocks so a restart resumes exactly
// and a short reorg is rolled back.
//
// Each batch is three steps: read (read.ts, the node), decode (decode-range.ts, pure) and
// write (write.ts, the database); this module runs them in a poll loop.
import type { PublicClient } from 'viem'
import type { Db } from '../db/db.js'
import type { Logger } from '../http/logger.js'
import type { TransferRow } from './decode.js'
import { decodeRange } from './decode-range.js'
import { type BlockRef, type ChainReader, createChainReader } from './read.js'
import { type TokenStandard, tokenMetadata } from './tokens.js'
import { analyzeIndexTables, keptBlocks, readCursor, rollBackTo, writeBatch } from './write.js'

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
  /** Called after each sync with the head read and the cursor reached (the lag metric). */
  onSync?: (progress: { chainId: string; head: bigint; cursor: bigint | undefined }) => void
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

type RangeOutcome =
  | { kind: 'done'; cursor: BlockRef; transfers: number }
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
  const reader: ChainReader = createChainReader({
    client,
    chainId,
    internalTransfers: options.internalTransfers,
    logger,
  })
  let stopped = true
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined
  let rowsSinceAnalyze = 0
  let analyzeEvery = 5_000

  const processRange = async (
    from: bigint,
    to: bigint,
    cursor: BlockRef | undefined,
  ): Promise<RangeOutcome> => {
    const range = await reader.range(from, to, cursor)
    if (range === 'reorg') return { kind: 'reorg' }
    const rows = decodeRange(range)
    const last = range.blocks.at(-1)
    if (rows === 'reorg' || !last) return { kind: 'reorg' }
    const written = await writeBatch(db, chainId, {
      cursor,
      blocks: range.blocks,
      rows,
      reorgDepth,
    })
    if (!written) return { kind: 'stale' }
    await recordTokenMetadata(rows.transfers)
    return {
      kind: 'done',
      cursor: { number: last.number, hash: last.hash },
      transfers: rows.transfers.length,
    }
  }

  // Metadata of contracts first seen here; a failure is retried when the API asks.
  const recordTokenMetadata = async (transfers: readonly TransferRow[]) => {
    const contracts = new Map<string, TokenStandard>()
    for (const t of transfers) {
      if (t.contract && t.kind !== 'native') contracts.set(t.contract, t.kind)
    }
    if (contracts.size === 0) return
    await tokenMetadata(
      db,
      client,
      chainId,
      [...contracts].map(([address, standard]) => ({ address, standard })),
    ).catch((error) => logger.warn('token metadata failed', { chainId, error: String(error) }))
  }

  /**
   * Finds the newest kept block the chain still has and deletes everything indexed above it.
   * A reorg deeper than the kept window rolls back the whole window (and warns).
   */
  const rollBack = async (cursor: BlockRef): Promise<void> => {
    const ancestor = await reader.commonAncestor(await keptBlocks(db, chainId), cursor)
    await rollBackTo(db, chainId, cursor, ancestor)
    logger.info('reorg rolled back', {
      chainId,
      from: cursor.number.toString(),
      to: ancestor?.number.toString() ?? null,
    })
  }

  const syncOnce = async (): Promise<SyncResult> => {
    const result: SyncResult = { cursor: undefined, blocks: 0, transfers: 0, reorgs: 0 }
    let head = await reader.head()
    let cursor = await readCursor(db, chainId)
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
      const onChain = head >= cursor.number ? await reader.block(cursor.number) : undefined
      if (onChain?.hash === cursor.hash) return
      await rollBack(cursor)
      result.reorgs++
      cursor = await readCursor(db, chainId)
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
      head = await reader.head()
      cursor = await readCursor(db, chainId)
      if (outcome.kind === 'reorg') await checkCursor()
      start = cursor ? cursor.number + 1n : start
    }
    result.cursor = cursor?.number
    options.onSync?.({ chainId, head, cursor: result.cursor })
    return result
  }

  // Planner statistics: PGlite has no autovacuum, and a backfill outgrows PostgreSQL's until
  // its next round; stale ones turn history lookups into scans. The gap doubles as tables grow.
  const analyzeNow = async (transfers: number) => {
    rowsSinceAnalyze += transfers
    if (rowsSinceAnalyze < analyzeEvery) return
    rowsSinceAnalyze = 0
    analyzeEvery = Math.min(analyzeEvery * 2, 1_000_000)
    await analyzeIndexTables(db)
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
