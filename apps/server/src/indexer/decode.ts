// Turning raw blocks and logs into transfer rows: native value, ERC-20 and ERC-721 `Transfer`,
// ERC-1155 `TransferSingle` / `TransferBatch`. Pure functions over JSON-RPC shapes.
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
  /** -1 for the native value of the transaction. */
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

/** The native-value transfer of a transaction, when it moves value. */
export function nativeTransfer(tx: RpcTransaction, blockNumber: bigint): TransferRow | undefined {
  const amount = BigInt(tx.value)
  // A contract creation (to null) with value funds the new contract; the receipt names it.
  if (amount === 0n || tx.to === null) return undefined
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
