// The profile feature's strings in es. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': 'Cuenta normal (EOA)',
  'profile.smartAccount': 'Cuenta inteligente',
  'profile.active': 'Activa',
  'profile.use': 'Usar esta cuenta',
  'profile.deployed': 'Desplegada',
  'profile.notDeployed': 'Aún no desplegada: tu primera transacción la despliega',
  'profile.balance': 'Saldo: {amount} {symbol}',
  'profile.balanceUnknown': 'Saldo no disponible',
  'profile.noSmartAccount': 'Las cuentas inteligentes no están disponibles en esta red.',
  'profile.loading': 'Cargando tus cuentas…',
  'profile.switching': 'Cambiando…',
}
