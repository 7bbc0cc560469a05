import { $adapters, type ChainNamespace } from '@openmodal/core/internal'
import { type ComputedRef, computed, type MaybeRefOrGetter, toValue } from 'vue'
import { useModalAccount } from './use-modal-account.js'
import { useStoreValue } from './use-store-value.js'

export interface UseModalProviderReturnType<P = unknown> {
  /** The adapter's provider (e.g. an EIP-1193 provider for eip155); `undefined` until connected. */
  provider: ComputedRef<P | undefined>
  isConnected: ComputedRef<boolean>
}

/**
 * The provider of the wallet connected in `namespace`, from that namespace's registered adapter.
 * Pass the provider type you expect (e.g. viem's `EIP1193Provider`).
 *
 * @example
 * const { provider } = useModalProvider<EIP1193Provider>('eip155')
 * if (provider.value) await provider.value.request({ method: 'eth_chainId' })
 */
export function useModalProvider<P = unknown>(
  namespace: MaybeRefOrGetter<ChainNamespace>,
): UseModalProviderReturnType<P> {
  const { isConnected } = useModalAccount(namespace)
  const adapters = useStoreValue($adapters)
  const provider = computed(() => {
    if (!isConnected.value) return undefined
    const selected = toValue(namespace)
    const adapter = adapters.value.find((a) => a.namespace === selected)
    return adapter?.getProvider() as P | undefined
  })
  return { provider, isConnected }
}
