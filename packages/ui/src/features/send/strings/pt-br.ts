// The send feature's strings in pt-BR. A key left out reads English (the completeness test
// lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  // Transfers: a typed amount's and the adapters' errors (core's amount and transfer tables)
  'error.INVALID_AMOUNT': 'Valor inválido',
  'error.TOO_MANY_DECIMALS':
    'O valor {amount} tem mais casas decimais do que o token permite ({decimals})',
  'error.TRANSACTION_TIMEOUT': 'A transação não foi confirmada a tempo',
  'error.TRANSACTION_FAILED': 'A transação falhou',
  'error.RENT_EXEMPT_MINIMUM': 'O destinatário é uma conta nova: envie pelo menos {amount} SOL',
  'error.RENT_SENDER_MINIMUM': 'Esta transferência deixaria sua conta com menos de {amount} SOL',

  // Send's errors (core's send table; the swap views, in the same chunk, show them too)
  'error.SEND_TOKEN_REQUIRED': 'É necessário um token',
  'error.SEND_AMOUNT_AND_RECEIVER_REQUIRED': 'São necessários um valor e um endereço de destino',
  'error.SEND_AMOUNT_NOT_POSITIVE': 'O valor deve ser maior que 0',
  'error.INSUFFICIENT_BALANCE': 'Saldo insuficiente',
  'error.INSUFFICIENT_FEE': 'Não sobra saldo suficiente para a taxa de rede',
  'error.INVALID_RECEIVER': 'Endereço de destino inválido',
  'error.NAME_NOT_RESOLVED': 'Nenhum endereço encontrado para este nome',
  'error.SEND_UNAVAILABLE': 'O envio não está disponível aqui',
  'error.TRANSACTION_REVERTED': 'A transação falhou',
  'error.TRANSACTION_DROPPED': 'A transação não foi encontrada na rede',

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
