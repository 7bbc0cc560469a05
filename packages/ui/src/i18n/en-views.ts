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

  'common.newTab': '(opens in a new tab)',

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
  'connect.allWallets': 'All Wallets',
  'legal.both': 'By connecting your wallet, you agree to our {terms} and {privacy}.',
  'legal.terms': 'By connecting your wallet, you agree to our {terms}.',
  'legal.privacy': 'By connecting your wallet, you agree to our {privacy}.',
  'legal.termsLink': 'Terms of Service',
  'legal.privacyLink': 'Privacy Policy',

  // Connecting external
  'connecting.continueIn': 'Continue in {name}',
  'connecting.hint': 'Accept the connection request in the wallet',

  // WalletConnect
  'walletConnect.scan': 'Scan this QR code with your phone',
  'walletConnect.scanWith': 'Scan with {name}',
  'walletConnect.qrLabel': 'WalletConnect QR code',
  'walletConnect.preparing': 'Preparing the QR code…',
  'walletConnect.hint': 'Approve the connection in your wallet',
  'walletConnect.refreshed': 'The QR code expired and was renewed',
  'walletConnect.copy': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Could not copy the link',
  'walletConnect.openApp': 'Open {name}',
  'walletConnect.openWeb': 'Open {name} in the browser',
  'walletConnect.notConfigured': 'WalletConnect is not set up for this app.',

  // All wallets
  'allWallets.search': 'Search wallets',
  'allWallets.list': 'Wallets',
  'allWallets.loading': 'Loading wallets…',
  'allWallets.empty': 'No wallet found',
  'allWallets.emptyHint': 'Try another name.',
  'allWallets.error': 'The wallet list could not be loaded.',
  'allWallets.count': '{count} wallets',
  'allWallets.notInstalled': '{name} is not installed in this browser.',
  'allWallets.getIt': 'Get it here, then come back to connect:',
  'allWallets.noLinks': 'This wallet lists no website.',
  'allWallets.backToList': 'Back to all wallets',
  'allWallets.homepage': 'Website',
  'allWallets.webapp': 'Web app',
  'allWallets.desktop': 'Desktop app',
  'allWallets.appStore': 'App Store',
  'allWallets.playStore': 'Google Play',

  // Networks
  'networks.list': 'Networks',
  'networks.selected': 'Selected',
  'networks.switching': 'Switching network…',
  'networks.unsupported':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'siwx.headline': 'Sign in to {name}',
  'siwx.domain': 'Your wallet will show this request as coming from',
  'siwx.approve': 'Approve the signature in your wallet',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
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
  'receive.qrLabel': 'QR code of your address on {name}',
  'receive.hint': 'Scan to send to this address, or copy it.',
  'receive.networks': 'Networks this address can receive on',
  'receive.networksHint': 'The same address works on each of these networks.',
  'receive.off': 'Receiving is turned off in this app.',
  'receive.unsupported': 'Switch to a supported network to see your address.',
  'transactions.off': 'Activity is turned off in this app.',
  'transactions.unsupported': 'Activity is not available on {name}.',

  // Account tabs
  'account.tabs': 'Assets and activity',
  'account.tab.tokens': 'Tokens',
  'account.tab.nfts': 'NFTs',
  'account.tab.activity': 'Activity',
  'account.chooseName': 'Choose a name',
  'tokens.list': 'Token balances',
  'tokens.loading': 'Loading tokens',
  'tokens.empty': 'No tokens yet',
  'tokens.error': 'Token balances are unavailable right now.',
  'tokens.usd': '{currency}{value}',
  'tokens.noPrice': 'No price',
  'nfts.list': 'NFTs',
  'nfts.loading': 'Loading NFTs',
  'nfts.empty': 'No NFTs yet',
  'nfts.error': 'NFTs could not be loaded.',
  'nfts.tokenId': 'Token #{id}',
  'activity.loading': 'Loading activity',
  'activity.loadingMore': 'Loading more activity',
  'activity.empty': 'No activity yet',
  'activity.emptyHint': 'Transactions of this account on this network will show here.',
  'activity.error': 'Failed to fetch transactions',
  'activity.op.send': 'Sent',
  'activity.op.receive': 'Received',
  'activity.op.trade': 'Swapped',
  'activity.op.mint': 'Minted',
  'activity.op.burn': 'Burned',
  'activity.op.execute': 'Contract call',
  'activity.status.confirmed': 'Confirmed',
  'activity.status.failed': 'Failed',
  'activity.to': 'To {address}',
  'activity.from': 'From {address}',
  'activity.in': 'Received',
  'activity.out': 'Sent',
  'activity.self': 'To self',

  // Register a name
  'registerName.intro':
    'Choose a name for {address}. Your wallet asks you to sign a message; it costs nothing.',
  'registerName.label': 'Name',
  'registerName.hint': 'At least 4 characters: letters, digits and hyphens.',
  'registerName.invalid': 'Use at least 4 characters: letters, digits and hyphens only.',
  'registerName.submit': 'Register name',
  'registerName.signing': 'Approve the signature in your wallet',
  'registerName.unsupported': 'Names are available for EVM accounts only.',
  'registerName.successTitle': '{name} is yours',
  'registerName.successText': 'The name now points to {address}.',
  'registerName.done': 'Back to account',
} as const

registerViewMessages(enViews)
