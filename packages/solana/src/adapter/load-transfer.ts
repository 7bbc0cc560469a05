// The lazy load of `transfer.ts` (and with it @solana/web3.js): one `import()` per page.
import { lazyCode } from '@openmodal/core/internal'

export type TransferModule = typeof import('./transfer.js')

/**
 * The transfer code, loaded on the first call (see `lazyCode`).
 *
 * @example const { prepareTransfer } = await loadTransfer()
 */
export const loadTransfer: () => Promise<TransferModule> = lazyCode(
  () => import('./transfer.js'),
  "@openmodal/solana's transfer code",
)
