// The English catalog: every string the UI shows or announces. Other locales implement
// `Messages` so a missing key is a type error. `{name}` placeholders are filled by `t()`.

export const en = {
  // Modal shell
  'modal.back': 'Back',
  'modal.close': 'Close',
  'modal.notifications': 'Notifications',
  'alert.dismiss': 'Dismiss',
  'common.loading': 'Loading…',
  'common.tryAgain': 'Try again',
  'common.newTab': '(opens in a new tab)',

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

  // Connect view
  'connect.wallets': 'Wallets',
  'connect.installed': 'Installed',
  'connect.recent': 'Recent',
  'connect.empty': 'No wallet found',
  'connect.emptyHint': 'Install a browser wallet extension, then open this window again.',
  'connect.email': 'Continue with email',
  'connect.social': 'Continue with {provider}',
  'connect.socials': 'Social logins',
  'connect.or': 'or',
  'legal.both': 'By connecting your wallet, you agree to our {terms} and {privacy}.',
  'legal.terms': 'By connecting your wallet, you agree to our {terms}.',
  'legal.privacy': 'By connecting your wallet, you agree to our {privacy}.',
  'legal.termsLink': 'Terms of Service',
  'legal.privacyLink': 'Privacy Policy',

  // Connecting external
  'connecting.continueIn': 'Continue in {name}',
  'connecting.hint': 'Accept the connection request in the wallet',
  'connecting.unknownWallet': 'Wallet',

  // All wallets
  'allWallets.search': 'Search wallets',

  // Networks
  'networks.list': 'Networks',
  'networks.selected': 'Selected',
  'networks.switching': 'Switching network…',
  'networks.unsupported':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'switchNetwork.title': 'Approve in wallet',
  'switchNetwork.approve': 'Approve the network switch in your wallet',
  'switchNetwork.to': 'Switch to {name}',
  'switchNetwork.missing': 'No network was chosen.',
  'switchActiveChain.hint': 'No {chain} wallet is connected. Connect one to use {name}.',
  'switchActiveChain.connect': 'Connect a wallet for {chain}',

  // Account
  'account.avatar': 'Account avatar',
  'account.copy': 'Copy address',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.network': 'Network: {name}',
  'account.balanceLoading': 'Loading the balance',
  'account.explorer': 'View on {name}',
  'account.disconnect': 'Disconnect',
  'account.notConnected': 'No wallet connected',

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

export type MessageKey = keyof typeof en
export type Messages = Record<MessageKey, string>
