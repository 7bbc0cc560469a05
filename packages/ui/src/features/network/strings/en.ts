// The network feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
// The shell's strings (common words, titles) come along.
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'networks.list': 'Networks',
  'networks.selected': 'Selected',
  'networks.switching': 'Switching network…',
  'networks.unsupported':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'switchNetwork.title': 'Approve in wallet',
  'switchNetwork.approve': 'Approve the network switch in your wallet',
  'switchNetwork.to': 'Switch to {name}',
  'switchNetwork.missing': 'No network was chosen.',
  'switchActiveChain.hint': 'No {chain} wallet is connected. Connect one to use {name}.',
  'switchActiveChain.connect': 'Connect a wallet for {chain}',
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
