// The part of the adapter that needs @solana/web3.js: building a SOL transfer, sending a
// signed transaction and waiting for its confirmation. Loaded with `import()` on the first
// transfer (load-transfer.ts), never with the adapter.
import {
  type BlockhashWithExpiryBlockHeight,
  type Commitment,
  Connection,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js'

export interface PreparedTransfer {
  connection: Connection
  latest: BlockhashWithExpiryBlockHeight
  /** The unsigned transaction, serialized for the wallet. */
  transaction: Uint8Array
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
  const connection = new Connection(rpcUrl, {
    commitment,
    ...(wsUrl ? { wsEndpoint: wsUrl } : {}),
  })
  const latest = await connection.getLatestBlockhash(commitment)
  const fromPubkey = new PublicKey(from)
  const transaction = new Transaction({ feePayer: fromPubkey, ...latest })
    .add(SystemProgram.transfer({ fromPubkey, toPubkey: new PublicKey(to), lamports }))
    .serialize({ requireAllSignatures: false, verifySignatures: false })
  return { connection, latest, transaction: new Uint8Array(transaction) }
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
