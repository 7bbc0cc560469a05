// Solana transactions in the frame, loaded with import() on the first one: decoded with the
// Solana Kit codecs (@solana/transactions, @solana/transaction-messages: legacy and v0 wire
// formats) to show what is signed, signed with the ed25519 key of m/44'/501'/0'/0', and sent
// through the project's Solana RPC (the server's proxy).
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { getCompiledTransactionMessageDecoder } from '@solana/transaction-messages'
import { getTransactionDecoder, getTransactionEncoder } from '@solana/transactions'
import {
  type ApprovalItem,
  type ApprovalView,
  assertShowable,
  messageItems,
  toHex,
} from './approval-view.js'
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

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>

/** The items of one transaction: fee payer, then each instruction (System transfers decoded). */
function transactionItems(message: CompiledMessage): ApprovalItem[] {
  const accounts = message.staticAccounts
  const account = (index: number | undefined) =>
    index === undefined
      ? '?'
      : (accounts[index] ?? `account #${index - accounts.length + 1} of an address lookup table`)
  const items: ApprovalItem[] = [{ kind: 'field', label: 'Fee payer', value: account(0) }]
  // Version 1 messages lay instructions out differently: shown by fee payer and raw bytes.
  const instructions = 'instructions' in message ? message.instructions : []
  instructions.forEach((instruction, index) => {
    const program = account(instruction.programAddressIndex)
    const data = instruction.data ? Uint8Array.from(instruction.data) : new Uint8Array()
    const view = new DataView(data.buffer)
    const indices = instruction.accountIndices ?? []
    // SystemInstruction::Transfer: u32 LE 2, then u64 LE lamports; accounts [from, to].
    if (program === SYSTEM_PROGRAM && data.length === 12 && view.getUint32(0, true) === 2) {
      items.push(
        { kind: 'heading', text: `Instruction ${index + 1}: SOL transfer` },
        { kind: 'field', label: 'From', value: account(indices[0]) },
        { kind: 'field', label: 'To', value: account(indices[1]) },
        { kind: 'field', label: 'Amount', value: `${formatSol(view.getBigUint64(4, true))} SOL` },
      )
      return
    }
    items.push(
      { kind: 'heading', text: `Instruction ${index + 1}: not decoded` },
      { kind: 'field', label: 'Program', value: program },
      {
        kind: 'field',
        label: 'Accounts',
        value: indices.length ? indices.map((i) => account(i)).join(', ') : 'none',
      },
      {
        kind: 'raw',
        label: `Instruction ${index + 1} data (${data.length} bytes, hex)`,
        value: toHex(data),
      },
    )
  })
  return items
}

/**
 * What the approval dialog shows of Solana transactions: per transaction the fee payer and
 * each instruction, SOL transfers decoded (from, to, amount), others by program, accounts and
 * data. A transaction over the approval's size limit is refused.
 *
 * @example
 * describeTransactions([base64Tx], true) // { title: 'Send a Solana transaction', items: [Fee payer…, SOL transfer…] }
 */
export function describeTransactions(serialized: string[], send = false): ApprovalView {
  const items: ApprovalItem[] = []
  serialized.forEach((one, index) => {
    assertShowable('the transaction', Math.floor((one.length * 3) / 4))
    const message = getCompiledTransactionMessageDecoder().decode(decode(one).messageBytes)
    if (serialized.length > 1) items.push({ kind: 'heading', text: `Transaction ${index + 1}` })
    items.push(...transactionItems(message))
  })
  const title =
    serialized.length > 1
      ? `Sign ${serialized.length} Solana transactions`
      : send
        ? 'Send a Solana transaction'
        : 'Sign a Solana transaction'
  return { title, items }
}

/** True when `bytes` are, whole, a transaction or a transaction message (legacy or v0). */
function isTransactionBytes(bytes: Uint8Array): boolean {
  const decoders = [getCompiledTransactionMessageDecoder(), getTransactionDecoder()]
  return decoders.some((decoder) => {
    try {
      const [, end] = decoder.read(bytes, 0)
      return end === bytes.length
    } catch {
      return false
    }
  })
}

/**
 * What `solana_signMessage` signs: text, or hex with a warning. Bytes that parse as a Solana
 * transaction message are refused: their signature would be a valid signature of that
 * transaction (a transfer signed as "a message").
 *
 * @example
 * describeMessage(new TextEncoder().encode('Hello')) // { title: 'Sign a message', items: [Message: Hello] }
 */
export function describeMessage(bytes: Uint8Array): ApprovalView {
  if (isTransactionBytes(bytes)) {
    throw new RpcError(
      -32602,
      'Refused: the message is a Solana transaction; signing it would approve that transaction. Use solana_signTransaction.',
    )
  }
  return { title: 'Sign a message', items: messageItems(bytes) }
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
