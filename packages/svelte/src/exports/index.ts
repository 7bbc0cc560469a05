// @openmodal/svelte public API. Every name here is part of the contract: the exports test
// snapshots this list so it never changes by accident.

export type {
  AccountState,
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  ConnectedWalletInfo,
  ModalEvent,
  ModalInstance,
  ModalOptions,
  PublicState,
  ThemeMode,
  ThemeState,
  ThemeVariables,
  View,
} from '@openmodal/core'
export { createModal } from '@openmodal/ui'
export {
  accounts,
  activeAccount,
  activeNetwork,
  isConnected,
  locale,
  modalState,
  networks,
  type ReadableStore,
  theme,
} from '../stores/stores.js'
