// The social feature's strings in de. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': 'Social Login konnte nicht gestartet werden',
  'error.POPUP_CLOSED': 'Pop-up geschlossen',

  'view.ConnectingSocial': 'Social Login',
  'social.started': '{provider} wird geöffnet…',
  'social.popupOpened': 'Melden Sie sich im geöffneten Fenster bei {provider} an.',
  'social.connected': 'Bei {provider} angemeldet. Ihre Wallet wird geöffnet…',
  'social.success': 'Verbunden',
  'social.blocked': 'Ihr Browser hat das Fenster von {provider} blockiert.',
  'social.open': '{provider} öffnen',
}
