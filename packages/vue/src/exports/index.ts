// @openmodal/vue public API. Every name here is part of the contract: the exports test
// snapshots this list so it never changes by accident.

export { useStore } from '@nanostores/vue'
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
  ThemeVariables,
  View,
} from '@openmodal/core'
export { createModal } from '@openmodal/ui'
export type { ToComputedRefs } from '../composables/field-refs.js'
export { type UseDisconnectReturnType, useDisconnect } from '../composables/use-disconnect.js'
export {
  type OpenModalOptions,
  type UseModalReturnType,
  useModal,
} from '../composables/use-modal.js'
export {
  type ModalAccount,
  type UseModalAccountReturnType,
  useModalAccount,
} from '../composables/use-modal-account.js'
export { useModalEvents } from '../composables/use-modal-events.js'
export {
  type UseModalNetworkReturnType,
  useModalNetwork,
} from '../composables/use-modal-network.js'
export {
  type UseModalProviderReturnType,
  useModalProvider,
} from '../composables/use-modal-provider.js'
export { type UseModalStateReturnType, useModalState } from '../composables/use-modal-state.js'
export { type UseModalThemeReturnType, useModalTheme } from '../composables/use-modal-theme.js'
export {
  type UseWalletInfoReturnType,
  useWalletInfo,
} from '../composables/use-wallet-info.js'
export { isCustomElement } from '../is-custom-element.js'
