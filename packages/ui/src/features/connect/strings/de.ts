// The connect feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'connect.wallets': 'Wallets',
  'connect.installed': 'Installiert',
  'connect.recent': 'Zuletzt',
  'connect.empty': 'Keine Wallet gefunden',
  'connect.emptyHint':
    'Installiere eine Wallet-Erweiterung im Browser und öffne dieses Fenster dann erneut.',
  'connect.email': 'Weiter mit E-Mail',
  'connect.social': 'Weiter mit {provider}',
  'connect.socials': 'Social Logins',
  'connect.or': 'oder',
  'connect.allWallets': 'Alle Wallets',
  'legal.both':
    'Mit dem Verbinden deiner Wallet stimmst du unseren {terms} und unserer {privacy} zu.',
  'legal.terms': 'Mit dem Verbinden deiner Wallet stimmst du unseren {terms} zu.',
  'legal.privacy': 'Mit dem Verbinden deiner Wallet stimmst du unserer {privacy} zu.',
  'legal.agreeBoth': 'Ich stimme den {terms} und der {privacy} zu.',
  'legal.agreeTerms': 'Ich stimme den {terms} zu.',
  'legal.agreePrivacy': 'Ich stimme der {privacy} zu.',
  'legal.required':
    'Setze oben das Häkchen, um dich zu verbinden: Jede Verbindungsart wartet darauf.',
  'connect.branding': 'UX von OpenModal',
  'legal.termsLink': 'Nutzungsbedingungen',
  'legal.privacyLink': 'Datenschutzerklärung',
  'connecting.continueIn': 'Weiter in {name}',
  'connecting.hint': 'Bestätige die Verbindungsanfrage in der Wallet',
  'allWallets.search': 'Wallets durchsuchen',
  'allWallets.list': 'Wallets',
  'allWallets.loading': 'Wallets werden geladen…',
  'allWallets.empty': 'Keine Wallet gefunden',
  'allWallets.emptyHint': 'Versuche einen anderen Namen.',
  'allWallets.error': 'Die Wallet-Liste konnte nicht geladen werden.',
  'allWallets.count': '{count} Wallets',
  'allWallets.notInstalled': '{name} ist in diesem Browser nicht installiert.',
  'allWallets.getIt': 'Hol sie dir hier und komm dann zum Verbinden zurück:',
  'allWallets.noLinks': 'Diese Wallet nennt keine Website.',
  'allWallets.backToList': 'Zurück zu allen Wallets',
  'allWallets.homepage': 'Website',
  'allWallets.webapp': 'Web-App',
  'allWallets.desktop': 'Desktop-App',
  'allWallets.appStore': 'App Store',
  'allWallets.playStore': 'Google Play',
}
