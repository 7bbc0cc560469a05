// The swap feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
import '../../account/strings/en.js'
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'view.SwapPreview': 'Review Swap',
  'swap.from': 'You pay',
  'swap.to': 'You receive',
  'swap.fromToken': 'Token to pay with',
  'swap.toToken': 'Token to receive',
  'swap.option': '{symbol} ({amount})',
  'swap.balance': 'Balance: {amount} {symbol}',
  'swap.max': 'Max',
  'swap.flip': 'Switch the two tokens',
  'swap.loadingTokens': 'Loading tokens…',
  'swap.quoting': 'Getting a quote…',
  'swap.priceImpact': 'Price impact',
  'swap.slippage': 'Max slippage (%)',
  'swap.providerFee': 'Provider fee',
  'swap.networkFee': 'Network fee',
  'swap.minimum': 'Minimum received',
  'swap.percent': '{value} %',
  'swap.amountOf': '{amount} {symbol}',
  'swap.sameToken': 'Pick two different tokens',
  'swap.slippageRange': 'Slippage must be between 0.01 and 50 %',
  'swap.retry': 'Try again',
  'swap.review': 'Review swap',
  'swap.disabled': 'Swaps are turned off for this app.',
  'swap.unsupported': 'Network not supported for Swaps',
  'swap.steps': 'Wallet steps',
  'swap.stepApprove': 'Step 1: allow the swap to spend {amount}',
  'swap.stepSwap': 'Step 2: swap {from} for {to}',
  'swap.stepWaiting': 'Waiting',
  'swap.stepWallet': 'Confirm in your wallet',
  'swap.stepDone': 'Done',
  'swap.stepSkipped': 'Not needed',
  'swap.confirm': 'Swap',
  'swap.cancel': 'Cancel',
  'swap.requote': 'Get a new quote',
  'swap.success': 'Swapped {amount} {from} for {to}',
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
