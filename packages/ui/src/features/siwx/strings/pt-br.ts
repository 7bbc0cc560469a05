// The siwx feature's strings in pt-BR. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': 'Entrar em {name}',
  'siwx.domain': 'Sua carteira mostrará que esta solicitação vem de',
  'siwx.approve': 'Aprove a assinatura na sua carteira',
  'siwx.sign': 'Assinar',
  'siwx.cancel': 'Cancelar',
  'siwx.failed': 'Não foi possível entrar',
}
