// The on-ramp feature's strings in de. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': 'Krypto kaufen',
  'view.BuyInProgress': 'Kauf läuft',
  'onramp.amount': 'Betrag ({currency})',
  'onramp.currency': 'Währung',
  'onramp.crypto': 'Zu kaufende Kryptowährung',
  'onramp.method': 'Bezahlen mit',
  'onramp.card': 'Karte',
  'onramp.bank': 'Banküberweisung',
  'onramp.limits': '{min} bis {max} {currency}',
  'onramp.asset': 'Sie kaufen {symbol} auf {network}',
  'onramp.invalid': 'Geben Sie einen Betrag wie 100 oder 99,50 ein',
  'onramp.below': 'Das Minimum mit dieser Zahlungsart ist {min} {currency}',
  'onramp.above':
    'Das Maximum mit dieser Zahlungsart ist {max} {currency}. Senken Sie den Betrag oder zahlen Sie per Überweisung.',
  'onramp.aboveBank':
    'Das Maximum mit dieser Zahlungsart ist {max} {currency}. Senken Sie den Betrag.',
  'onramp.providers': 'Anbieter',
  'onramp.fee': 'Gebühr {percent} % ({fee} {currency})',
  'onramp.receive': 'Sie erhalten etwa {amount} {symbol}',
  'onramp.noPrice': 'Den erhaltenen Betrag zeigt der Anbieter',
  'onramp.enterAmount': 'Geben Sie einen Betrag ein, um die Angebote zu sehen.',
  'onramp.loading': 'Wird geladen…',
  'onramp.unavailable': 'Krypto-Kauf ist in diesem Netzwerk nicht verfügbar.',
  'onramp.failedOptions': 'Die Angebote konnten nicht geladen werden. Versuchen Sie es erneut.',
  'onramp.retry': 'Erneut versuchen',
  'onramp.buyWith': 'Mit {provider} kaufen',
  'onramp.waiting':
    'Schließen Sie den Kauf im {provider}-Fenster ab. Diese Seite aktualisiert sich selbst.',
  'onramp.blocked': 'Ihr Browser hat das {provider}-Fenster blockiert.',
  'onramp.open': '{provider} in einem neuen Tab öffnen',
  'onramp.done': 'Kauf abgeschlossen: {amount} {symbol} sind angekommen',
  'onramp.failed':
    'Der Kauf ist fehlgeschlagen. Diese App hat nichts abgebucht; Sie können es erneut versuchen.',
  'onramp.back': 'Zurück zu den Angeboten',
}
