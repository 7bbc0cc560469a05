'use client'

// @openmodal/react public API. Every name here is part of the contract: the exports test
// snapshots this list so it never changes by accident.

export type {
  AccountState,
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  ModalEvent,
  ModalOptions,
  PublicState,
  ThemeMode,
  ThemeVariables,
  View,
} from '@openmodal/core'
export { createModal } from '@openmodal/ui'
export {
  W3mAccountButton,
  W3mButton,
  W3mConnectButton,
  W3mModal,
  W3mNetworkButton,
} from '../components/components.js'
export { ModalProvider, type ModalProviderProps } from '../components/modal-provider.js'
export { type UseDisconnectReturnType, useDisconnect } from '../hooks/use-disconnect.js'
export {
  type OpenModalOptions,
  type UseModalReturnType,
  useModal,
} from '../hooks/use-modal.js'
export {
  type UseModalAccountReturnType,
  useModalAccount,
} from '../hooks/use-modal-account.js'
export { useModalEvents } from '../hooks/use-modal-events.js'
export {
  type UseModalNetworkReturnType,
  useModalNetwork,
} from '../hooks/use-modal-network.js'
export {
  type UseModalProviderReturnType,
  useModalProvider,
} from '../hooks/use-modal-provider.js'
export { useModalState } from '../hooks/use-modal-state.js'
export { type UseModalThemeReturnType, useModalTheme } from '../hooks/use-modal-theme.js'
export { type UseSiwxSessionReturnType, useSiwxSession } from '../hooks/use-siwx-session.js'
export { type ReadableStore, type UseStoreOptions, useStore } from '../hooks/use-store.js'
export { type UseWalletInfoReturnType, useWalletInfo } from '../hooks/use-wallet-info.js'
