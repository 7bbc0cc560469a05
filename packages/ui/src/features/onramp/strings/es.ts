// The on-ramp feature's strings in es. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': 'Comprar cripto',
  'view.BuyInProgress': 'Compra en curso',
  'onramp.amount': 'Importe ({currency})',
  'onramp.currency': 'Moneda',
  'onramp.crypto': 'Cripto que compras',
  'onramp.method': 'Pagar con',
  'onramp.card': 'Tarjeta',
  'onramp.bank': 'Transferencia bancaria',
  'onramp.limits': 'De {min} a {max} {currency}',
  'onramp.asset': 'Compras {symbol} en {network}',
  'onramp.invalid': 'Escribe un importe como 100 o 99,50',
  'onramp.below': 'El mínimo con este medio de pago es {min} {currency}',
  'onramp.above':
    'El máximo con este medio de pago es {max} {currency}. Baja el importe o paga por transferencia.',
  'onramp.aboveBank': 'El máximo con este medio de pago es {max} {currency}. Baja el importe.',
  'onramp.providers': 'Proveedores',
  'onramp.fee': 'Comisión {percent} % ({fee} {currency})',
  'onramp.receive': 'Recibes unos {amount} {symbol}',
  'onramp.noPrice': 'El proveedor muestra el importe que recibes',
  'onramp.enterAmount': 'Escribe un importe para ver las ofertas.',
  'onramp.loading': 'Cargando…',
  'onramp.unavailable': 'La compra de cripto no está disponible en esta red.',
  'onramp.failedOptions': 'No se pudieron cargar las ofertas. Inténtalo de nuevo.',
  'onramp.retry': 'Reintentar',
  'onramp.buyWith': 'Comprar con {provider}',
  'onramp.waiting': 'Termina la compra en la ventana de {provider}. Esta página se actualiza sola.',
  'onramp.blocked': 'Tu navegador bloqueó la ventana de {provider}.',
  'onramp.open': 'Abrir {provider} en una pestaña nueva',
  'onramp.done': 'Compra completada: llegaron {amount} {symbol}',
  'onramp.failed': 'La compra falló. Esta app no cobró nada; puedes intentarlo de nuevo.',
  'onramp.back': 'Volver a las ofertas',
}
