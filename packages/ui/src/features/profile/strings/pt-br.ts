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
}
