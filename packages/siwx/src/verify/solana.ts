// Solana signatures (Sign-In With Solana): ed25519 over the message's UTF-8 bytes, checked with
// WebCrypto's Ed25519 (browsers since 2025, Node 20), so no curve library is bundled.
import { base58, base64 } from '@scure/base'

/** The signature's bytes from base58 (Solana's usual form), base64 or 0x hex; undefined if none fits. */
export function decodeSolanaSignature(signature: string): Uint8Array | undefined {
  const decoders = [
    () => base58.decode(signature),
    () => base64.decode(signature),
    () =>
      /^0x[0-9a-fA-F]{128}$/.test(signature)
        ? Uint8Array.from(signature.slice(2).match(/../g) ?? [], (h) => Number.parseInt(h, 16))
        : undefined,
  ]
  for (const decode of decoders) {
    try {
      const bytes = decode()
      if (bytes?.length === 64) return bytes
    } catch {}
  }
  return undefined
}

/**
 * Whether `signature` is the ed25519 signature of `message` by the Solana account `address`.
 * Malformed input is `false`.
 *
 * @example
 * await verifySolanaSignature({ address, message, signature: base58Signature }) // true
 */
export async function verifySolanaSignature(parameters: {
  address: string
  message: string | Uint8Array
  signature: string | Uint8Array
}): Promise<boolean> {
  let publicKey: Uint8Array
  try {
    publicKey = base58.decode(parameters.address)
  } catch {
    return false
  }
  const signature =
    typeof parameters.signature === 'string'
      ? decodeSolanaSignature(parameters.signature)
      : parameters.signature
  if (publicKey.length !== 32 || signature?.length !== 64) return false
  const bytes =
    typeof parameters.message === 'string'
      ? new TextEncoder().encode(parameters.message)
      : parameters.message
  try {
    const key = await crypto.subtle.importKey(
      'raw',
      publicKey as BufferSource,
      { name: 'Ed25519' },
      false,
      ['verify'],
    )
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      signature as BufferSource,
      bytes as BufferSource,
    )
  } catch {
    // A point that is not on the curve fails to import: not a valid signer.
    return false
  }
}
