// The network feature's strings in es. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'networks.list': 'Redes',
  'networks.selected': 'Seleccionada',
  'networks.switching': 'Cambiando de red…',
  'networks.unsupported':
    'Esta aplicación no admite tu red actual. Cambia a una de las opciones disponibles para continuar.',
  'switchNetwork.title': 'Aprueba en la billetera',
  'switchNetwork.approve': 'Aprueba el cambio de red en tu billetera',
  'switchNetwork.to': 'Cambiar a {name}',
  'switchNetwork.missing': 'No se eligió ninguna red.',
  'switchActiveChain.hint':
    'No hay ninguna billetera de {chain} conectada. Conecta una para usar {name}.',
  'switchActiveChain.connect': 'Conectar una billetera de {chain}',
}
