// The part of the adapter that needs @solana/web3.js: building a SOL or SPL token transfer,
// its fee, sending a signed transaction and waiting for its confirmation. Loaded with
// `import()` on the first transfer or token fee estimate (load-transfer.ts), never with the
// adapter.

import type { SendTransferParameters } from '@openmodal/core/internal'
import { base58Encode, chainError, transferError, withTimeout } from '@openmodal/core/internal'
import {
  type BlockhashWithExpiryBlockHeight,
  type Commitment,
  Connection,
  PublicKey,
  SystemProgram,
  Transaction,
} from '@solana/web3.js'
import type { WalletAccount } from '@wallet-standard/base'
import { asError } from './errors.js'
import { rentAccountIndex, rentError } from './rent.js'
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
  /** For a token transfer: the rent-exempt minimum of an empty account (the sender's floor). */
  minimum?: bigint
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
  const [latest, built, minimum] = await Promise.all([
    connection.getLatestBlockhash(commitment),
    buildTokenTransfer(connection, { from, to, mint, amount, commitment }),
    connection.getMinimumBalanceForRentExemption(0, commitment),
  ])
  const unsigned = new Transaction({ feePayer: new PublicKey(from), ...latest }).add(
    ...built.instructions,
  )
  return {
    connection,
    latest,
    ...serialized(unsigned),
    rent: built.plan.rent,
    token: built.plan,
    minimum: BigInt(minimum),
  }
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

type WalletFeature = (...args: unknown[]) => Promise<unknown>

/** What `signSendConfirm` needs of the adapter's session. */
export interface SendContext extends Omit<PrepareTransferParameters, 'to' | 'lamports'> {
  account: WalletAccount
  /** The wallet-standard chain (`solana:mainnet`, …). */
  chain: string
  /** The wallet's `solana:signAndSendTransaction`, when it has it for this chain. */
  signAndSend: WalletFeature | undefined
  /** The wallet's `solana:signTransaction`, used (and the transaction sent here) otherwise. */
  signOnly: WalletFeature | undefined
  /** The wallet-standard form of `commitment`. */
  preflight: 'processed' | 'confirmed' | 'finalized'
  confirmTimeoutMs: number
  /** A SOL transfer: the rent-exempt minimum the adapter's rent check read. */
  checkedMinimum: bigint | undefined
}

/**
 * The send itself, once the adapter checked the draft: builds the SOL or token transfer, has
 * the wallet sign and send it (or sign it, then sends it), waits for `commitment` at most
 * `confirmTimeoutMs`, and resolves with the signature. Rent failures get the adapter's clear
 * message; in a token transfer only the sender (account 0) can fall under rent (the receiver's
 * new token account is funded with its own minimum by the program).
 *
 * @example const signature = await signSendConfirm(context, { to, value, tokenAddress })
 */
export async function signSendConfirm(
  context: SendContext,
  { to, value, tokenAddress }: SendTransferParameters,
): Promise<string> {
  const { account, chain, signAndSend, signOnly, preflight, commitment, confirmTimeoutMs } = context
  const prepared =
    tokenAddress === undefined
      ? await prepareTransfer({ ...context, to, lamports: value })
      : await prepareTokenTransfer({ ...context, to, mint: tokenAddress, amount: value })
  const minimum = prepared.minimum ?? context.checkedMinimum ?? 0n
  const rentOf = (index: number | undefined) =>
    index === 0 ? 'sender' : index !== undefined && !prepared.token ? 'recipient' : undefined
  let signature: string
  try {
    if (signAndSend) {
      const [output] = (await signAndSend({
        account,
        transaction: prepared.transaction,
        chain,
        options: { preflightCommitment: preflight, commitment: preflight },
      })) as { signature?: unknown }[]
      if (!(output?.signature instanceof Uint8Array)) {
        throw chainError('WALLET_NO_SIGNATURE')
      }
      signature = base58Encode(output.signature)
    } else if (signOnly) {
      const [output] = (await signOnly({
        account,
        transaction: prepared.transaction,
        chain,
      })) as { signedTransaction?: unknown }[]
      if (!(output?.signedTransaction instanceof Uint8Array)) {
        throw chainError('WALLET_NO_TRANSACTION')
      }
      signature = await sendSigned(prepared, output.signedTransaction, commitment)
    } else {
      throw chainError('WALLET_CANNOT_SEND')
    }
  } catch (error) {
    const who = rentOf(rentAccountIndex(error))
    throw who ? rentError(who, minimum, error) : asError(error)
  }
  const err = await withTimeout(confirm(prepared, signature, commitment), {
    timeout: confirmTimeoutMs,
    errorInstance: transferError('TRANSACTION_TIMEOUT', {
      details: `${signature} not ${commitment} within ${confirmTimeoutMs} ms`,
    }),
  })
  if (err !== null && err !== undefined) {
    const who = rentOf(rentAccountIndex(err))
    if (who) throw rentError(who, minimum, err)
    throw transferError('TRANSACTION_FAILED', {
      details: `${signature}: ${JSON.stringify(err)}`,
    })
  }
  return signature
}

/** The rent error, for the adapter's check before the wallet asks (see rent.ts). */
export { rentError } from './rent.js'
