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
  'profile.account7702': 'Tu cuenta (EIP-7702): una dirección para ambas',
  'profile.delegated': 'Delegada: esta dirección es una cuenta inteligente',
  'profile.notDelegated':
    'Aún no delegada: tu primera transacción como cuenta inteligente la delega',
  'profile.actsAsSmart': 'Funciona como cuenta inteligente',
  'profile.actsAsEoa': 'Funciona como cuenta normal (EOA)',
  'profile.useSmart': 'Usar como cuenta inteligente',
  'profile.useEoa': 'Usar como cuenta normal',
}
