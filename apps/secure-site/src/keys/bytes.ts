// Base64 for shares on the wire (the server contract sends shares as base64 strings).
import { base64 } from '@scure/base'

export const toBase64 = (bytes: Uint8Array): string => base64.encode(bytes)
export const fromBase64 = (text: string): Uint8Array => base64.decode(text)

/**
 * `bytes` as WebCrypto's `BufferSource`: TypeScript 5.9 types a plain `Uint8Array` as possibly
 * over a SharedArrayBuffer, which WebCrypto's signatures refuse; ours never are.
 */
export const source = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>
