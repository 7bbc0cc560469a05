import type { ChainNamespace, ConnectedWalletInfo } from '@openmodal/core/internal'
import { type ComputedRef, computed, type MaybeRefOrGetter } from 'vue'
import { useModalAccount } from './use-modal-account.js'

export interface UseWalletInfoReturnType {
  /** Name, icon and connector id of the connected wallet; `undefined` when disconnected. */
  walletInfo: ComputedRef<ConnectedWalletInfo | undefined>
}

/**
 * The connected wallet's name and icon (of `namespace`, or of the active namespace).
 *
 * @example
 * const { walletInfo } = useWalletInfo()
 * // <span v-if="walletInfo">{{ walletInfo.name }}</span>
 */
export function useWalletInfo(
  namespace?: MaybeRefOrGetter<ChainNamespace | undefined>,
): UseWalletInfoReturnType {
  const { connectedWalletInfo, isConnected } = useModalAccount(namespace)
  return {
    walletInfo: computed(() => (isConnected.value ? connectedWalletInfo.value : undefined)),
  }
}
