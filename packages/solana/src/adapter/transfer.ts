// The part of the adapter that needs @solana/web3.js: building a SOL or SPL token transfer,
// its fee, sending a signed transaction and waiting for its confirmation. Loaded with
// `import()` on the first transfer or token fee estimate (load-transfer.ts), never with the
// adapter.
import {
  type BlockhashWithExpiryBlockHeight,
  type Commitment,
  Connection,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js'
import { buildTokenTransfer, type TokenTransferPlan } from './spl.js'

export interface PreparedTransfer {
  connection: Connection
  latest: BlockhashWithExpiryBlockHeight
  /** The unsigned transaction, serialized for the wallet. */
  transaction: Uint8Array
  /** The unsigned transaction itself, for its fee. */
  unsigned: Transaction
  /** Lamports the transfer pays beside the fee: the rent of a token account it creates. */
  rent: bigint
  /** For a token transfer: the accounts and amounts it moves. */
  token?: TokenTransferPlan
}

export interface PrepareTransferParameters {
  rpcUrl: string
  /** Default: the RPC port + 1, as web3.js assumes. */
  wsUrl?: string | undefined
  commitment: Commitment
  from: string
  to: string
  lamports: bigint
}

/**
 * A `SystemProgram.transfer` of `lamports` from `from` to `to`, with the cluster's latest
 * blockhash, serialized without signatures.
 *
 * @example const { transaction } = await prepareTransfer({ rpcUrl, commitment, from, to, lamports })
 */
export async function prepareTransfer({
  rpcUrl,
  wsUrl,
  commitment,
  from,
  to,
  lamports,
}: PrepareTransferParameters): Promise<PreparedTransfer> {
  const connection = connect(rpcUrl, wsUrl, commitment)
  const latest = await connection.getLatestBlockhash(commitment)
  const fromPubkey = new PublicKey(from)
  const unsigned = new Transaction({ feePayer: fromPubkey, ...latest }).add(
    SystemProgram.transfer({ fromPubkey, toPubkey: new PublicKey(to), lamports }),
  )
  return { connection, latest, ...serialized(unsigned), rent: 0n }
}

export interface PrepareTokenTransferParameters
  extends Omit<PrepareTransferParameters, 'lamports'> {
  /** The token's mint address. */
  mint: string
  /** The amount in the token's smallest unit. */
  amount: bigint
}

/**
 * An SPL token transfer of `amount` of `mint` from `from`'s token account to the associated
 * token account of `to` (Token program or Token-2022, read from the mint's owner):
 * `transferChecked` with the mint's decimals, preceded by
 * `createAssociatedTokenAccountIdempotent` when the receiver has no such account yet (the
 * sender pays its rent, returned as `rent`).
 *
 * @example const { transaction, rent } = await prepareTokenTransfer({ rpcUrl, commitment, from, to, mint, amount })
 */
export async function prepareTokenTransfer({
  rpcUrl,
  wsUrl,
  commitment,
  from,
  to,
  mint,
  amount,
}: PrepareTokenTransferParameters): Promise<PreparedTransfer> {
  const connection = connect(rpcUrl, wsUrl, commitment)
  const [latest, built] = await Promise.all([
    connection.getLatestBlockhash(commitment),
    buildTokenTransfer(connection, { from, to, mint, amount, commitment }),
  ])
  const unsigned = new Transaction({ feePayer: new PublicKey(from), ...latest }).add(
    ...built.instructions,
  )
  return { connection, latest, ...serialized(unsigned), rent: built.plan.rent, token: built.plan }
}

/**
 * What the prepared transfer costs its sender beside the amount: the cluster's fee for its
 * message (`getFeeForMessage`) plus the rent of the token account it creates, in lamports.
 *
 * @example const lamports = await transferCost(await prepareTokenTransfer(parameters))
 */
export async function transferCost({ connection, unsigned, rent }: PreparedTransfer) {
  const { value } = await connection.getFeeForMessage(unsigned.compileMessage())
  // null: the blockhash expired between the two calls; one signature at the base fee.
  return BigInt(value ?? 5000 * unsigned.signatures.length) + rent
}

function connect(rpcUrl: string, wsUrl: string | undefined, commitment: Commitment) {
  return new Connection(rpcUrl, { commitment, ...(wsUrl ? { wsEndpoint: wsUrl } : {}) })
}

function serialized(unsigned: Transaction) {
  const bytes = unsigned.serialize({ requireAllSignatures: false, verifySignatures: false })
  return { unsigned, transaction: new Uint8Array(bytes) }
}

/** Sends a signed transaction (with preflight at `commitment`); resolves with its signature. */
export function sendSigned(
  { connection }: PreparedTransfer,
  signed: Uint8Array,
  commitment: Commitment,
): Promise<string> {
  return connection.sendRawTransaction(signed, { preflightCommitment: commitment })
}

/**
 * Waits until `signature` reaches `commitment` (signature subscription plus status checks)
 * or its blockhash expires; resolves with the transaction's error, `null` when it succeeded.
 */
export async function confirm(
  { connection, latest }: PreparedTransfer,
  signature: string,
  commitment: Commitment,
): Promise<unknown> {
  const { value } = await connection.confirmTransaction({ signature, ...latest }, commitment)
  return value.err
}
