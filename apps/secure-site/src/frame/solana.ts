// Solana transactions in the frame, loaded with import() on the first one: decoded with the
// Solana Kit codecs (@solana/transactions, @solana/transaction-messages: legacy and v0 wire
// formats) to show what is signed, signed with the ed25519 key of m/44'/501'/0'/0', and sent
// through the project's Solana RPC (the server's proxy).
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { getCompiledTransactionMessageDecoder } from '@solana/transaction-messages'
import { getTransactionDecoder, getTransactionEncoder } from '@solana/transactions'
import { RpcError } from './rpc-error.js'

/** The System Program (32 zero bytes). */
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const LAMPORTS_PER_SOL = 1_000_000_000n

type Transaction = ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>

function decode(serialized: string): Transaction {
  try {
    return getTransactionDecoder().decode(base64.decode(serialized))
  } catch {
    throw new RpcError(-32602, 'Invalid params: transaction is not a serialized Solana transaction')
  }
}

function formatSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/**
 * What the approval dialog shows of a transaction: the fee payer, each SOL transfer with its
 * amount and receiver, and the program of every other instruction.
 *
 * @example
 * describeTransaction(base64Tx) // 'Fee payer: 9x…\nTransfer 0.5 SOL to 4f…'
 */
export function describeTransaction(serialized: string): string {
  const message = getCompiledTransactionMessageDecoder().decode(decode(serialized).messageBytes)
  const accounts = message.staticAccounts
  const lines = [`Fee payer: ${accounts[0] ?? '?'}`]
  // Version 1 messages lay instructions out differently: shown by fee payer only.
  const instructions = 'instructions' in message ? message.instructions : []
  for (const instruction of instructions) {
    const program = accounts[instruction.programAddressIndex] ?? '(looked-up account)'
    const data = instruction.data ? Uint8Array.from(instruction.data) : new Uint8Array()
    const view = new DataView(data.buffer)
    // SystemInstruction::Transfer: u32 LE 2, then u64 LE lamports; accounts [from, to].
    if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
      const to = accounts[instruction.accountIndices?.[1] ?? -1] ?? '(looked-up account)'
      lines.push(`Transfer ${formatSol(view.getBigUint64(4, true))} SOL to ${to}`)
    } else {
      lines.push(`Program ${program}: ${data.length} bytes of data`)
    }
  }
  return lines.join('\n')
}

/**
 * Refuses a transaction that `address` does not sign (before the user is asked anything).
 *
 * @example
 * assertSigner(base64Tx, address)
 */
export function assertSigner(serialized: string, address: string): void {
  if (!(address in decode(serialized).signatures)) {
    throw new RpcError(-32602, 'Invalid params: the transaction is not signed by this account')
  }
}

/**
 * Signs a serialized transaction (base64) as `address`, which must be one of its signers.
 * Answers the signature (base58) and the signed transaction (base64).
 *
 * @example
 * const { signature, transaction } = signTransaction(base64Tx, address, secretKey)
 */
export function signTransaction(
  serialized: string,
  address: string,
  secretKey: Uint8Array,
): { signature: string; transaction: string } {
  assertSigner(serialized, address)
  const transaction = decode(serialized)
  const signature = ed25519.sign(Uint8Array.from(transaction.messageBytes), secretKey.slice(0, 32))
  const signed = getTransactionEncoder().encode({
    ...transaction,
    signatures: { ...transaction.signatures, [address]: signature },
  } as Transaction)
  return {
    signature: base58.encode(signature),
    transaction: base64.encode(Uint8Array.from(signed)),
  }
}

/**
 * Sends a signed transaction (base64) through a Solana JSON-RPC URL; answers its signature.
 *
 * @example
 * await sendTransaction(rpcUrl, signedBase64, { preflightCommitment: 'confirmed' })
 */
export async function sendTransaction(
  rpcUrl: string,
  serialized: string,
  options: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'omit',
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [serialized, { ...options, encoding: 'base64' }],
    }),
  })
  if (!response.ok) throw new RpcError(-32603, `HTTP status code: ${response.status}`)
  const body = (await response.json()) as {
    result?: unknown
    error?: { code?: number; message?: string }
  }
  if (body.error) {
    throw new RpcError(body.error.code ?? -32603, String(body.error.message ?? 'RPC error'))
  }
  if (typeof body.result !== 'string') throw new RpcError(-32603, 'The RPC answered no signature')
  return body.result
}
