// The social feature's English strings. Its view modules import this module, which registers
// them with the loaders of the other shipped locales' strings (each loads on first use).
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'view.ConnectingSocial': 'Social login',
  'social.started': 'Opening {provider}…',
  'social.popupOpened': 'Sign in with {provider} in the window that opened.',
  'social.connected': 'Signed in with {provider}. Opening your wallet…',
  'social.success': 'Connected',
  'social.blocked': 'Your browser blocked the {provider} window.',
  'social.open': 'Open {provider}',
  'farcaster.scan': 'Scan with Farcaster',
  'farcaster.hint': "Scan with your phone's camera or the Farcaster app to sign in.",
  'farcaster.preparing': 'Preparing the sign-in link…',
  'farcaster.qrLabel': 'Sign In With Farcaster QR code',
  'farcaster.open': 'Open Farcaster on this device',
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
