// The social feature's strings in pt-br. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Social login's errors (core's frame table)
  'error.FAILED_TO_INITIATE_SOCIAL': 'Não foi possível iniciar o login social',
  'error.POPUP_CLOSED': 'Pop-up fechado',

  'view.ConnectingSocial': 'Login social',
  'social.started': 'Abrindo {provider}…',
  'social.popupOpened': 'Entre com {provider} na janela que foi aberta.',
  'social.connected': 'Conectado com {provider}. Abrindo sua carteira…',
  'social.success': 'Conectado',
  'social.blocked': 'Seu navegador bloqueou a janela do {provider}.',
  'social.open': 'Abrir {provider}',
  'farcaster.scan': 'Escaneie com o Farcaster',
  'farcaster.hint': 'Escaneie com a câmera do celular ou com o app Farcaster para entrar.',
  'farcaster.preparing': 'Preparando o link de acesso…',
  'farcaster.qrLabel': 'QR code para entrar com Farcaster',
  'farcaster.open': 'Abrir o Farcaster neste dispositivo',
}
