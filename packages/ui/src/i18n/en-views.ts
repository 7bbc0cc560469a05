// The English strings of the modal: its shell (header, router, toast labels, view titles) and
// its views (connect, WalletConnect, all wallets, networks, account, names). The shell and
// every view module import this module, which registers them on evaluation
// (`registerViewMessages`): they load with the first view group, not with the page. Core's
// error, alert and toast texts are not here: they live in core, and catalogs translate them by
// code (see codes.ts).
import { registerViewMessages } from './index.js'

export const enViews = {
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
  'view.ChangeRecovery': 'Wallet Recovery',
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

  // Toasts
  'toast.success': 'Success',
  'toast.error': 'Error',
  'toast.loading': 'In progress',
  'toast.callsOneByOne':
    'Your wallet cannot batch calls: it sent them one at a time, not as one batch',

  'common.newTab': '(opens in a new tab)',

  // Connect view

  // Connecting external

  // WalletConnect

  // All wallets

  // Networks

  // Account

  // Account tabs

  // Register a name
  // E-mail login, e-mail update and approval (embedded wallet)
} as const

registerViewMessages(enViews)
