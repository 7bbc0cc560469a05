// A Solana ledger over litesvm with the bookkeeping an RPC node has and litesvm lacks: slots,
// block heights, a window of valid blockhashes, signature statuses and their subscribers.
import bs58 from 'bs58'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import {
  type TransactionErrorJson,
  toTransactionErrorJson,
  transactionErrorText,
} from './transaction-error.js'
import { parseTransaction, WireFormatError, type WireTransaction } from './wire.js'

/** Blocks a blockhash stays valid, as on mainnet. */
export const BLOCKHASH_VALIDITY = 150
/** litesvm's fee per signature (lamports). */
export const LAMPORTS_PER_SIGNATURE = 5000

export interface SignatureStatus {
  slot: number
  err: TransactionErrorJson | null
}

export interface SimulationValue {
  err: TransactionErrorJson | null
  logs: string[]
  accounts: null
  unitsConsumed: number
  returnData: null
  innerInstructions: null
}

/** A failure the RPC reports as a JSON-RPC error (code, message, data). */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

// litesvm takes @solana/kit's Transaction ({ messageBytes, signatures by address }); these
// declarations spare a direct dependency on @solana/kit for two casts.
type KitTransaction = Parameters<LiteSVM['sendTransaction']>[0]
type KitAddress = Parameters<LiteSVM['getBalance']>[0]
type KitLamports = Parameters<LiteSVM['airdrop']>[1]

const address = (value: string) => value as KitAddress

function toKit(tx: WireTransaction): KitTransaction {
  const signatures: Record<string, Uint8Array> = {}
  tx.accountKeys.slice(0, tx.numRequiredSignatures).forEach((key, i) => {
    signatures[bs58.encode(key)] = tx.signatures[i] as Uint8Array
  })
  return { messageBytes: tx.message, signatures } as unknown as KitTransaction
}

function decode(bytes: Uint8Array): WireTransaction {
  try {
    return parseTransaction(bytes)
  } catch (error) {
    const reason = error instanceof WireFormatError ? error.message : String(error)
    throw new RpcError(-32602, `invalid transaction: ${reason}`)
  }
}

export interface Ledger {
  readonly svm: LiteSVM
  readonly slot: number
  readonly blockHeight: number
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number }
  isBlockhashValid(blockhash: string): boolean
  /** Simulates without committing. `sigVerify` defaults to false, as on Agave. */
  simulate(
    bytes: Uint8Array,
    options?: { sigVerify?: boolean; replaceRecentBlockhash?: boolean },
  ): SimulationValue
  /**
   * Processes a transaction and returns its signature. Unless `skipPreflight`, a transaction
   * that would fail is refused (RpcError -32002) and nothing is committed.
   */
  send(bytes: Uint8Array, options?: { skipPreflight?: boolean }): string
  airdrop(address: string, lamports: bigint): string
  status(signature: string): SignatureStatus | undefined
  /** Calls `listener` once when `signature` settles (at once if it has). Returns a cancel. */
  onSettled(signature: string, listener: (status: SignatureStatus) => void): () => void
}

/**
 * Creates a ledger: litesvm with its own blockhash check off (this ledger keeps the last 150
 * blockhashes valid instead of only the latest) and a fresh blockhash after each transaction,
 * so identical transfers in a row are distinct transactions as on a real cluster.
 *
 * @example
 * const ledger = createLedger()
 * ledger.airdrop(address, 10n ** 9n)
 */
