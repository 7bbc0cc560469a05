// The send feature's strings in pt-BR. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.WalletSendSelectToken': 'Escolher token',
  'view.WalletSendPreview': 'Revisar envio',
  'send.amount': 'Valor',
  'send.changeToken': 'Token: {symbol}. Trocar token',
  'send.pickToken': 'Escolher token',
  'send.balance': 'Saldo: {amount} {symbol}',
  'send.max': 'Máximo',
  'send.receiver': 'Para',
  'send.receiverPlaceholder': 'Endereço ou nome',
  'send.resolving': 'Procurando o nome…',
  'send.resolved': '{name} ({address})',
  'send.preview': 'Revisar envio',
  'send.disabled': 'O envio está desativado neste app.',
  'send.unsupported': 'O envio não está disponível nesta rede.',
  'send.searchToken': 'Buscar por nome ou símbolo',
  'send.noMatch': 'Nenhum token corresponde',
  'send.value': 'Valor em dólar',
  'send.to': 'Para',
  'send.network': 'Rede',
  'send.fee': 'Taxa de rede',
  'send.feeUnknown': 'Definida pela sua carteira',
  'send.approve': 'Aprove a transação na sua carteira',
  'send.offline': 'Sem conexão: o envio sai quando você voltar a ficar online',
  'send.cancel': 'Cancelar',
  'send.send': 'Enviar',
  'send.success': '{amount} {symbol} enviados',
  'send.pendingToast': 'Transação pendente',
  'send.viewOn': 'Ver no {name}',
}
