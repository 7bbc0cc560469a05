// The siwx feature's strings in es. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'siwx.headline': 'Inicia sesión en {name}',
  'siwx.domain': 'Tu billetera mostrará que esta solicitud viene de',
  'siwx.approve': 'Aprueba la firma en tu billetera',
  'siwx.sign': 'Firmar',
  'siwx.cancel': 'Cancelar',
  'siwx.failed': 'No se pudo iniciar sesión',
}
