// The decode step of the indexer: a block range as read into the rows of one batch (transfers,
// the transactions that carry them, each account's part in them). Pure: no node, no database.
import {
  decodeTransferLog,
  internalTransfers,
  nativeTransfer,
  type TransferRow,
  ZERO_ADDRESS,
} from './decode.js'
import type { ReadRange } from './read.js'

/** A transaction that moved something, as stored in chain_transactions. */
export interface TransactionRow {
  txHash: string
  blockNumber: bigint
  blockHash: string
  txIndex: number
  minedAt: bigint
  from: string
  to: string | null
  success: boolean
}

/** One account's part in a transaction (account_transactions: an account's history). */
export interface AccountTransactionRow {
  address: string
  blockNumber: bigint
  txIndex: number
  txHash: string
}

export interface RangeRows {
  /** Token transfers (log order), then each block's native values, then internal transfers. */
  transfers: TransferRow[]
  transactions: TransactionRow[]
  accounts: AccountTransactionRow[]
}

/**
 * The rows of a range, or 'reorg' when a transfer names a transaction that none of the blocks
 * read holds (the logs came from another fork).
 *
 * @example
 * const rows = decodeRange(await reader.range(from, to, cursor))
 */
export function decodeRange(range: ReadRange): RangeRows | 'reorg' {
  const transfers: TransferRow[] = range.logs.flatMap(decodeTransferLog)
  const txs = new Map<string, TransactionRow>()
  for (const block of range.blocks) {
    for (const tx of block.transactions) {
      const native = nativeTransfer(tx, block.number)
      if (native) transfers.push(native)
    }
    for (const tx of block.transactions) {
      const hash = tx.hash.toLowerCase()
      txs.set(hash, {
        txHash: hash,
        blockNumber: block.number,
        blockHash: block.hash,
        txIndex: Number(tx.transactionIndex),
        minedAt: block.timestamp,
        from: tx.from.toLowerCase(),
        to: tx.to?.toLowerCase() ?? null,
        // Logs exist only for successful transactions; native ones ask the receipt.
        success: range.receipts.get(hash) ?? true,
      })
    }
  }
  for (const block of range.blocks) {
    const traces = range.traces.get(block.number)
    if (traces) transfers.push(...internalTransfers(traces, block.number))
  }

  const transactions: TransactionRow[] = []
  for (const hash of new Set(transfers.map((t) => t.txHash))) {
    const tx = txs.get(hash)
    if (!tx) return 'reorg'
    transactions.push(tx)
  }
  const accounts = new Map<string, AccountTransactionRow>()
  for (const t of transfers) {
    const tx = txs.get(t.txHash)
    if (!tx) continue
    for (const address of [t.from, t.to]) {
      if (address === ZERO_ADDRESS) continue
      accounts.set(`${address}:${t.txHash}`, {
        address,
        blockNumber: t.blockNumber,
        txIndex: tx.txIndex,
        txHash: t.txHash,
      })
    }
  }
  return { transfers, transactions, accounts: [...accounts.values()] }
}
