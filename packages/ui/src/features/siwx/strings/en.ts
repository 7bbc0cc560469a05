// The siwx feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
// The shell's strings (common words, titles) come along.
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'siwx.headline': 'Sign in to {name}',
  'siwx.domain': 'Your wallet will show this request as coming from',
  'siwx.approve': 'Approve the signature in your wallet',
  'siwx.sign': 'Sign',
  'siwx.cancel': 'Cancel',
  'siwx.failed': 'Sign-in failed',
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
