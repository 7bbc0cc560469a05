import type { ChainNamespace, ConnectedWalletInfo } from '@openmodal/core/internal'
import { useModalAccount } from './use-modal-account.js'

export interface UseWalletInfoReturnType {
  /** Name, icon and connector id of the connected wallet; `undefined` when disconnected. */
  walletInfo: ConnectedWalletInfo | undefined
}

/**
 * The connected wallet's name and icon (of `namespace`, or of the active namespace).
 *
 * @example
 * const { walletInfo } = useWalletInfo()
 * return walletInfo ? <span>{walletInfo.name}</span> : null
 */
export function useWalletInfo(namespace?: ChainNamespace): UseWalletInfoReturnType {
  const { connectedWalletInfo, isConnected } = useModalAccount(namespace)
  return { walletInfo: isConnected ? connectedWalletInfo : undefined }
}
