// The profile feature's strings in pt-br. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'profile.eoa': 'Conta comum (EOA)',
  'profile.smartAccount': 'Conta inteligente',
  'profile.active': 'Ativa',
  'profile.use': 'Usar esta conta',
  'profile.deployed': 'Implantada',
  'profile.notDeployed': 'Ainda não implantada: sua primeira transação a implanta',
  'profile.balance': 'Saldo: {amount} {symbol}',
  'profile.balanceUnknown': 'Saldo indisponível',
  'profile.noSmartAccount': 'Contas inteligentes não estão disponíveis nesta rede.',
  'profile.loading': 'Carregando suas contas…',
  'profile.switching': 'Trocando…',
  'profile.account7702': 'Sua conta (EIP-7702): um endereço para as duas',
  'profile.delegated': 'Delegada: este endereço é uma conta inteligente',
  'profile.notDelegated':
    'Ainda não delegada: sua primeira transação como conta inteligente a delega',
  'profile.actsAsSmart': 'Funciona como conta inteligente',
  'profile.actsAsEoa': 'Funciona como conta comum (EOA)',
  'profile.useSmart': 'Usar como conta inteligente',
  'profile.useEoa': 'Usar como conta comum',
}
