// The on-ramp feature's strings in pt-br. A key left out reads English (the completeness
// test lists it).
import type { Catalog } from '../../../i18n/index.js'

export const catalog: Catalog = {
  'view.OnRampProviders': 'Comprar cripto',
  'view.BuyInProgress': 'Compra em andamento',
  'onramp.amount': 'Valor ({currency})',
  'onramp.currency': 'Moeda',
  'onramp.crypto': 'Cripto a comprar',
  'onramp.method': 'Pagar com',
  'onramp.card': 'Cartão',
  'onramp.bank': 'Transferência bancária',
  'onramp.limits': 'De {min} a {max} {currency}',
  'onramp.asset': 'Você compra {symbol} na {network}',
  'onramp.invalid': 'Digite um valor como 100 ou 99,50',
  'onramp.below': 'O mínimo com esta forma de pagamento é {min} {currency}',
  'onramp.above':
    'O máximo com esta forma de pagamento é {max} {currency}. Diminua o valor ou pague por transferência.',
  'onramp.aboveBank': 'O máximo com esta forma de pagamento é {max} {currency}. Diminua o valor.',
  'onramp.providers': 'Provedores',
  'onramp.fee': 'Taxa {percent}% ({fee} {currency})',
  'onramp.receive': 'Você recebe cerca de {amount} {symbol}',
  'onramp.noPrice': 'O valor recebido é mostrado pelo provedor',
  'onramp.enterAmount': 'Digite um valor para ver as ofertas.',
  'onramp.loading': 'Carregando…',
  'onramp.unavailable': 'A compra de cripto não está disponível nesta rede.',
  'onramp.failedOptions': 'Não foi possível carregar as ofertas. Tente de novo.',
  'onramp.retry': 'Tentar de novo',
  'onramp.buyWith': 'Comprar com {provider}',
  'onramp.waiting': 'Conclua a compra na janela do {provider}. Esta página se atualiza sozinha.',
  'onramp.blocked': 'Seu navegador bloqueou a janela do {provider}.',
  'onramp.open': 'Abrir {provider} em uma nova aba',
  'onramp.done': 'Compra concluída: chegaram {amount} {symbol}',
  'onramp.failed': 'A compra falhou. Este app não cobrou nada; você pode tentar de novo.',
  'onramp.back': 'Voltar às ofertas',
}
