// The English catalog of what shows before any view group loads: the modal shell (header,
// router, toasts, alerts), the buttons, view titles and core's error texts. The strings of the
// views are in en-views.ts, registered when a view group loads, so a page that never opens the
// modal does not load them. Other locales implement `Messages` (both parts) so a missing key is
// a type error. `{name}` placeholders are filled by `t()`.
import type { enViews } from './en-views.js'

export const en = {
  // Modal shell
  'modal.back': 'Back',
  'modal.close': 'Close',
  'modal.notifications': 'Notifications',
  'alert.dismiss': 'Dismiss',
  'common.loading': 'Loading…',
  'common.tryAgain': 'Try again',

  // View titles (spec §2 views)
  'view.Connect': 'Connect Wallet',
  'view.Account': 'Account',
  'view.AllWallets': 'All Wallets',
  'view.ConnectingExternal': '{name}',
  'view.ConnectingWalletConnect': 'WalletConnect',
  'view.ConnectingWalletConnectBasic': 'WalletConnect',
  'view.ConnectingFarcaster': 'Farcaster',
  'view.EmailLogin': 'Email Login',
  'view.ProfileWallets': 'Wallets',
  'view.UnsupportedChain': 'Switch Network',
  'view.RegisterAccountName': 'Choose Name',
  'view.RegisterAccountNameSuccess': 'Name Registered',
  'view.SwitchNetwork': 'Switch Network',
  'view.SwitchActiveChain': 'Switch Chain',
  'view.UpdateEmailWallet': 'Edit Email',
  'view.SIWXSignMessage': 'Sign In',
  'view.ApproveTransaction': 'Approve Transaction',
  'view.Networks': 'Choose Network',
  'view.Swap': 'Swap',
  'view.WalletSend': 'Send',
  'view.WalletReceive': 'Receive',
  'view.OnRampProviders': 'Buy Crypto',
  'view.Transactions': 'Activity',

  // Router outlet
  'router.loadFailed': 'This screen could not be loaded.',
  'router.notAvailable': 'This screen is not available yet.',
  // The ConnectingExternal title while its wallet is unknown
  'connecting.unknownWallet': 'Wallet',

  // Public buttons
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.account': 'Account {name}',
  'button.network': 'Network: {name}',
  'button.selectNetwork': 'Select network',
  'button.unsupported': 'Unsupported network',

  // Toasts
  'toast.success': 'Success',
  'toast.error': 'Error',
  'toast.loading': 'In progress',
  'toast.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'toast.failedToFetchTransactions': 'Failed to fetch transactions',
  'toast.signatureDeclined': 'Signature declined',

  // Errors a person can meet (spec §8), by core's error code; others show core's English text
  'error.MODAL_CLOSED': 'Modal closed',
  'error.CONNECTION_REJECTED': 'Connection rejected',
  'error.FAILED_TO_CONNECT': 'Failed to connect',
  'error.UNSUPPORTED_CHAIN': 'Unsupported chain',
  'error.CHAIN_NOT_SUPPORTED': 'Chain is not supported',
  'error.CHAIN_NOT_CONFIGURED': 'Chain not configured',
  'error.NO_PROGRAMMATIC_SWITCH': 'connector does not support programmatic chain switching',
  'error.PROVIDER_NOT_FOUND': 'Provider not found',
  'error.ADAPTER_NOT_FOUND': 'Adapter not found',
  'error.SOMETHING_WENT_WRONG': 'Something went wrong',
  'error.UNKNOWN': 'Unknown error',

  // Alerts (spec §8), by core's alert code
  'alert.NETWORK_NOT_FOUND.title': 'Network Not Found',
  'alert.NETWORK_NOT_FOUND.description':
    'The network you tried to switch to is not configured in this app.',
  'alert.INVALID_APP_CONFIGURATION.title': 'Invalid App Configuration',
  'alert.INVALID_APP_CONFIGURATION.description':
    'This page is not on the allowed origins of the project.',
  'alert.EMBEDDED_WALLET_LOAD_FAILED.title': 'Network Error - Could not load embedded wallet',
  'alert.EMBEDDED_WALLET_LOAD_FAILED.description': 'Check your connection and reload the page.',
  'alert.EMBEDDED_WALLET_TIMEOUT.title': 'Embedded Wallet Request Timed Out',
  'alert.EMBEDDED_WALLET_TIMEOUT.description':
    'The embedded wallet did not answer in time. Try again.',
  'alert.SESSION_EXPIRED.title': 'Session Expired',
  'alert.SESSION_EXPIRED.description': 'Connect your wallet again.',
  'alert.PROJECT_ID_NOT_CONFIGURED.title': 'Project ID Not Configured',
  'alert.PROJECT_ID_NOT_CONFIGURED.description':
    'Set `projectId` in the options passed to createModal().',
  'alert.SERVER_ERROR.title': 'Server Error',
  'alert.SERVER_ERROR.description': 'The project server failed to answer.',
  'alert.RATE_LIMITED.title': 'Rate Limited',
  'alert.RATE_LIMITED.description': 'Too many requests. Try again soon.',
} as const

export type MessageKey = keyof typeof en | keyof typeof enViews
export type Messages = Record<MessageKey, string>
