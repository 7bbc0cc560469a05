// The read step of the indexer: what a block range holds, from the chain's node (blocks, the
// Transfer logs, receipt status of native-value transactions, call traces), checked to come
// from one chain: when the node's answers do not fit together the chain moved ('reorg').
import { type Hex, numberToHex, type PublicClient } from 'viem'
import type { Logger } from '../http/logger.js'
import {
  movesNativeValue,
  type RpcBlock,
  type RpcLog,
  type RpcTrace,
  TRANSFER_TOPICS,
} from './decode.js'
import { isMethodNotSupported } from './rpc.js'

/** A block by number and hash (lower case): the cursor and the kept blocks. */
export interface BlockRef {
  number: bigint
  hash: string
}

export interface ReadBlock extends BlockRef {
  parentHash: string
  timestamp: bigint
  transactions: RpcBlock['transactions']
}

/** One block range as read, every part checked against `blocks`. */
export interface ReadRange {
  /** Every block of the range in order, each the child of the one before (the first, of the cursor). */
  blocks: ReadBlock[]
  /** The Transfer, TransferSingle and TransferBatch logs of these blocks (removed ones left out). */
  logs: RpcLog[]
  /** Receipt status (true = success) of the transactions that move native value, by hash. */
  receipts: Map<string, boolean>
  /** `trace_block` of the blocks that have transactions; empty when tracing is off. */
  traces: Map<bigint, RpcTrace[]>
}

export interface ChainReaderOptions {
  client: PublicClient
  chainId: string
  /** 'trace_block': read call traces for internal transfers. */
  internalTransfers?: 'trace_block' | false | undefined
  logger: Logger
}

export interface ChainReader {
  /** The node's head block number. */
  head(): Promise<bigint>
  /** The block `number` without transactions, or undefined when the node has none. */
  block(number: bigint): Promise<ReadBlock | undefined>
  /** Blocks `from`..`to` on top of `cursor`, or 'reorg' when the chain changed under the read. */
  range(from: bigint, to: bigint, cursor: BlockRef | undefined): Promise<ReadRange | 'reorg'>
  /**
   * The newest of `kept` (newest first) the chain still has, or when none is, the block below
   * them all (a reorg deeper than the kept window: logged as a warning); undefined when there
   * is no such block.
   */
  commonAncestor(kept: readonly BlockRef[], cursor: BlockRef): Promise<BlockRef | undefined>
}

/**
 * A reader of one chain. A node that refuses `eth_getBlockReceipts` is asked for one receipt
 * per transaction from then on; one that refuses `trace_block` turns tracing off (logged once,
 * as an error naming the setting). Any other failure rejects, and the poll loop retries.
 *
 * @example
 * const reader = createChainReader({ client, chainId: 'eip155:1', logger })
 * const range = await reader.range(100n, 199n, cursor)
 */
export function createChainReader(options: ChainReaderOptions): ChainReader {
  const { client, chainId, logger } = options
  let blockReceiptsSupported = true
  let tracing = options.internalTransfers === 'trace_block'

  const rpc = <T>(method: string, params: unknown[]): Promise<T> =>
    client.request({ method, params } as never) as Promise<T>

  const fetchBlock = async (number: bigint, full: boolean): Promise<ReadBlock | undefined> => {
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

  /** Receipt status of the given transactions of one block, added to `status`. */
  const readReceipts = async (
    block: ReadBlock,
    hashes: readonly string[],
    status: Map<string, boolean>,
  ): Promise<void> => {
    if (hashes.length === 0) return
    type Receipt = { transactionHash: Hex; status: Hex }
    if (blockReceiptsSupported) {
      try {
        const receipts = await rpc<Receipt[] | null>('eth_getBlockReceipts', [block.hash])
        if (receipts) {
          for (const r of receipts) status.set(r.transactionHash.toLowerCase(), r.status === '0x1')
          return
        }
      } catch (error) {
        if (!isMethodNotSupported(error, 'eth_getBlockReceipts')) throw error
        blockReceiptsSupported = false
      }
    }
    const receipts = await Promise.all(
      hashes.map((hash) => rpc<Receipt | null>('eth_getTransactionReceipt', [hash])),
    )
    for (const r of receipts) {
      if (r) status.set(r.transactionHash.toLowerCase(), r.status === '0x1')
    }
  }

  /** The traces of the blocks that have transactions, or 'reorg' when one is of another block. */
  const readTraces = async (
    blocks: readonly ReadBlock[],
  ): Promise<Map<bigint, RpcTrace[]> | 'reorg'> => {
    const traces = new Map<bigint, RpcTrace[]>()
    const busy = blocks.filter((b) => b.transactions.length > 0)
    if (!tracing || busy.length === 0) return traces
    let answers: RpcTrace[][]
    try {
      answers = await Promise.all(
        busy.map((b) =>
          rpc<RpcTrace[] | null>('trace_block', [numberToHex(b.number)]).then((t) => t ?? []),
        ),
      )
    } catch (error) {
      if (!isMethodNotSupported(error, 'trace_block')) {
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
      return traces
    }
    for (const [i, block] of busy.entries()) {
      const answer = answers[i] ?? []
      if (answer.some((t) => t.blockHash && t.blockHash.toLowerCase() !== block.hash)) {
        return 'reorg'
      }
      traces.set(block.number, answer)
    }
    return traces
  }

  return {
    head: async () => BigInt(await rpc<Hex>('eth_blockNumber', [])),

    block: (number) => fetchBlock(number, false),

    async range(from, to, cursor) {
      const numbers: bigint[] = []
      for (let n = from; n <= to; n++) numbers.push(n)
      const [fetched, logs] = await Promise.all([
        Promise.all(numbers.map((n) => fetchBlock(n, true))),
        rpc<RpcLog[]>('eth_getLogs', [
          { fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [TRANSFER_TOPICS] },
        ]),
      ])
      const blocks: ReadBlock[] = []
      for (const block of fetched) {
        if (!block) return 'reorg'
        const previous = blocks.at(-1) ?? cursor
        if (previous && block.parentHash !== previous.hash) return 'reorg'
        blocks.push(block)
      }
      const byNumber = new Map(blocks.map((b) => [b.number, b]))
      const current = logs.filter((log) => !log.removed)
      for (const log of current) {
        const block = byNumber.get(BigInt(log.blockNumber))
        // Logs of another fork than the blocks we read: the chain moved, read again.
        if (!block || block.hash !== log.blockHash.toLowerCase()) return 'reorg'
      }
      const receipts = new Map<string, boolean>()
      for (const block of blocks) {
        const valued = block.transactions.filter(movesNativeValue)
        await readReceipts(
          block,
          valued.map((tx) => tx.hash.toLowerCase()),
          receipts,
        )
      }
      const traces = await readTraces(blocks)
      if (traces === 'reorg') return 'reorg'
      return { blocks, logs: current, receipts, traces }
    },

    async commonAncestor(kept, cursor) {
      for (const block of kept) {
        const onChain = await fetchBlock(block.number, false)
        if (onChain?.hash === block.hash) return block
      }
      const oldest = kept.at(-1)
      const below = (oldest ? oldest.number : cursor.number) - 1n
      logger.warn('reorg deeper than the kept blocks', { chainId, rollBackTo: below.toString() })
      const block = below >= 0n ? await fetchBlock(below, false) : undefined
      return block ? { number: below, hash: block.hash } : undefined
    },
  }
}

const shortError = (error: unknown) =>
  (error as { shortMessage?: string }).shortMessage ?? String(error).split('\n')[0]
