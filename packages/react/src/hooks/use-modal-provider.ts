import { $adapters, type ChainNamespace } from '@openmodal/core/internal'
import { useMemo } from 'react'
import { useModalAccount } from './use-modal-account.js'
import { useStore } from './use-store.js'

export interface UseModalProviderReturnType<P = unknown> {
  /** The adapter's provider (e.g. an EIP-1193 provider for eip155); `undefined` until connected. */
  provider: P | undefined
  isConnected: boolean
}

const NO_ADAPTERS: ReturnType<typeof $adapters.get> = Object.freeze([])

/**
 * The provider of the wallet connected in `namespace`, from that namespace's registered adapter.
 * Pass the provider type you expect (e.g. viem's `EIP1193Provider`).
 *
 * @example
 * const { provider, isConnected } = useModalProvider<EIP1193Provider>('eip155')
 * if (provider) await provider.request({ method: 'eth_chainId' })
 */
export function useModalProvider<P = unknown>(
  namespace: ChainNamespace,
): UseModalProviderReturnType<P> {
  const { isConnected } = useModalAccount(namespace)
  const adapters = useStore($adapters, { serverSnapshot: NO_ADAPTERS })
  const adapter = adapters.find((a) => a.namespace === namespace)
  return useMemo(
    () => ({
      provider: isConnected && adapter ? (adapter.getProvider() as P) : undefined,
      isConnected,
    }),
    [isConnected, adapter],
  )
}
