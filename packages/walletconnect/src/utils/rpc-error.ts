// Wallet answers as EIP-1193 errors: sign-client rejects with a plain `{ code, message }`.

/** An EIP-1193 error: `code` 4001 (rejected), 4100, 4200, 4900, 4902 (unknown chain), … */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/**
 * A wallet's error answer as a `ProviderRpcError` (code kept); anything else as is.
 *
 * @example toRpcError({ code: 4001, message: 'User rejected.' }).code // 4001
 */
export function toRpcError(thrown: unknown): unknown {
  if (thrown instanceof Error) return thrown
  if (typeof thrown === 'object' && thrown !== null) {
    const { code, message, data } = thrown as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof code === 'number') {
      return new ProviderRpcError(
        code,
        typeof message === 'string' ? message : `Error ${code}`,
        data,
      )
    }
  }
  return thrown
}
