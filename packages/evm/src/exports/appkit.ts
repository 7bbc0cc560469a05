// @openmodal/evm/appkit: AppKit's EVM adapter classes under their names, so an AppKit app's
// `adapters: [new EthersAdapter()]` works by changing the import (docs/migrate-from-appkit.md).
// Both are `evmAdapter()`: ethers (5 or 6) stays the app's own library, on
// `modal.getProvider('eip155')` (docs/ethers.md).
import type { ChainAdapter } from '@openmodal/core'
import { type EvmAdapterOptions, evmAdapter } from '../adapter/evm-adapter.js'

type AdapterClass = new (options?: EvmAdapterOptions) => ChainAdapter

/**
 * AppKit's `new EthersAdapter()`: the EVM adapter (EIP-6963 wallets, plus the connectors
 * given in `options`).
 *
 * @example createAppKit({ adapters: [new EthersAdapter()], networks, projectId })
 */
export const EthersAdapter = function EthersAdapter(options?: EvmAdapterOptions) {
  return evmAdapter(options)
} as unknown as AdapterClass

/** AppKit's `new Ethers5Adapter()`: the same adapter. */
export const Ethers5Adapter = EthersAdapter
