// The send feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
// The shell's strings (common words, titles) and the account's token words come along.
import '../../account/strings/en.js'
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'view.WalletSendSelectToken': 'Select Token',
  'view.WalletSendPreview': 'Review Send',
  'send.amount': 'Amount',
  'send.changeToken': 'Token: {symbol}. Change token',
  'send.pickToken': 'Select token',
  'send.balance': 'Balance: {amount} {symbol}',
  'send.max': 'Max',
  'send.receiver': 'To',
  'send.receiverPlaceholder': 'Address or name',
  'send.resolving': 'Looking up the name…',
  'send.resolved': '{name} ({address})',
  'send.preview': 'Preview send',
  'send.disabled': 'Sending is turned off for this app.',
  'send.unsupported': 'Sending is not available on this network.',
  'send.searchToken': 'Search by name or symbol',
  'send.noMatch': 'No token matches',
  'send.value': 'Value',
  'send.to': 'To',
  'send.network': 'Network',
  'send.fee': 'Network fee',
  'send.feeUnknown': 'Set by your wallet',
  'send.approve': 'Approve the transaction in your wallet',
  'send.offline': 'Offline: the send goes out once you are back online',
  'send.cancel': 'Cancel',
  'send.send': 'Send',
  'send.success': 'Sent {amount} {symbol}',
  'send.pendingToast': 'Transaction pending',
  'send.viewOn': 'View on {name}',
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
