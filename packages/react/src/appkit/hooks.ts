// AppKit 1.7's React hooks over ours: the same facts under AppKit's names and shapes.
import type {
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  ModalEvent,
  PublicState,
  View,
} from '@openmodal/core'
import { useMemo } from 'react'
import { useDisconnect as useModalDisconnect } from '../hooks/use-disconnect.js'
import { useModal } from '../hooks/use-modal.js'
import { type UseModalAccountReturnType, useModalAccount } from '../hooks/use-modal-account.js'
import { useModalEvents } from '../hooks/use-modal-events.js'
import { useModalNetwork } from '../hooks/use-modal-network.js'
import { useModalProvider } from '../hooks/use-modal-provider.js'
import { useModalState } from '../hooks/use-modal-state.js'
import { type UseModalThemeReturnType, useModalTheme } from '../hooks/use-modal-theme.js'

/** AppKit's `open()` options: a view, and for Connect the namespace whose wallets to list. */
export interface AppKitOpenOptions {
  view?: View
  namespace?: ChainNamespace
}

/**
 * `useAppKit()`: `open({ view, namespace })` and `close()`.
 *
 * @example
 * const { open } = useAppKit()
 * open({ view: 'Networks' })
 */
export function useAppKit(): {
  open: (options?: AppKitOpenOptions) => Promise<void>
  close: () => Promise<void>
} {
  const modal = useModal()
  return useMemo(
    () => ({
      open: async ({ view, namespace }: AppKitOpenOptions = {}) =>
        modal.open(namespace ? { view: view ?? 'Connect', data: { namespace } } : { view }),
      close: async () => modal.close(),
    }),
    [modal],
  )
}

/**
 * `useAppKitAccount({ namespace })`: address, caipAddress, isConnected, status, allAccounts,
 * and `embeddedWalletInfo` for an e-mail login.
 */
export function useAppKitAccount(options: { namespace?: ChainNamespace } = {}) {
  const account = useModalAccount(options.namespace)
  return useMemo(
    () => ({
      ...account,
      embeddedWalletInfo: embeddedWalletInfo(account),
    }),
    [account],
  )
}

function embeddedWalletInfo(account: UseModalAccountReturnType) {
  const info = account.connectedWalletInfo
  if (!info?.email) return undefined
  return { user: { email: info.email }, authProvider: info.socialProvider ?? 'email' }
}

/** `useAppKitNetwork()`: caipNetwork, caipNetworkId, chainId, switchNetwork. */
export function useAppKitNetwork(): {
  caipNetwork: CaipNetwork | undefined
  caipNetworkId: CaipNetworkId | undefined
  chainId: number | string | undefined
  switchNetwork: (network: CaipNetwork) => Promise<void>
} {
  const { network, caipNetworkId, switchNetwork } = useModalNetwork()
  return useMemo(() => {
    const caipNetwork =
      network && 'chainNamespace' in network ? (network as CaipNetwork) : undefined
    return { caipNetwork, caipNetworkId, chainId: caipNetwork?.id, switchNetwork }
  }, [network, caipNetworkId, switchNetwork])
}

/** `useAppKitProvider(namespace)`: the connected wallet's provider as `walletProvider`. */
export function useAppKitProvider<P = unknown>(namespace: ChainNamespace) {
  const { provider } = useModalProvider<P>(namespace)
  return { walletProvider: provider, walletProviderType: provider ? namespace : undefined }
}

/** `useAppKitState()`: open, loading, selectedNetworkId, activeChain, and `initialized`. */
export function useAppKitState(): PublicState & { initialized: boolean } {
  const state = useModalState()
  return useMemo(() => ({ ...state, initialized: true }), [state])
}

/** `useAppKitTheme()`: themeMode, themeVariables and their setters. */
export function useAppKitTheme(): UseModalThemeReturnType {
  return useModalTheme()
}

/** `useAppKitEvents()`: the last event as AppKit shapes it, `{ timestamp, data }`. */
export function useAppKitEvents(): {
  timestamp: number | undefined
  data: Omit<ModalEvent, 'timestamp'> | undefined
} {
  const event = useModalEvents()
  return useMemo(() => {
    if (!event) return { timestamp: undefined, data: undefined }
    const { timestamp, ...data } = event
    return { timestamp, data }
  }, [event])
}

/** `useDisconnect()`: `disconnect({ namespace })`, every namespace without one. */
export function useDisconnect(): {
  disconnect: (options?: { namespace?: ChainNamespace }) => Promise<void>
} {
  const { disconnect } = useModalDisconnect()
  return useMemo(
    () => ({ disconnect: (options = {}) => disconnect(options.namespace) }),
    [disconnect],
  )
}
