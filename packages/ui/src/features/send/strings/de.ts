// The send feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': 'Ungültiger Betrag',
  'error.TOO_MANY_DECIMALS':
    'Der Betrag {amount} hat mehr Nachkommastellen, als der Token erlaubt ({decimals})',
  'error.TRANSACTION_TIMEOUT': 'Die Transaktion wurde nicht rechtzeitig bestätigt',
  'error.TRANSACTION_FAILED': 'Transaktion fehlgeschlagen',
  'error.RENT_EXEMPT_MINIMUM': 'Der Empfänger ist ein neues Konto: sende mindestens {amount} SOL',
  'error.RENT_SENDER_MINIMUM': 'Nach dieser Überweisung hätte dein Konto weniger als {amount} SOL',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': 'Ein Token ist erforderlich',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'Betrag und Empfängeradresse sind erforderlich',
  'error.SEND_AMOUNT_NOT_POSITIVE': 'Der Betrag muss größer als 0 sein',
  'error.INSUFFICIENT_BALANCE': 'Guthaben reicht nicht aus',
  'error.INSUFFICIENT_FEE': 'Es bleibt nicht genug für die Netzwerkgebühr',
  'error.INVALID_RECEIVER': 'Ungültige Empfängeradresse',
  'error.NAME_NOT_RESOLVED': 'Für diesen Namen wurde keine Adresse gefunden',
  'error.SEND_UNAVAILABLE': 'Senden ist hier nicht verfügbar',
  'error.TRANSACTION_REVERTED': 'Die Transaktion ist fehlgeschlagen',
  'error.TRANSACTION_DROPPED': 'Die Transaktion wurde im Netzwerk nicht gefunden',

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
