// The one EIP-1193 error of the kit's providers (the embedded wallet's, WalletConnect's).

/**
 * An EIP-1193 error: a numeric `code` (4001 rejected, 4100 unauthorised, 4200 unsupported,
 * 4900/4901 disconnected, 4902 unknown chain, -32xxx JSON-RPC), the wallet's `message`, and
 * its `data` when it sent any. `isUserRejection` reads its code.
 *
 * @example throw new ProviderRpcError(4902, 'Unrecognized chain ID "0xa"')
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, options: { data?: unknown; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.data = options.data
  }
}

/**
 * A wallet's error answer (sign-client rejects with a plain `{ code, message, data }`) as a
 * `ProviderRpcError`, code kept; an `Error` or anything else as is.
 *
 * @example toRpcError({ code: 4001, message: 'User rejected.' }).code // 4001
 */
export function toRpcError(thrown: unknown): unknown {
  if (thrown instanceof Error) return thrown
  if (typeof thrown === 'object' && thrown !== null) {
    const { code, message, data } = thrown as { code?: unknown; message?: unknown; data?: unknown }
    if (typeof code === 'number') {
      return new ProviderRpcError(code, typeof message === 'string' ? message : `Error ${code}`, {
        data,
      })
    }
  }
  return thrown
}
