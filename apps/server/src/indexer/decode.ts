// Turning raw blocks, logs and call traces into transfer rows: native value (of the transaction
// and of nested calls), ERC-20 and ERC-721 `Transfer`, ERC-1155 `TransferSingle` /
// `TransferBatch`. Pure functions over JSON-RPC shapes.
import { decodeAbiParameters, type Hex, hexToBigInt, toEventSelector } from 'viem'

export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')
export const TRANSFER_SINGLE_TOPIC = toEventSelector(
  'TransferSingle(address,address,address,uint256,uint256)',
)
export const TRANSFER_BATCH_TOPIC = toEventSelector(
  'TransferBatch(address,address,address,uint256[],uint256[])',
)
export const TRANSFER_TOPICS = [TRANSFER_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_BATCH_TOPIC]

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export type TransferKind = 'native' | 'erc20' | 'erc721' | 'erc1155'

/** One movement of value, as stored in chain_transfers (addresses lower case). */
export interface TransferRow {
  txHash: string
  /**
   * The log's index for token transfers. Native value is negative: -1 - k, where k is the
   * position of the call frame in the transaction's call tree in depth-first order (the order
   * of `trace_block`, by trace address). k = 0 is the top-level call, so -1 is the value of the
   * transaction itself; -2, -3, … are value moved by nested calls (internal transfers). The
   * key is fixed by the trace alone, so reading a block again yields the same keys.
   */
  logIndex: number
  /** Position inside an ERC-1155 TransferBatch, else 0. */
  batchIndex: number
  blockNumber: bigint
  kind: TransferKind
  contract: string | null
  from: string
  to: string
  tokenId: bigint | null
  amount: bigint
}

/** The fields of `eth_getBlockByNumber(n, true)` the indexer reads. */
export interface RpcBlock {
  number: Hex
  hash: Hex
  parentHash: Hex
  timestamp: Hex
  transactions: RpcTransaction[]
}

export interface RpcTransaction {
  hash: Hex
  from: Hex
  to: Hex | null
  value: Hex
  transactionIndex: Hex
}

/**
 * One entry of Parity-style `trace_block` (anvil, Erigon, Nethermind, Reth): a call, a
 * contract creation, a self-destruct, or a block reward (no transaction).
 */
export interface RpcTrace {
  type: string
  action: {
    from?: Hex
    to?: Hex
    value?: Hex
    callType?: string
    /** Self-destruct: the destroyed contract, the beneficiary, the balance it got. */
    address?: Hex
    refundAddress?: Hex
    balance?: Hex
  }
  result?: { address?: Hex } | null
  /** Set when the frame reverted (or failed): it and its children moved nothing. */
  error?: string
  traceAddress: number[]
  transactionHash?: Hex | null
  blockHash?: Hex
}

export interface RpcLog {
  address: Hex
  topics: Hex[]
  data: Hex
  blockNumber: Hex
  blockHash: Hex
  transactionHash: Hex
  transactionIndex: Hex
  logIndex: Hex
  removed?: boolean
}

const topicAddress = (topic: Hex | undefined): string | undefined =>
  topic && topic.length === 66 ? `0x${topic.slice(26)}`.toLowerCase() : undefined

const word = (data: Hex, index: number): bigint | undefined => {
  const start = 2 + index * 64
  if (data.length < start + 64) return undefined
  return hexToBigInt(`0x${data.slice(start, start + 64)}`)
}

/**
 * The transfers one log records, or none when it is not a transfer (or malformed: a token
 * contract's bad log must not stop the chain's indexer).
 *
 * @example
 * decodeTransferLog(log) // [{ kind: 'erc20', from, to, amount: 5n, ... }]
 */
export function decodeTransferLog(log: RpcLog): TransferRow[] {
  const [topic0] = log.topics
  const base = {
    txHash: log.transactionHash.toLowerCase(),
    logIndex: Number(log.logIndex),
    batchIndex: 0,
    blockNumber: BigInt(log.blockNumber),
    contract: log.address.toLowerCase(),
  }
  if (topic0 === TRANSFER_TOPIC) {
    const from = topicAddress(log.topics[1])
    const to = topicAddress(log.topics[2])
    if (!from || !to) return []
    // ERC-20 and ERC-721 share the signature; ERC-721 indexes the token id (4 topics).
    if (log.topics.length === 3) {
      const amount = word(log.data, 0)
      if (amount === undefined) return []
      return [{ ...base, kind: 'erc20', from, to, tokenId: null, amount }]
    }
    if (log.topics.length === 4) {
      const tokenId = hexToBigInt(log.topics[3] as Hex)
      return [{ ...base, kind: 'erc721', from, to, tokenId, amount: 1n }]
    }
    return []
  }
  if (topic0 === TRANSFER_SINGLE_TOPIC) {
    const from = topicAddress(log.topics[2])
    const to = topicAddress(log.topics[3])
    const tokenId = word(log.data, 0)
    const amount = word(log.data, 1)
    if (!from || !to || tokenId === undefined || amount === undefined) return []
    return [{ ...base, kind: 'erc1155', from, to, tokenId, amount }]
  }
  if (topic0 === TRANSFER_BATCH_TOPIC) {
    const from = topicAddress(log.topics[2])
    const to = topicAddress(log.topics[3])
    if (!from || !to) return []
    try {
      const [ids, values] = decodeAbiParameters(
        [{ type: 'uint256[]' }, { type: 'uint256[]' }],
        log.data,
      )
      if (ids.length !== values.length) return []
      return ids.map((tokenId, i) => ({
        ...base,
        batchIndex: i,
        kind: 'erc1155' as const,
        from,
        to,
        tokenId,
        amount: values[i] ?? 0n,
      }))
    } catch {
      return []
    }
  }
  return []
}

