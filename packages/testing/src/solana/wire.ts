// The Solana transaction wire format, read by hand: the dev wallet signs and the local RPC
// server checks transactions without loading @solana/web3.js (legacy and v0 messages).
//
//   transaction = compact-u16 n, n × 64-byte signatures, message
//   message     = [0x80 | version]? header(3) compact-u16 k, k × 32-byte keys, blockhash(32), …

/** A decoded transaction; every byte array is a view into the bytes it was read from. */
export interface WireTransaction {
  signatures: Uint8Array[]
  /** The signed part. */
  message: Uint8Array
  /** Offset of `message` in the transaction bytes. */
  messageOffset: number
  version: 'legacy' | number
  numRequiredSignatures: number
  /** The static account keys; the first `numRequiredSignatures` are the signers. */
  accountKeys: Uint8Array[]
  recentBlockhash: Uint8Array
  /** Offset of the blockhash inside `message`. */
  blockhashOffset: number
}

export class WireFormatError extends Error {
  override name = 'WireFormatError'
}

/**
 * Reads a compact-u16 (1 to 3 bytes, 7 bits each) at `offset`.
 *
 * @example readCompactU16(new Uint8Array([0x80, 0x01]), 0) // [128, 2]
 */
export function readCompactU16(bytes: Uint8Array, offset: number): [value: number, size: number] {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size]
    if (byte === undefined) throw new WireFormatError('Truncated compact-u16')
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, size + 1]
  }
  throw new WireFormatError('compact-u16 longer than 3 bytes')
}

/**
 * Decodes the parts of a serialized transaction that signing and checking need.
 * Throws a WireFormatError when the bytes are not a transaction.
 *
 * @example
 * const { signatures, accountKeys } = parseTransaction(bytes)
 */
export function parseTransaction(bytes: Uint8Array): WireTransaction {
  const [count, countSize] = readCompactU16(bytes, 0)
  let offset = countSize
  const signatures: Uint8Array[] = []
  for (let i = 0; i < count; i++, offset += 64) {
    if (offset + 64 > bytes.length) throw new WireFormatError('Truncated signatures')
    signatures.push(bytes.subarray(offset, offset + 64))
  }
  const messageOffset = offset
  const message = bytes.subarray(messageOffset)
  const first = message[0]
  if (first === undefined) throw new WireFormatError('Empty message')
  const version = first & 0x80 ? first & 0x7f : 'legacy'
  let cursor = version === 'legacy' ? 0 : 1
  const numRequiredSignatures = message[cursor] ?? 0
  cursor += 3
  const [keyCount, keySize] = readCompactU16(message, cursor)
  cursor += keySize
  const accountKeys: Uint8Array[] = []
  for (let i = 0; i < keyCount; i++, cursor += 32) {
    if (cursor + 32 > message.length) throw new WireFormatError('Truncated account keys')
    accountKeys.push(message.subarray(cursor, cursor + 32))
  }
  if (cursor + 32 > message.length) throw new WireFormatError('Truncated blockhash')
  if (numRequiredSignatures === 0 || numRequiredSignatures > keyCount) {
    throw new WireFormatError('Invalid message header')
  }
  if (count !== numRequiredSignatures) {
    throw new WireFormatError(`Expected ${numRequiredSignatures} signatures, found ${count}`)
  }
  return {
    signatures,
    message,
    messageOffset,
    version,
    numRequiredSignatures,
    accountKeys,
    recentBlockhash: message.subarray(cursor, cursor + 32),
    blockhashOffset: cursor,
  }
}

const equalBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/** Index of `publicKey` among the signers of `tx`, or -1. */
export function signerIndex(tx: WireTransaction, publicKey: Uint8Array): number {
  return tx.accountKeys
    .slice(0, tx.numRequiredSignatures)
    .findIndex((key) => equalBytes(key, publicKey))
}

/**
 * A copy of the transaction `bytes` with `signature` at signer slot `index`.
 *
 * @example const signed = withSignature(bytes, tx, 0, nacl.sign.detached(tx.message, secretKey))
 */
export function withSignature(
  bytes: Uint8Array,
  tx: WireTransaction,
  index: number,
  signature: Uint8Array,
): Uint8Array {
  if (signature.length !== 64) throw new WireFormatError('A signature is 64 bytes')
  if (index < 0 || index >= tx.signatures.length) throw new WireFormatError('No such signer')
  const copy = bytes.slice()
  const [, countSize] = readCompactU16(bytes, 0)
  copy.set(signature, countSize + index * 64)
  return copy
}
