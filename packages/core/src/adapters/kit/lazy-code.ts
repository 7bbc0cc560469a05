// The one "import once, retry on failure" of the kit: an adapter's heavy code (EVM wallet
// actions, Solana and Bitcoin transfers), the account reads, the WalletConnect and embedded
// wallet entries, the Coinbase SDK, localSiwx. One `import()` per page, whoever asks first.
import { kitError } from '../../errors/errors.js'

/**
 * Wraps `load` (an `import()`, possibly followed by the module's setup) so it runs on the first
 * call and its result is cached. A failed load (a chunk the server no longer has, a dropped
 * connection) is not cached, so the next call tries again. With `what`, the failure rejects as
 * `WALLET_CODE_NOT_LOADED` naming it; without, as it was thrown (a setup's own coded error).
 *
 * @example
 * export const loadTransfer = lazyCode(() => import('./transfer.js'), "@openmodal/solana's transfer code")
 * const { prepareTransfer } = await loadTransfer()
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazyCode<T>(load: () => Promise<T>, what?: string): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    if (!loading) {
      const attempt = load().catch((cause: unknown) => {
        if (loading === attempt) loading = undefined
        if (what === undefined) throw cause
        throw kitError('WALLET_CODE_NOT_LOADED', {
          details: `import() of ${what} failed: ${String(cause)}`,
          cause,
        })
      })
      // Callers may start the load early and stop waiting for it (a rejected connect): such a
      // failure must not become an unhandled rejection. Awaiting `attempt` still rejects.
      attempt.catch(() => undefined)
      loading = attempt
    }
    return loading
  }
}
