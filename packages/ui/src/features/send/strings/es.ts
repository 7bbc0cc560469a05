// The send feature's strings in es. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': 'Importe no válido',
  'error.TOO_MANY_DECIMALS':
    'El importe {amount} tiene más decimales de los que permite el token ({decimals})',
  'error.TRANSACTION_TIMEOUT': 'La transacción no se confirmó a tiempo',
  'error.TRANSACTION_FAILED': 'La transacción falló',
  'error.RENT_EXEMPT_MINIMUM': 'El destinatario es una cuenta nueva: envía al menos {amount} SOL',
  'error.RENT_SENDER_MINIMUM': 'Esta transferencia dejaría tu cuenta por debajo de {amount} SOL',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': 'Se requiere un token',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'Se requieren un importe y una dirección de destino',
  'error.SEND_AMOUNT_NOT_POSITIVE': 'El importe debe ser mayor que 0',
  'error.INSUFFICIENT_BALANCE': 'Saldo insuficiente',
  'error.INSUFFICIENT_FEE': 'No queda saldo suficiente para la comisión de red',
  'error.INVALID_RECEIVER': 'Dirección de destino no válida',
  'error.NAME_NOT_RESOLVED': 'No se encontró ninguna dirección para este nombre',
  'error.SEND_UNAVAILABLE': 'El envío no está disponible aquí',
  'error.TRANSACTION_REVERTED': 'La transacción falló',
  'error.TRANSACTION_DROPPED': 'No se encontró la transacción en la red',

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
