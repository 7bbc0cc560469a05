// The social feature's strings in es. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': 'No se pudo iniciar la conexión con la red social',
  'error.POPUP_CLOSED': 'Ventana emergente cerrada',

  'view.ConnectingSocial': 'Inicio de sesión social',
  'social.started': 'Abriendo {provider}…',
  'social.popupOpened': 'Inicia sesión con {provider} en la ventana que se abrió.',
  'social.connected': 'Sesión iniciada con {provider}. Abriendo tu billetera…',
  'social.success': 'Conectado',
  'social.blocked': 'Tu navegador bloqueó la ventana de {provider}.',
  'social.open': 'Abrir {provider}',
}