export function createLedger(): Ledger {
  const svm = new LiteSVM().withBlockhashCheck(false)
  let slot = 1
  let blockHeight = 1
  const blockhashes = new Map<string, number>()
  const statuses = new Map<string, SignatureStatus>()
  const waiters = new Map<string, Set<(status: SignatureStatus) => void>>()

  const remember = () => {
    blockhashes.set(svm.latestBlockhash(), blockHeight + BLOCKHASH_VALIDITY)
    for (const [hash, lastValid] of blockhashes) {
      if (lastValid < blockHeight) blockhashes.delete(hash)
    }
  }
  remember()

  const isBlockhashValid = (hash: string) => (blockhashes.get(hash) ?? -1) >= blockHeight

  const settle = (signature: string, err: TransactionErrorJson | null) => {
    const status = { slot, err }
    statuses.set(signature, status)
    slot += 1
    blockHeight += 1
    svm.expireBlockhash()
    remember()
    const listeners = waiters.get(signature)
    waiters.delete(signature)
    for (const listener of listeners ?? []) listener(status)
  }

  const run = (tx: WireTransaction, sigVerify: boolean) => {
    svm.withSigverify(sigVerify)
    try {
      return svm.simulateTransaction(toKit(tx))
    } finally {
      svm.withSigverify(true)
    }
  }

  const simulate: Ledger['simulate'] = (bytes, options = {}) => {
    let tx = decode(bytes)
    if (options.replaceRecentBlockhash) {
      if (options.sigVerify) {
        throw new RpcError(-32602, 'sigVerify may not be used with replaceRecentBlockhash')
      }
      const copy = bytes.slice()
      copy.set(bs58.decode(svm.latestBlockhash()), tx.messageOffset + tx.blockhashOffset)
      tx = decode(copy)
    } else if (!isBlockhashValid(bs58.encode(tx.recentBlockhash))) {
      return { ...emptySimulation(), err: 'BlockhashNotFound' }
    }
    const result = run(tx, options.sigVerify === true)
    const failed = result instanceof FailedTransactionMetadata
    const meta = result.meta()
    return {
      ...emptySimulation(),
      err: failed ? toTransactionErrorJson(result.err()) : null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
    }
  }

  return {
    svm,
    get slot() {
      return slot
    },
    get blockHeight() {
      return blockHeight
    },
    latestBlockhash() {
      const blockhash = svm.latestBlockhash()
      return { blockhash, lastValidBlockHeight: blockhashes.get(blockhash) ?? blockHeight }
    },
    isBlockhashValid,
    simulate,
    send(bytes, options = {}) {
      const tx = decode(bytes)
      const signature = bs58.encode(tx.signatures[0] as Uint8Array)
      if (!options.skipPreflight) {
        const preflight = simulate(bytes, { sigVerify: true })
        if (preflight.err !== null) {
          const code = preflight.err === 'SignatureFailure' ? -32003 : -32002
          throw new RpcError(
            code,
            code === -32003
              ? 'Transaction signature verification failure'
              : `Transaction simulation failed: ${transactionErrorText(preflight.err)}`,
            preflight,
          )
        }
      }
      if (statuses.has(signature)) return signature
      if (!isBlockhashValid(bs58.encode(tx.recentBlockhash))) {
        // A node drops such a transaction: it never lands and its status stays unknown.
        return signature
      }
      const result = svm.sendTransaction(toKit(tx))
      settle(
        signature,
        result instanceof FailedTransactionMetadata ? toTransactionErrorJson(result.err()) : null,
      )
      return signature
    },
    airdrop(to, lamports) {
      const result = svm.airdrop(address(to), lamports as KitLamports)
      if (!result || result instanceof FailedTransactionMetadata) {
        const reason = result ? transactionErrorText(toTransactionErrorJson(result.err())) : ''
        throw new RpcError(-32603, `Airdrop failed ${reason}`.trim())
      }
      const signature = bs58.encode(result.signature())
      settle(signature, null)
      return signature
    },
    status(signature) {
      return statuses.get(signature)
    },
    onSettled(signature, listener) {
      const known = statuses.get(signature)
      if (known) {
        listener(known)
        return () => undefined
      }
      const set = waiters.get(signature) ?? new Set()
      waiters.set(signature, set)
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) waiters.delete(signature)
      }
    },
  }
}

function emptySimulation(): SimulationValue {
  return {
    err: null,
    logs: [],
    accounts: null,
    unitsConsumed: 0,
    returnData: null,
    innerInstructions: null,
  }
}
