// Reading EIP-1193 errors: their `code`, and the wrapped forms some wallets use.
import { kitError } from '@openmodal/core/internal'

/** The numeric `code` of a wallet error, if any. */
export function rpcErrorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'number' ? code : undefined
}

/**
 * Whether the wallet does not know the chain: code 4902 (EIP-3326), or MetaMask Mobile's
 * wrapped form (code -32603 with `data.originalError.code` 4902).
 *
 * @example isUnrecognizedChain({ code: 4902 }) // true
 */
export function isUnrecognizedChain(error: unknown): boolean {
  if (rpcErrorCode(error) === 4902) return true
  const data = (error as { data?: { originalError?: unknown } } | null)?.data
  return rpcErrorCode(data?.originalError) === 4902
}

/**
 * Whether the wallet does not support a method: 4200 (EIP-1193) or -32601 (JSON-RPC).
 *
 * @example isUnsupportedMethod({ code: -32601 }) // true
 */
export function isUnsupportedMethod(error: unknown): boolean {
  const code = rpcErrorCode(error)
  return code === 4200 || code === -32601
}

/**
 * Wallet errors pass through with their `code`; a thrown non-object (a string, `undefined`…)
 * becomes the kit's "Unknown error" with the value as its cause.
 *
 * @example throw asError(thrown)
 */
export function asError(thrown: unknown): unknown {
  if (typeof thrown === 'object' && thrown !== null) return thrown
  return kitError('UNKNOWN', { details: String(thrown), cause: thrown })
}

/**
 * `provider.request` with errors normalised by `asError`.
 *
 * @example await call(provider, 'eth_chainId')
 */
export async function call(
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown> },
  method: string,
  params?: unknown,
): Promise<unknown> {
  try {
    return await provider.request(params === undefined ? { method } : { method, params })
  } catch (thrown) {
    throw asError(thrown)
  }
}
