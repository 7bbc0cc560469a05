// The send feature's strings in es. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.WalletSendSelectToken': 'Elegir token',
  'view.WalletSendPreview': 'Revisar envío',
  'send.amount': 'Importe',
  'send.changeToken': 'Token: {symbol}. Cambiar token',
  'send.pickToken': 'Elegir token',
  'send.balance': 'Saldo: {amount} {symbol}',
  'send.max': 'Máximo',
  'send.receiver': 'Para',
  'send.receiverPlaceholder': 'Dirección o nombre',
  'send.resolving': 'Buscando el nombre…',
  'send.resolved': '{name} ({address})',
  'send.preview': 'Revisar envío',
  'send.disabled': 'El envío está desactivado en esta aplicación.',
  'send.unsupported': 'El envío no está disponible en esta red.',
  'send.searchToken': 'Buscar por nombre o símbolo',
  'send.noMatch': 'Ningún token coincide',
  'send.value': 'Valor',
  'send.to': 'Para',
  'send.network': 'Red',
  'send.fee': 'Comisión de red',
  'send.feeUnknown': 'La fija tu billetera',
  'send.approve': 'Aprueba la transacción en tu billetera',
  'send.offline': 'Sin conexión: el envío saldrá cuando vuelvas a estar en línea',
  'send.cancel': 'Cancelar',
  'send.send': 'Enviar',
  'send.success': 'Enviado: {amount} {symbol}',
  'send.pendingToast': 'Transacción pendiente',
  'send.viewOn': 'Ver en {name}',
}
