// @openmodal/core/internal: what OpenModal's own packages (ui, react, the adapters) share:
// every store, action, the adapter registry and the error table. Not for host apps: names
// here may change in any release. The exports test snapshots this list.

export { connect } from '../actions/connect.js'
export { disconnect } from '../actions/disconnect.js'
export { connectFarcaster } from '../actions/farcaster.js'
export {
  checkOnrampServed,
  fetchOnrampOptions,
  fetchOnrampQuotes,
  ONRAMP_POLL_MS,
  openOnrampPopup,
  showOnrampPage,
  startOnrampSession,
  waitForOnrampPurchase,
} from '../actions/onramp.js'
export { refreshBalance } from '../actions/refresh-account.js'
export { $registeredName, NAME_NAMESPACES, registerAccountName } from '../actions/register-name.js'
export {
  $sendTokens,
  $sendTransfer,
  estimateNativeFee,
  estimateSendFee,
  loadSendTokens,
  maxSendAmount,
  resolveReceiver,
  type SendFee,
  type SendResult,
  send,
  sendFeeError,
  sendMutation,
} from '../actions/send.js'
export {
  cancelSignIn,
  type SiwxActions,
  signInWithX,
  signOutWithX,
  stopSiwx,
  watchSiwx,
} from '../actions/siwx.js'
export {
  $socialLogin,
  connectSocial,
  type SocialLoginStatus,
  startSocialLogin,
} from '../actions/social.js'
export {
  fetchSwapGasPrice,
  fetchSwapPrices,
  fetchSwapQuote,
  fetchSwapTokens,
  isSwapNative,
  parseSwapAmount,
  SWAP_QUOTE_REFRESH_MS,
  type SwapRevertedError,
  swap,
  swapBalanceError,
  swapSupported,
} from '../actions/swap.js'
export { switchNetwork } from '../actions/switch-network.js'
export type {
  EmbeddedAccountType,
  EmbeddedLoginStatus,
  EmbeddedRecoveryFactor,
  EmbeddedWalletAccounts,
  EmbeddedWalletAction,
  EmbeddedWalletEntry,
  EmbeddedWalletLoaded,
} from '../adapters/embedded-wallet.js'
export { createConnectorList } from '../adapters/kit/connector-list.js'
export { createEmitter } from '../adapters/kit/emitter.js'
export { lazyCode } from '../adapters/kit/lazy-code.js'
export { createAdapterSession } from '../adapters/kit/session.js'
export { withTimeout } from '../adapters/kit/with-timeout.js'
export { $adapters, getAdapter, unregisterAdapter } from '../adapters/registry.js'
export type {
  FeeCap,
  SendTransactionParameters,
  SendTransferParameters,
  TransferFee,
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
export { amountError } from '../errors/amount-messages.js'
export { AUTH_TOAST_MESSAGES } from '../errors/auth-messages.js'
export { fillText } from '../errors/base.js'
export { buildError } from '../errors/build-messages.js'
export { chainError } from '../errors/chain-messages.js'
export { kitError } from '../errors/errors.js'
export { FRAME_ERROR_MESSAGES, frameError } from '../errors/frame-messages.js'
export {
  type KitErrorCode,
  TOAST_MESSAGES,
  type ToastCode,
} from '../errors/messages.js'
export { ProviderRpcError, toRpcError } from '../errors/provider-rpc.js'
export { sendError } from '../errors/send-messages.js'
export { transferError } from '../errors/transfer-messages.js'
export { parseOptions, type ResolvedOptions } from '../options/schema.js'
export { storage } from '../storage/storage.js'
export { $accounts, getAccountState } from '../stores/account.js'
export { $alert, type Alert, clearAlert, showAlert } from '../stores/alerts.js'
export { $balances, BALANCE_API_NAMESPACES, fetchBalances } from '../stores/balances.js'
export {
  $activeNamespace,
  $chain,
  isUnsupportedNetwork,
  type UnsupportedNetwork,
} from '../stores/chain.js'
export { $connections, $recentWallets } from '../stores/connection.js'
export { $connectors } from '../stores/connectors.js'
export { emitEvent } from '../stores/events.js'
export {
  $modalCovered,
  closeModal,
  openModal,
  setCloseDisabled,
  setModalCovered,
} from '../stores/modal.js'
export { $accountNames, lookupAccountName } from '../stores/names.js'
export { $nfts, fetchNfts, NFT_NAMESPACES } from '../stores/nfts.js'
export {
  $onrampDraft,
  $onrampPurchase,
  $onrampServed,
  onrampAmountError,
  setOnrampPurchase,
  updateOnrampDraft,
  updateOnrampPurchase,
} from '../stores/onramp.js'
export { $options } from '../stores/options.js'
export { setProfile } from '../stores/profile.js'
export { $features, $remoteConfig, type RemoteConfigState } from '../stores/project-config.js'
export {
  $canGoBack,
  $router,
  $view,
  goBack,
  push,
  type RouterData,
  type RouterEntry,
  replace,
  reset,
  VIEWS,
} from '../stores/router.js'
export { $sendDraft, setReceiver, updateSendDraft } from '../stores/send.js'
export {
  $siwx,
  type SiwxConfigLike,
  type SiwxSessionLike,
  type SiwxState,
  type SiwxStatus,
} from '../stores/siwx.js'
export {
  $snack,
  type SnackState,
  type SnackVariant,
  showSnack,
} from '../stores/snack.js'
export { $swapDraft, flipSwapDraft, resetSwapDraft, updateSwapDraft } from '../stores/swap.js'
export {
  $transactions,
  $transactionsByYear,
  ACTIVITY_NAMESPACES,
  fetchTransactions,
  refreshTransactions,
  resetTransactions,
  transactionMonthGroups,
} from '../stores/transactions.js'
export {
  WALLET_FEATURE_VIEWS,
  type WalletFeature,
  walletFeatureBlock,
  walletFeatures,
} from '../stores/wallet-features.js'
export { resetStores } from '../testing/reset-stores.js'
export { accountKey } from '../utils/account-key.js'
export { parseChainId } from '../utils/chain-id.js'
export { base58Decode, base58Encode, base64Decode, base64Encode } from '../utils/codec.js'
export { issueWarning } from '../utils/dev.js'
export { EMAIL_PATTERN, isEmail, MAX_EMAIL_LENGTH } from '../utils/email.js'
export { readNetwork, readRpcUrls, setRpcProxies } from '../utils/read-urls.js'
export { retryRequest } from '../utils/retry.js'
export { cleanName, isSafeIcon } from '../utils/wallet-info.js'
export * from './index.js'
