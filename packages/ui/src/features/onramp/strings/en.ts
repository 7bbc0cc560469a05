// The on-ramp feature's English strings. Its view modules import this module, which registers
// them with the loaders of the other shipped locales' strings (each loads on first use).
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'view.OnRampProviders': 'Buy crypto',
  'view.BuyInProgress': 'Buying',
  'onramp.amount': 'Amount ({currency})',
  'onramp.currency': 'Currency',
  'onramp.crypto': 'Crypto to buy',
  'onramp.method': 'Pay with',
  'onramp.card': 'Card',
  'onramp.bank': 'Bank transfer',
  'onramp.limits': '{min} to {max} {currency}',
  'onramp.asset': 'You buy {symbol} on {network}',
  'onramp.invalid': 'Enter an amount like 100 or 99.50',
  'onramp.below': 'The minimum with this payment method is {min} {currency}',
  'onramp.above':
    'The maximum with this payment method is {max} {currency}. Lower the amount or pay by bank transfer.',
  'onramp.aboveBank': 'The maximum with this payment method is {max} {currency}. Lower the amount.',
  'onramp.providers': 'Providers',
  'onramp.fee': 'Fee {percent}% ({fee} {currency})',
  'onramp.receive': 'You get about {amount} {symbol}',
  'onramp.noPrice': 'The amount you get is shown by the provider',
  'onramp.enterAmount': 'Enter an amount to see the offers.',
  'onramp.loading': 'Loading…',
  'onramp.unavailable': 'Buying crypto is not available on this network.',
  'onramp.failedOptions': 'The offers could not be loaded. Try again.',
  'onramp.retry': 'Try again',
  'onramp.buyWith': 'Buy with {provider}',
  'onramp.waiting': 'Finish the purchase in the {provider} window. This page updates by itself.',
  'onramp.blocked': 'Your browser blocked the {provider} window.',
  'onramp.open': 'Open {provider} in a new tab',
  'onramp.done': 'Purchase complete: {amount} {symbol} arrived',
  'onramp.failed': 'The purchase failed. Nothing was charged by this app; you can try again.',
  'onramp.back': 'Back to the offers',
} as const

registerFeatureStrings(en, {
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  ja: () => import('./ja.js'),
  'pt-BR': () => import('./pt-br.js'),
  'zh-CN': () => import('./zh-cn.js'),
})