/**
 * Whether a transaction moves native value to an account: its receipt tells whether it did.
 * A contract creation (to null) with value funds the new contract; the receipt names it.
 */
export function movesNativeValue(tx: RpcTransaction): tx is RpcTransaction & { to: Hex } {
  return BigInt(tx.value) !== 0n && tx.to !== null
}

/** The native-value transfer of a transaction, when it moves value. */
export function nativeTransfer(tx: RpcTransaction, blockNumber: bigint): TransferRow | undefined {
  if (!movesNativeValue(tx)) return undefined
  const amount = BigInt(tx.value)
  return {
    txHash: tx.hash.toLowerCase(),
    logIndex: -1,
    batchIndex: 0,
    blockNumber,
    kind: 'native',
    contract: null,
    from: tx.from.toLowerCase(),
    to: tx.to.toLowerCase(),
    tokenId: null,
    amount,
  }
}

const traceOrder = (a: RpcTrace, b: RpcTrace) => {
  const n = Math.min(a.traceAddress.length, b.traceAddress.length)
  for (let i = 0; i < n; i++) {
    const d = (a.traceAddress[i] ?? 0) - (b.traceAddress[i] ?? 0)
    if (d !== 0) return d
  }
  return a.traceAddress.length - b.traceAddress.length
}

/** What one successful frame moved: [from, to, amount], or undefined. */
function frameValue(trace: RpcTrace): [string, string, bigint] | undefined {
  const { action } = trace
  if (trace.type === 'call') {
    // delegatecall and staticcall carry no value of their own (a delegatecall shows its
    // caller's); callcode runs another code on the caller's own balance.
    if (action.callType !== 'call' || !action.from || !action.to) return undefined
    return [action.from, action.to, BigInt(action.value ?? '0x0')]
  }
  if (trace.type === 'create' || trace.type === 'create2') {
    const created = trace.result?.address
    if (!action.from || !created) return undefined
    return [action.from, created, BigInt(action.value ?? '0x0')]
  }
  if (trace.type === 'suicide' || trace.type === 'selfdestruct') {
    if (!action.address || !action.refundAddress) return undefined
    return [action.address, action.refundAddress, BigInt(action.balance ?? '0x0')]
  }
  return undefined
}

/**
 * Native value moved by nested calls (and contract creations, self-destructs) of one block's
 * `trace_block` answer: the top-level call of each transaction is left out (its value is the
 * transaction's own row), and so is every frame that reverted, with all its children.
 *
 * @example
 * internalTransfers(await rpc('trace_block', ['0x2']), 2n)
 * // [{ kind: 'native', logIndex: -2, from: forwarder, to: recipient, amount, ... }]
 */
export function internalTransfers(traces: readonly RpcTrace[], blockNumber: bigint): TransferRow[] {
  const byTx = new Map<string, RpcTrace[]>()
  for (const trace of traces) {
    const hash = trace.transactionHash?.toLowerCase()
    if (!hash) continue // block and uncle rewards
    byTx.set(hash, [...(byTx.get(hash) ?? []), trace])
  }
  const rows: TransferRow[] = []
  for (const [txHash, frames] of byTx) {
    frames.sort(traceOrder)
    const reverted: string[] = []
    frames.forEach((trace, position) => {
      const path = trace.traceAddress.join('.')
      if (trace.error) reverted.push(path)
      if (trace.traceAddress.length === 0 || trace.error) return
      // A child of a reverted frame succeeded only inside a state that was thrown away.
      if (reverted.some((r) => r === '' || path.startsWith(`${r}.`))) return
      const moved = frameValue(trace)
      if (!moved || moved[2] === 0n) return
      const [from, to, amount] = moved
      if (from.toLowerCase() === to.toLowerCase()) return
      rows.push({
        txHash,
        logIndex: -1 - position,
        batchIndex: 0,
        blockNumber,
        kind: 'native',
        contract: null,
        from: from.toLowerCase(),
        to: to.toLowerCase(),
        tokenId: null,
        amount,
      })
    })
  }
  return rows
}
