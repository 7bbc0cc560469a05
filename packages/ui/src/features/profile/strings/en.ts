// The profile feature's English strings. Its view modules import this module, which registers
// them with the loaders of the other shipped locales' strings (each loads on first use).
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'profile.eoa': 'Ordinary account (EOA)',
  'profile.smartAccount': 'Smart account',
  'profile.active': 'Active',
  'profile.use': 'Use this account',
  'profile.deployed': 'Deployed',
  'profile.notDeployed': 'Not deployed yet: your first transaction deploys it',
  'profile.balance': 'Balance: {amount} {symbol}',
  'profile.balanceUnknown': 'Balance unavailable',
  'profile.noSmartAccount': 'Smart accounts are not available on this network.',
  'profile.loading': 'Loading your accounts…',
  'profile.switching': 'Switching…',
  'profile.account7702': 'Your account (EIP-7702): one address for both',
  'profile.delegated': 'Delegated: this address is a smart account',
  'profile.notDelegated':
    'Not delegated yet: your first transaction as a smart account delegates it',
  'profile.actsAsSmart': 'Acts as a smart account',
  'profile.actsAsEoa': 'Acts as an ordinary account (EOA)',
  'profile.useSmart': 'Use as a smart account',
  'profile.useEoa': 'Use as an ordinary account',
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
