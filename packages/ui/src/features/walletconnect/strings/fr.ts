// The walletconnect feature's strings in fr. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'walletConnect.scan': 'Scannez ce code QR avec votre téléphone',
  'walletConnect.scanWith': 'Scannez avec {name}',
  'walletConnect.qrLabel': 'Code QR WalletConnect',
  'walletConnect.preparing': 'Préparation du code QR…',
  'walletConnect.hint': 'Approuvez la connexion dans votre portefeuille',
  'walletConnect.refreshed': 'Le code QR a expiré et a été renouvelé',
  'walletConnect.copy': 'Copier le lien',
  'walletConnect.copied': 'Lien copié',
  'walletConnect.copyFailed': 'Impossible de copier le lien',
  'walletConnect.openApp': 'Ouvrir {name}',
  'walletConnect.openWeb': 'Ouvrir {name} dans le navigateur',
  'walletConnect.notConfigured': 'WalletConnect n’est pas configuré pour cette application.',
}
