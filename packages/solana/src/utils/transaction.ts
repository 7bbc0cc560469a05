// Just enough of the transaction wire format to find a signer's signature:
//   compact-u16 n, n × 64-byte signatures, message ([0x80 | v]? header(3), compact-u16 k, keys…)

function compactU16(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size] ?? 0
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return [value, size + 1]
  }
  return [value, 3]
}

/**
 * The signature of `publicKey` in a serialized transaction, or `undefined` when it is not a
 * signer or the bytes are not a transaction.
 *
 * @example const signature = signatureOf(signedTransaction, account.publicKey)
 */
export function signatureOf(bytes: Uint8Array, publicKey: Uint8Array): Uint8Array | undefined {
  const [count, countSize] = compactU16(bytes, 0)
  let offset = countSize + count * 64
  if (offset >= bytes.length) return undefined
  if ((bytes[offset] ?? 0) & 0x80) offset += 1
  const required = bytes[offset] ?? 0
  const [, keysSize] = compactU16(bytes, offset + 3)
  const keys = offset + 3 + keysSize
  for (let i = 0; i < Math.min(required, count); i++) {
    const key = bytes.subarray(keys + i * 32, keys + i * 32 + 32)
    if (key.length === 32 && key.every((byte, j) => byte === publicKey[j])) {
      return bytes.subarray(countSize + i * 64, countSize + i * 64 + 64)
    }
  }
  return undefined
}
