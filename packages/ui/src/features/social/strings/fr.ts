// The social feature's strings in fr. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': 'Impossible de lancer la connexion par réseau social',
  'error.POPUP_CLOSED': 'Fenêtre contextuelle fermée',

  'view.ConnectingSocial': 'Connexion par réseau social',
  'social.started': 'Ouverture de {provider}…',
  'social.popupOpened': 'Connectez-vous avec {provider} dans la fenêtre qui s’est ouverte.',
  'social.connected': 'Connecté avec {provider}. Ouverture de votre portefeuille…',
  'social.success': 'Connecté',
  'social.blocked': 'Votre navigateur a bloqué la fenêtre de {provider}.',
  'social.open': 'Ouvrir {provider}',
  'farcaster.scan': 'Scannez avec Farcaster',
  'farcaster.hint':
    'Scannez avec l’appareil photo de votre téléphone ou l’app Farcaster pour vous connecter.',
  'farcaster.preparing': 'Préparation du lien de connexion…',
  'farcaster.qrLabel': 'QR code de connexion avec Farcaster',
  'farcaster.open': 'Ouvrir Farcaster sur cet appareil',
}
