// The lazy load of `transfer.ts` (and with it @scure/btc-signer): one `import()` per page.
import { kitError } from '@openmodal/core/internal'

export type TransferModule = typeof import('./transfer.js')

let loading: Promise<TransferModule> | undefined

/**
 * The PSBT-building code, loaded on the first call and cached. A failed load rejects with
 * `WALLET_CODE_NOT_LOADED` and is not cached, so the next use tries again.
 *
 * @example const { buildTransferPsbt } = await loadTransfer()
 */
export function loadTransfer(): Promise<TransferModule> {
  if (!loading) {
    const attempt = import('./transfer.js').catch((cause: unknown) => {
      if (loading === attempt) loading = undefined
      throw kitError('WALLET_CODE_NOT_LOADED', {
        details: `import() of @openmodal/bitcoin's transfer code failed: ${String(cause)}`,
        cause,
      })
    })
    attempt.catch(() => undefined)
    loading = attempt
  }
  return loading
}
