// What the approval dialog shows of a request, decoded before it is shown: a title and a list
// of items rendered as text (never as markup). Shared by the EVM and Solana describers.
import { RpcError } from './rpc-error.js'

/** A JSON-like value shown as a tree (typed data's domain and message). */
export type TreeValue = string | TreeValue[] | { [key: string]: TreeValue }

export type ApprovalItem =
  /** A labelled value: network, to, amount, fee… */
  | { kind: 'field'; label: string; value: string }
  /** Something the user must notice before approving (unlimited approval, not text…). */
  | { kind: 'warning'; text: string }
  /** A message shown as text, whole. */
  | { kind: 'text'; label: string; value: string }
  /** Nested data, one line per key. */
  | { kind: 'tree'; label: string; value: TreeValue }
  /** Raw data (hex), whole, in a scrollable block. */
  | { kind: 'raw'; label: string; value: string }
  /** Starts a group (one instruction of a Solana transaction). */
  | { kind: 'heading'; text: string }

export interface ApprovalView {
  title: string
  items: ApprovalItem[]
}

/**
 * The most data an approval shows (calldata, a message, typed data, a Solana transaction).
 * Larger requests are refused, not cut: 128 KiB holds the largest contract creation EIP-3860
 * allows (48 KiB of init code) with room to spare and still renders in a few milliseconds.
 */
export const MAX_SHOWN_BYTES = 128 * 1024

/** Refuses a payload over {@link MAX_SHOWN_BYTES} with a clear error; nothing is signed. */
export function assertShowable(what: string, bytes: number): void {
  if (bytes > MAX_SHOWN_BYTES) {
    throw new RpcError(
      -32602,
      `Request too large to show: ${what} is ${bytes} bytes, over the ${MAX_SHOWN_BYTES}-byte limit of the approval. Nothing was signed.`,
    )
  }
}

/** Text decoded from UTF-8 when the bytes are readable text, else undefined. */
export function readableText(bytes: Uint8Array): string | undefined {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return undefined
  }
  // Control characters other than tab and line breaks hide or reorder what is shown.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text)) {
    return undefined
  }
  return text
}

/** Lower-case hex of bytes, `0x`-prefixed. */
export function toHex(bytes: Uint8Array): string {
  let hex = '0x'
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/**
 * A message to sign, as text when it is readable, else as hex with a warning.
 *
 * @example
 * messageItems(new TextEncoder().encode('hi')) // [{ kind: 'text', label: 'Message', value: 'hi' }]
 */
export function messageItems(bytes: Uint8Array): ApprovalItem[] {
  assertShowable('the message', bytes.length)
  const text = readableText(bytes)
  if (text !== undefined && text.length > 0)
    return [{ kind: 'text', label: 'Message', value: text }]
  return [
    {
      kind: 'warning',
      text: 'This message is not readable text. Sign it only if you trust the site: such bytes can stand for a transaction or a permission.',
    },
    { kind: 'raw', label: `Message (${bytes.length} bytes, hex)`, value: toHex(bytes) },
  ]
}
