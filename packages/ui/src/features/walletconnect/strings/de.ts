// The walletconnect feature's strings in de. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': 'Scanne diesen QR-Code mit deinem Smartphone',
  'walletConnect.scanWith': 'Mit {name} scannen',
  'walletConnect.qrLabel': 'WalletConnect-QR-Code',
  'walletConnect.preparing': 'QR-Code wird vorbereitet…',
  'walletConnect.hint': 'Bestätige die Verbindung in deiner Wallet',
  'walletConnect.refreshed': 'Der QR-Code war abgelaufen und wurde erneuert',
  'walletConnect.copy': 'Link kopieren',
  'walletConnect.copied': 'Link kopiert',
  'walletConnect.copyFailed': 'Der Link konnte nicht kopiert werden',
  'walletConnect.openApp': '{name} öffnen',
  'walletConnect.openWeb': '{name} im Browser öffnen',
  'walletConnect.notConfigured': 'WalletConnect ist für diese App nicht eingerichtet.',
}
