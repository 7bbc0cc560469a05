// Independent ed25519 verification (tweetnacl, bs58) for tests of Solana signing code.
import bs58 from 'bs58'
import nacl from 'tweetnacl'

/**
 * Whether `signature` (base58) is `address`'s ed25519 signature of the UTF-8 `message`.
 * Malformed input is simply `false`.
 *
 * @example
 * verifySolanaSignature({ address, message: 'Hello', signature }) // true
 */
export function verifySolanaSignature({
  address,
  message,
  signature,
}: {
  address: string
  message: string | Uint8Array
  signature: string
}): boolean {
  try {
    const publicKey = bs58.decode(address)
    const bytes = bs58.decode(signature)
    if (publicKey.length !== 32 || bytes.length !== 64) return false
    const data = typeof message === 'string' ? new TextEncoder().encode(message) : message
    return nacl.sign.detached.verify(data, bytes, publicKey)
  } catch {
    return false
  }
}
