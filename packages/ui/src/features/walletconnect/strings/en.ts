// The walletconnect feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
// The shell's strings (common words, titles) come along.
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
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
} as const

registerFeatureStrings(en, {
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  ja: () => import('./ja.js'),
  'pt-BR': () => import('./pt-br.js'),
  'zh-CN': () => import('./zh-cn.js'),
})
