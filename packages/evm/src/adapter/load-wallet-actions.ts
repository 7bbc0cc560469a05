// The lazy load of `wallet-actions.ts`: one `import()` per page, shared by every adapter.
import { lazyCode } from '@openmodal/core/internal'

export type WalletActions = typeof import('./wallet-actions.js')

/**
 * The wallet actions, loaded on the first call (see `lazyCode`).
 *
 * @example
 * const { parseAccounts } = await loadWalletActions()
 */
export const loadWalletActions: () => Promise<WalletActions> = lazyCode(
  () => import('./wallet-actions.js'),
  "@openmodal/evm's wallet actions",
)
