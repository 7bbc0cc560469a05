// SPL token transfers with @solana/web3.js alone: the associated token address, and the two
// instructions a transfer needs (createAssociatedTokenAccountIdempotent and transferChecked).
// Written here rather than imported from @solana/spl-token: see the README ("SPL tokens").
// Part of the lazy transfer chunk (transfer.ts).
import { adapterError, sendError } from '@openmodal/core/internal'
import {
  type AccountInfo,
  type Commitment,
  type Connection,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js'

export const TOKEN_PROGRAM_ID = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
export const TOKEN_2022_PROGRAM_ID = new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
export const ASSOCIATED_TOKEN_PROGRAM_ID = new PublicKey(
  'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
)

/** Bytes of a Mint and of a token Account (spl-token `state.rs`). */
const MINT_SIZE = 82
const ACCOUNT_SIZE = 165
/** A Token-2022 associated account: + account type (1) + the ImmutableOwner extension's TLV header (4). */
const ACCOUNT_2022_SIZE = 170

/** Token program instruction `TransferChecked` (spl-token `instruction.rs`). */
const TRANSFER_CHECKED = 12
/** Associated token program instruction `CreateIdempotent`. */
const CREATE_IDEMPOTENT = 1

// web3.js types instruction data as a Node Buffer but only reads it as bytes (bs58 and
// Uint8Array.set), so a Uint8Array does: the browser has no Buffer without a polyfill.
const bytes = (data: Uint8Array) => data as TransactionInstruction['data']

/**
 * The associated token account of `owner` for `mint` under `tokenProgram`.
 *
 * @example associatedTokenAddress(owner, mint, TOKEN_PROGRAM_ID).toBase58()
 */
export function associatedTokenAddress(
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey,
): PublicKey {
  return PublicKey.findProgramAddressSync(
    [owner.toBuffer(), tokenProgram.toBuffer(), mint.toBuffer()],
    ASSOCIATED_TOKEN_PROGRAM_ID,
  )[0]
}

/** Creates `owner`'s associated token account for `mint`, paid by `payer`; no-op if it exists. */
export function createAssociatedTokenAccountIdempotentInstruction(
  payer: PublicKey,
  account: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: ASSOCIATED_TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    data: bytes(Uint8Array.of(CREATE_IDEMPOTENT)),
  })
}

/** Moves `amount` from `source` to `destination`; the program checks `decimals` against the mint. */
export function transferCheckedInstruction(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
  tokenProgram: PublicKey,
): TransactionInstruction {
  const data = new Uint8Array(10)
  data[0] = TRANSFER_CHECKED
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = decimals
  return new TransactionInstruction({
    programId: tokenProgram,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: bytes(data),
  })
}

/** What a token transfer moves, read from the chain. */
export interface TokenTransferPlan {
  mint: string
  tokenProgram: string
  decimals: number
  /** The sender's token account the tokens leave. */
  source: string
  /** The receiver's associated token account. */
  destination: string
  /** True when the transfer creates `destination` (it does not exist yet). */
  createsDestination: boolean
  /** The rent-exempt minimum the sender pays for `destination` when created, else 0. */
  rent: bigint
}

const isTokenProgram = (owner: PublicKey) =>
  owner.equals(TOKEN_PROGRAM_ID) || owner.equals(TOKEN_2022_PROGRAM_ID)

/** The u64 amount of a token Account's data (offset 64). */
const accountAmount = (data: Uint8Array) =>
  new DataView(data.buffer, data.byteOffset, data.length).getBigUint64(64, true)

function readMint(mint: string, info: AccountInfo<Uint8Array> | null) {
  const data = info?.data
  const valid =
    info &&
    data &&
    isTokenProgram(info.owner) &&
    data.length >= MINT_SIZE &&
    data.length !== ACCOUNT_SIZE &&
    data[45] === 1
  if (!valid) {
    throw adapterError('INVALID_TRANSFER', {
      details: `${mint} is not a token mint on this network`,
    })
  }
  return { tokenProgram: info.owner, decimals: data[44] ?? 0 }
}

/** A base58 public key, or the error `fail` makes. */
function key(value: string, fail: () => Error): PublicKey {
  try {
    return new PublicKey(value)
  } catch {
    throw fail()
  }
}

export interface BuildTokenTransferParameters {
  from: string
  to: string
  mint: string
  amount: bigint
  commitment: Commitment
}

/**
 * The instructions of a token transfer and what they move. Refuses, before any wallet is
 * asked: a mint that is none, a receiver that is itself a token account or a program address
 * (tokens sent to its associated account could never be moved by a wallet: spl-token's
 * `allowOwnerOffCurve` default), and a balance the sender's token accounts do not cover.
 *
 * @example const { instructions, plan } = await buildTokenTransfer(connection, parameters)
 */
export async function buildTokenTransfer(
  connection: Connection,
  { from, to, mint, amount, commitment }: BuildTokenTransferParameters,
): Promise<{ instructions: TransactionInstruction[]; plan: TokenTransferPlan }> {
  const owner = new PublicKey(from)
  const receiver = key(to, () => sendError('INVALID_RECEIVER', { details: to }))
  const mintKey = key(mint, () =>
    adapterError('INVALID_TRANSFER', { details: `${mint} is not a token mint on this network` }),
  )
  const [mintInfo, receiverInfo] = await connection.getMultipleAccountsInfo(
    [mintKey, receiver],
    commitment,
  )
  const { tokenProgram, decimals } = readMint(mint, mintInfo ?? null)
  if (receiverInfo && isTokenProgram(receiverInfo.owner)) {
    throw sendError('INVALID_RECEIVER', {
      details: `${to} is a token account: send to its owner's wallet address`,
    })
  }
  if (!PublicKey.isOnCurve(receiver.toBytes())) {
    throw sendError('INVALID_RECEIVER', { details: `${to} is a program address, not a wallet` })
  }
  const ownAccount = associatedTokenAddress(owner, mintKey, tokenProgram)
  const destination = associatedTokenAddress(receiver, mintKey, tokenProgram)
  const [ownInfo, destinationInfo] = await connection.getMultipleAccountsInfo(
    [ownAccount, destination],
    commitment,
  )
  let source: PublicKey | undefined =
    ownInfo && accountAmount(ownInfo.data) >= amount ? ownAccount : undefined
  if (!source) {
    // Tokens may sit in another account than the associated one (older wallets made those).
    const { value } = await connection.getTokenAccountsByOwner(owner, { mint: mintKey }, commitment)
    source = value.find(({ account }) => accountAmount(account.data) >= amount)?.pubkey
  }
  if (!source) throw sendError('INSUFFICIENT_BALANCE', { details: `${amount} of ${mint}` })
  const createsDestination = !destinationInfo
  const rent = createsDestination
    ? BigInt(
        await connection.getMinimumBalanceForRentExemption(
          tokenProgram.equals(TOKEN_2022_PROGRAM_ID) ? ACCOUNT_2022_SIZE : ACCOUNT_SIZE,
          commitment,
        ),
      )
    : 0n
  const instructions = [
    ...(createsDestination
      ? [
          createAssociatedTokenAccountIdempotentInstruction(
            owner,
            destination,
            receiver,
            mintKey,
            tokenProgram,
          ),
        ]
      : []),
    transferCheckedInstruction(source, mintKey, destination, owner, amount, decimals, tokenProgram),
  ]
  return {
    instructions,
    plan: {
      mint,
      tokenProgram: tokenProgram.toBase58(),
      decimals,
      source: source.toBase58(),
      destination: destination.toBase58(),
      createsDestination,
      rent,
    },
  }
}
