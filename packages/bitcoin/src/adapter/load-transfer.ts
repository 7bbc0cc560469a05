// The lazy load of `transfer.ts` (and with it @scure/btc-signer): one `import()` per page.
import { lazyCode } from '@openmodal/core/internal'

export type TransferModule = typeof import('./transfer.js')

/**
 * The PSBT-building code, loaded on the first call (see `lazyCode`).
 *
 * @example const { buildTransferPsbt } = await loadTransfer()
 */
export const loadTransfer: () => Promise<TransferModule> = lazyCode(
  () => import('./transfer.js'),
  "@openmodal/bitcoin's transfer code",
)
