// @openmodal/core/internal: what OpenModal's own packages (ui, react, the adapters) share:
// every store, action, the adapter registry and the error table. Not for host apps: names
// here may change in any release. The exports test snapshots this list.

export { type ConnectParameters, connect } from '../actions/connect.js'
export { disconnect } from '../actions/disconnect.js'
export { reconnect } from '../actions/reconnect.js'
export { refreshBalance } from '../actions/refresh-account.js'
export {
  $registeredName,
  INVALID_NAME_MESSAGE,
  NAME_NAMESPACES,
  type RegisterNameErrorCode,
  registerAccountName,
  registerNameMessage,
} from '../actions/register-name.js'
export {
  $sendTokens,
  $sendTransfer,
  estimateNativeFee,
  estimateSendFee,
  loadSendTokens,
  maxSendAmount,
  nativeToken,
  type ParsedSend,
  type ResolvedReceiver,
  resolveReceiver,
  SEND_MAX_POLLS,
  SEND_POLL_MS,
  SEND_WAIT_MS,
  type SendCallbacks,
  type SendFee,
  type SendParameters,
  type SendResult,
  type SendTokens,
  send,
  sendFeeError,
  sendMutation,
  tokenContract,
  tokenUnits,
} from '../actions/send.js'
export {
  cancelSignIn,
  type SiwxActions,
  signInWithX,
  signOutWithX,
  stopSiwx,
  watchSiwx,
} from '../actions/siwx.js'
export { switchNetwork } from '../actions/switch-network.js'
export {
  authConnectorOf,
  type EmbeddedWalletAction,
  type EmbeddedWalletEntry,
  type EmbeddedWalletLoaded,
  type EmbeddedWalletUser,
} from '../adapters/embedded-wallet.js'
export {
  type ConnectorList,
  type ConnectorListSource,
  createConnectorList,
} from '../adapters/kit/connector-list.js'
export { createEmitter, type Emitter } from '../adapters/kit/emitter.js'
export { lazyCode } from '../adapters/kit/lazy-code.js'
export {
  type AdapterSession,
  type AdapterSessionState,
  createAdapterSession,
} from '../adapters/kit/session.js'
export { type WithTimeoutParameters, withTimeout } from '../adapters/kit/with-timeout.js'
export {
  $adapters,
  getAdapter,
  registerAdapter,
  requireAdapter,
  unregisterAdapter,
} from '../adapters/registry.js'
export type {
  SendTransactionParameters,
  SendTransferParameters,
  SentTransactionStatus,
} from '../adapters/types.js'
export type {
  WalletConnectEntry,
  WalletConnectLoaded,
  WalletConnectPairingUri,
} from '../adapters/walletconnect.js'
export type { Wallet } from '../api/types.js'
export { getNetworks, openView } from '../client/create-modal.js'
export { ADAPTER_ERROR_MESSAGES, adapterError } from '../errors/adapter-messages.js'
export { ALERTS, type AlertCode, alertTexts } from '../errors/alert-messages.js'
export { codedError, ERROR_MESSAGES, KIT_ERROR_MESSAGES } from '../errors/all-messages.js'
export {
  defineErrorTexts,
  type KitErrorCreator,
  type KitErrorParameters,
} from '../errors/base.js'
export { kitError } from '../errors/errors.js'
export { FRAME_ERROR_MESSAGES, frameError } from '../errors/frame-messages.js'
export {
  INITIAL_ERROR_MESSAGES,
  type KitErrorCode,
  TOAST_MESSAGES,
  type ToastCode,
} from '../errors/messages.js'
export { ProviderRpcError, toRpcError } from '../errors/provider-rpc.js'
export { SEND_ERROR_MESSAGES, sendError } from '../errors/send-messages.js'
export { parseOptions, type ResolvedOptions } from '../options/schema.js'
export { createStorage, storage } from '../storage/storage.js'
export { $accounts, getAccountState } from '../stores/account.js'
export { $alert, type Alert, clearAlert, showAlert } from '../stores/alerts.js'
export { $api } from '../stores/api.js'
export {
  $balances,
  BALANCE_API_NAMESPACES,
  BALANCE_RETRY_GAP_MS,
  type BalancesState,
  expireTokenBalances,
  fetchBalances,
  TOKEN_BALANCE_CACHE_MS,
} from '../stores/balances.js'
export {
  $activeNamespace,
  $chain,
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
export { ERROR_REPORTS_PER_MINUTE, emitEvent } from '../stores/events.js'
export {
  $modalCovered,
  closeModal,
  openModal,
  setCloseDisabled,
  setModalCovered,
  setModalLoading,
  untilModalCloses,
} from '../stores/modal.js'
export {
  $accountNames,
  lookupAccountName,
  NAME_CACHE_MS,
  setAccountName,
} from '../stores/names.js'
export { $nfts, fetchNfts, NFT_NAMESPACES, type NftsState } from '../stores/nfts.js'
export { $options } from '../stores/options.js'
export { setProfile } from '../stores/profile.js'
export {
  $features,
  $projectConfig,
  $remoteConfig,
  mergeFeatures,
  REMOTE_FEATURE_KEYS,
  type RemoteConfigState,
  type RemoteFeatureKey,
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
} from '../stores/router.js'
export {
  $sendDraft,
  resetSendDraft,
  type SendDraft,
  setReceiver,
  setSendToken,
  updateSendDraft,
} from '../stores/send.js'
export {
  $siwx,
  type SiwxConfigLike,
  type SiwxSessionLike,
  type SiwxState,
  type SiwxStatus,
  type SiwxTarget,
} from '../stores/siwx.js'
export {
  $snack,
  hideSnack,
  type SnackState,
  type SnackVariant,
  showSnack,
} from '../stores/snack.js'
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
  WALLET_FEATURE_NAMESPACES,
  WALLET_FEATURE_ORDER,
  WALLET_FEATURE_VIEWS,
  type WalletFeature,
  type WalletFeatureBlock,
  walletFeatureBlock,
  walletFeatures,
} from '../stores/wallet-features.js'
export { resetStores } from '../testing/reset-stores.js'
export { DEFAULT_CAIP_NETWORK_ID } from '../types/network.js'
export { accountKey } from '../utils/account-key.js'
export { parseChainId } from '../utils/chain-id.js'
export { issueWarning } from '../utils/dev.js'
export { EMAIL_PATTERN, isEmail, MAX_EMAIL_LENGTH } from '../utils/email.js'
export {
  cleanName,
  ICON_MAX_LENGTH,
  isSafeIcon,
  NAME_MAX_LENGTH,
} from '../utils/wallet-info.js'
export * from './index.js'
