// Parsing with the size cap first: a message over MAX_MESSAGE_BYTES is refused before any
// schema walks it.
import * as v from 'valibot'
import { MAX_MESSAGE_BYTES } from './schemas.js'

/** The message is over the cap, not JSON-serialisable, or does not match its schema. */
export class ProtocolError extends Error {
  override name = 'ProtocolError'
}

/** JSON size of `data` in UTF-16 code units (an upper bound for its UTF-8 bytes / 3). */
function jsonSize(data: unknown): number {
  try {
    return JSON.stringify(data)?.length ?? 0
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * `data` parsed by `schema`, or a `ProtocolError` (the `ValiError` as its cause).
 *
 * @example
 * const reply = checkMessage(frameReply, event.data)
 */
export function checkMessage<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
): v.InferOutput<S> {
  if (jsonSize(data) > MAX_MESSAGE_BYTES) {
    throw new ProtocolError(`Message over ${MAX_MESSAGE_BYTES} bytes`)
  }
  const parsed = v.safeParse(schema, data)
  if (!parsed.success) {
    throw new ProtocolError('Invalid frame message', { cause: new v.ValiError(parsed.issues) })
  }
  return parsed.output
}

/** Like `checkMessage`, or `undefined` instead of throwing: for messages that are dropped. */
export function tryMessage<S extends v.GenericSchema>(
  schema: S,
  data: unknown,
): v.InferOutput<S> | undefined {
  try {
    return checkMessage(schema, data)
  } catch {
    return undefined
  }
}
