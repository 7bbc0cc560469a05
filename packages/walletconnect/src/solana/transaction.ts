// Just enough of Solana's transaction wire format to put a wallet's signature in place when it
// answers `solana_signTransaction` with the signature only (the older form of the RPC).

/** Reads a compact-u16 at `offset`: [value, bytes read]. */
function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw new Error('truncated length')
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, i + 1]
  }
  throw new Error('length too long')
}

/**
 * `transaction` (legacy or v0, wire format) with `signature` written in the slot of `signer`.
 *
 * @example const signed = withSignature(unsigned, signature, account.publicKey)
 */
export function withSignature(
  transaction: Uint8Array,
  signature: Uint8Array,
  signer: Uint8Array,
): Uint8Array {
  if (signature.length !== 64) throw new Error('a signature has 64 bytes')
  const [count, size] = compactU16(transaction, 0)
  let at = size + count * 64
  // A versioned message starts with 0x80 | version; a legacy one with its header.
  if (((transaction[at] ?? 0) & 0x80) !== 0) at++
  const required = transaction[at] ?? 0
  at += 3
  const [keys, keysSize] = compactU16(transaction, at)
  at += keysSize
  for (let i = 0; i < Math.min(keys, required, count); i++) {
    const key = transaction.subarray(at + i * 32, at + i * 32 + 32)
    if (key.length === 32 && key.every((b, j) => b === signer[j])) {
      const signed = transaction.slice()
      signed.set(signature, size + i * 64)
      return signed
    }
  }
  throw new Error('the account is not a signer of the transaction')
}
