// The connect feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
// The shell's strings (common words, titles) come along.
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'connect.wallets': 'Wallets',
  'connect.installed': 'Installed',
  'connect.recent': 'Recent',
  'connect.empty': 'No wallet found',
  'connect.emptyHint': 'Install a browser wallet extension, then open this window again.',
  'connect.email': 'Continue with email',
  'connect.social': 'Continue with {provider}',
  'connect.socials': 'Social logins',
  'connect.or': 'or',
  'connect.allWallets': 'All Wallets',
  'legal.both': 'By connecting your wallet, you agree to our {terms} and {privacy}.',
  'legal.terms': 'By connecting your wallet, you agree to our {terms}.',
  'legal.privacy': 'By connecting your wallet, you agree to our {privacy}.',
  'legal.agreeBoth': 'I agree to the {terms} and the {privacy}.',
  'legal.agreeTerms': 'I agree to the {terms}.',
  'legal.agreePrivacy': 'I agree to the {privacy}.',
  'legal.required': 'Tick the box above to connect: every way to connect waits for it.',
  'connect.branding': 'UX by OpenModal',
  'legal.termsLink': 'Terms of Service',
  'legal.privacyLink': 'Privacy Policy',
  'connecting.continueIn': 'Continue in {name}',
  'connecting.hint': 'Accept the connection request in the wallet',
  'allWallets.search': 'Search wallets',
  'allWallets.list': 'Wallets',
  'allWallets.loading': 'Loading wallets…',
  'allWallets.empty': 'No wallet found',
  'allWallets.emptyHint': 'Try another name.',
  'allWallets.error': 'The wallet list could not be loaded.',
  'allWallets.count': '{count} wallets',
  'allWallets.notInstalled': '{name} is not installed in this browser.',
  'allWallets.getIt': 'Get it here, then come back to connect:',
  'allWallets.noLinks': 'This wallet lists no website.',
  'allWallets.backToList': 'Back to all wallets',
  'allWallets.homepage': 'Website',
  'allWallets.webapp': 'Web app',
  'allWallets.desktop': 'Desktop app',
  'allWallets.appStore': 'App Store',
  'allWallets.playStore': 'Google Play',
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
