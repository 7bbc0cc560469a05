// base58 (Bitcoin alphabet, as Solana uses) and base64 without a library, for the Solana code
// paths (adapter, WalletConnect wallet) that must not pull in @solana/web3.js or Buffer.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const INDEX = new Map([...ALPHABET].map((char, i) => [char, i]))

/**
 * Encodes bytes as base58.
 *
 * @example base58Encode(new Uint8Array(32)) // '11111111111111111111111111111111'
 */
export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let i = 0; i < digits.length; i++) {
      carry += (digits[i] as number) << 8
      digits[i] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let zeros = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    zeros += '1'
  }
  return (
    zeros +
    digits
      .reverse()
      .map((d) => ALPHABET[d])
      .join('')
  )
}

/**
 * Decodes base58; `undefined` when `text` has a character outside the alphabet.
 *
 * @example base58Decode('11') // Uint8Array [0, 0]
 */
export function base58Decode(text: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const char of text) {
    const value = INDEX.get(char)
    if (value === undefined) return undefined
    let carry = value
    for (let i = 0; i < bytes.length; i++) {
      carry += (bytes[i] as number) * 58
      bytes[i] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  let zeros = 0
  for (const char of text) {
    if (char !== '1') break
    zeros++
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}

/** Encodes bytes as base64. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Decodes base64; `undefined` when `text` is not base64. */
export function base64Decode(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}
