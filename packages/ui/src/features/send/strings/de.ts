// The send feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.WalletSendSelectToken': 'Token wählen',
  'view.WalletSendPreview': 'Senden prüfen',
  'send.amount': 'Betrag',
  'send.changeToken': 'Token: {symbol}. Token ändern',
  'send.pickToken': 'Token wählen',
  'send.balance': 'Guthaben: {amount} {symbol}',
  'send.max': 'Maximum',
  'send.receiver': 'An',
  'send.receiverPlaceholder': 'Adresse oder Name',
  'send.resolving': 'Name wird gesucht…',
  'send.resolved': '{name} ({address})',
  'send.preview': 'Senden prüfen',
  'send.disabled': 'Senden ist in dieser App ausgeschaltet.',
  'send.unsupported': 'Senden ist in diesem Netzwerk nicht verfügbar.',
  'send.searchToken': 'Nach Name oder Symbol suchen',
  'send.noMatch': 'Kein Token passt',
  'send.value': 'Wert',
  'send.to': 'An',
  'send.network': 'Netzwerk',
  'send.fee': 'Netzwerkgebühr',
  'send.feeUnknown': 'Legt deine Wallet fest',
  'send.approve': 'Bestätige die Transaktion in deiner Wallet',
  'send.offline': 'Offline: Gesendet wird, sobald du wieder online bist',
  'send.cancel': 'Abbrechen',
  'send.send': 'Senden',
  'send.success': '{amount} {symbol} gesendet',
  'send.pendingToast': 'Transaktion ausstehend',
  'send.viewOn': 'Auf {name} ansehen',
}
