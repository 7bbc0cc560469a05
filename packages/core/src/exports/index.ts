// @openmodal/core public API. Every name here is part of the contract: the
// exports test snapshots this list so it never changes by accident.

export { type ConnectParameters, connect } from '../actions/connect.js'
export { disconnect } from '../actions/disconnect.js'
export { clearBalanceCache, refreshBalance } from '../actions/internal.js'
export { reconnect } from '../actions/reconnect.js'
export {
  $registeredName,
  INVALID_NAME_MESSAGE,
  NAME_NAMESPACES,
  type RegisterNameErrorCode,
  registerAccountName,
  registerNameMessage,
} from '../actions/register-name.js'
export { switchNetwork } from '../actions/switch-network.js'
export {
  $adapters,
  getAdapter,
  registerAdapter,
  requireAdapter,
  unregisterAdapter,
} from '../adapters/registry.js'
export type {
  AdapterAccount,
  AdapterCapability,
  AdapterEvent,
  ChainAdapter,
  Connector,
  ConnectorType,
  ConnectResult,
  SendTransactionParameters,
  SendTransferParameters,
} from '../adapters/types.js'
export type {
  WalletConnectEntry,
  WalletConnectLoaded,
  WalletConnectPairingUri,
} from '../adapters/walletconnect.js'
export type { Wallet } from '../api/types.js'
export {
  $publicState,
  createModalClient,
  getNetworks,
  type ModalInstance,
  type OpenTarget,
  openView,
  type PublicState,
} from '../client/create-modal.js'
export { BaseError, type BaseErrorParameters, errorMessage } from '../errors/base.js'
export { InvalidOptionsError, kitError } from '../errors/errors.js'
export {
  ERROR_MESSAGES,
  type ErrorCode,
  TOAST_MESSAGES,
  type ToastCode,
} from '../errors/messages.js'
export { type ModalOptions, parseOptions, type ResolvedOptions } from '../options/schema.js'
export { createStorage, storage } from '../storage/storage.js'
export {
  $accounts,
  $activeAccount,
  $isConnected,
  type AccountState,
  type AccountStatus,
  type ConnectedWalletInfo,
  getAccountState,
} from '../stores/account.js'
export {
  $alert,
  ALERTS,
  type Alert,
  type AlertCode,
  clearAlert,
  showAlert,
} from '../stores/alerts.js'
export { $api } from '../stores/api.js'
export {
  $balances,
  BALANCE_API_NAMESPACES,
  BALANCE_RETRY_GAP_MS,
  type BalancesState,
  clearTokenBalances,
  expireTokenBalances,
  fetchBalances,
  TOKEN_BALANCE_CACHE_MS,
} from '../stores/balances.js'
export {
  $activeNamespace,
  $activeNetwork,
  $chain,
  $networks,
  findNetwork,
  isUnsupportedNetwork,
  type UnsupportedNetwork,
} from '../stores/chain.js'
export {
  $connections,
  $connectorStatus,
  $recentWallets,
  type Connection,
  type ConnectorStatus,
  type RecentWallet,
} from '../stores/connection.js'
export {
  $connectors,
  $discovered,
  CONNECTOR_GROUPS,
  type ConnectorGroup,
  connectorGroup,
} from '../stores/connectors.js'
export {
  ERROR_REPORTS_PER_MINUTE,
  emitEvent,
  type ModalEvent,
  type ModalEventName,
  resetAnalyticsLimit,
  SDK_TYPE,
  SDK_VERSION,
  subscribeEvents,
} from '../stores/events.js'
export { $locale, setLocale } from '../stores/locale.js'
export {
  $modal,
  closeModal,
  type ModalState,
  openModal,
  setCloseDisabled,
  setModalLoading,
  untilModalCloses,
} from '../stores/modal.js'
export {
  $accountNames,
  clearAccountNames,
  lookupAccountName,
  NAME_CACHE_MS,
  setAccountName,
} from '../stores/names.js'
export { $nfts, fetchNfts, NFT_NAMESPACES, type NftsState } from '../stores/nfts.js'
export { $options } from '../stores/options.js'
export {
  $features,
  $projectConfig,
  $remoteConfig,
  mergeFeatures,
  REMOTE_FEATURE_KEYS,
  type RemoteConfigState,
  type RemoteFeatureKey,
  resetRemoteConfig,
} from '../stores/project-config.js'
export {
  $canGoBack,
  $router,
  $view,
  goBack,
  isView,
  push,
  type RouterData,
  type RouterEntry,
  replace,
  reset,
  VIEWS,
  type View,
} from '../stores/router.js'
export {
  $snack,
  hideSnack,
  type SnackState,
  type SnackVariant,
  showSnack,
} from '../stores/snack.js'
export {
  $theme,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeState,
  type ThemeVariables,
} from '../stores/theme.js'
export {
  $transactions,
  $transactionsByYear,
  ACTIVITY_NAMESPACES,
  fetchTransactions,
  groupTransactionsByYear,
  refreshTransactions,
  resetTransactions,
  TRANSACTIONS_POLL_MS,
  type TransactionMonthGroup,
  type TransactionsByYear,
  type TransactionsState,
  transactionMonthGroups,
} from '../stores/transactions.js'
export {
  type AccountType,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_CAIP_NETWORK_ID,
  NAMESPACES,
  type NativeCurrency,
} from '../types/network.js'
export * from '../utils/index.js'
