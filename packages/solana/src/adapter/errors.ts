// Errors of the Solana adapter: wallet rejections keep their code (core maps 4001 to
// "Connection rejected"). Rent failures are rent.ts's, loaded with the transfer code.
import { kitError } from '@openmodal/core/internal'

/**
 * Wallet errors pass through with their `code` (core maps 4001 to "Connection rejected"); a
 * thrown non-object (a string, `undefined`…) becomes "Unknown error" with the value as cause.
 *
 * @example throw asError(thrown)
 */
export function asError(thrown: unknown): unknown {
  if (typeof thrown === 'object' && thrown !== null) return thrown
  return kitError('UNKNOWN', { details: String(thrown), cause: thrown })
}
