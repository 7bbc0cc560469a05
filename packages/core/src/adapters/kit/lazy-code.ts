// The lazy load of an adapter's heavy code (EVM wallet actions, Solana and Bitcoin transfers):
// one `import()` per page, whoever asks first.
import { kitError } from '../../errors/errors.js'

/**
 * Wraps `load` (an `import()`) so it runs on the first call and its module is cached. A failed
 * load (a chunk the server no longer has, a dropped connection) rejects with
 * `WALLET_CODE_NOT_LOADED`, naming `what`, and is not cached, so the next call tries again.
 *
 * @example
 * export const loadTransfer = lazyCode(() => import('./transfer.js'), "@openmodal/solana's transfer code")
 * const { prepareTransfer } = await loadTransfer()
 */
export function lazyCode<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    if (!loading) {
      const attempt = load().catch((cause: unknown) => {
        if (loading === attempt) loading = undefined
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
