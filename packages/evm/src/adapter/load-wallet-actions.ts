// The lazy load of `wallet-actions.ts`: one `import()` per page, shared by every adapter.
import { kitError } from '@openmodal/core/internal'

export type WalletActions = typeof import('./wallet-actions.js')

let loading: Promise<WalletActions> | undefined

/**
 * The wallet actions, loaded on the first call and cached. A failed load (a chunk the server
 * no longer has, a dropped connection) rejects with `WALLET_CODE_NOT_LOADED` and is not
 * cached, so the next use tries again.
 *
 * @example
 * const { parseAccounts } = await loadWalletActions()
 */
export function loadWalletActions(): Promise<WalletActions> {
  if (!loading) {
    const attempt = import('./wallet-actions.js').catch((cause: unknown) => {
      if (loading === attempt) loading = undefined
      throw kitError('WALLET_CODE_NOT_LOADED', {
        details: `import() of @openmodal/evm's wallet actions failed: ${String(cause)}`,
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
