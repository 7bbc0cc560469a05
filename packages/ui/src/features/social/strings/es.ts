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
  'farcaster.scan': 'Escanea con Farcaster',
  'farcaster.hint':
    'Escanea con la cámara de tu teléfono o con la app de Farcaster para iniciar sesión.',
  'farcaster.preparing': 'Preparando el enlace de inicio de sesión…',
  'farcaster.qrLabel': 'Código QR para iniciar sesión con Farcaster',
  'farcaster.open': 'Abrir Farcaster en este dispositivo',
}
