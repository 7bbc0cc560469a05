// @openmodal/core: what a host app uses. The instance from createModal (open, close,
// switchNetwork, …), read-only stores of the public state, theme and locale setters, the
// event stream, the error classes, the option and network types, and CAIP/format utilities.
// What ui and the adapters share lives in '@openmodal/core/internal'. Every name here is part
// of the contract: the exports test snapshots this list so it never changes by accident.

export {
  getCallsStatus,
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from '../actions/send-calls.js'
export type {
  AdapterAccount,
  AdapterCapability,
  AdapterEvent,
  ChainAdapter,
  Connector,
  ConnectorType,
  ConnectResult,
} from '../adapters/types.js'
export {
  $publicState,
  createModalClient,
  type ModalInstance,
  type OpenTarget,
  type PublicState,
} from '../client/create-modal.js'
export { BaseError, type BaseErrorParameters, errorMessage } from '../errors/base.js'
export { InvalidOptionsError } from '../errors/errors.js'
export type { ErrorCode } from '../errors/messages.js'
export { isUserRejection } from '../errors/rejection.js'
export type { ModalOptions } from '../options/schema.js'
export {
  $activeAccount,
  $isConnected,
  type AccountState,
  type AccountStatus,
  type ConnectedWalletInfo,
} from '../stores/account.js'
export { $activeNetwork, $networks } from '../stores/chain.js'
export {
  type ModalEvent,
  type ModalEventName,
  SDK_TYPE,
  SDK_VERSION,
  subscribeEvents,
} from '../stores/events.js'
export { $locale, setLocale } from '../stores/locale.js'
export { $modal, type ModalState } from '../stores/modal.js'
export { $featureRestriction } from '../stores/project-config.js'
export {
  type FeatureRestriction,
  RESTRICTED_TIMEZONES,
  type RestrictedFeature,
} from '../stores/region.js'
export type { View } from '../stores/router.js'
export {
  $theme,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeState,
  type ThemeVariables,
} from '../stores/theme.js'
export {
  type AccountType,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  DEFAULT_ACCOUNT_TYPES,
  NAMESPACES,
  type NativeCurrency,
} from '../types/network.js'
export * from '../utils/index.js'
