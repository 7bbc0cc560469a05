// The English strings that load with the page: the public buttons'. Everything the modal
// shows loads with the first view group: the shell's in en-views.ts, each feature's in its folder
// (features/<feature>/strings/en.ts), core's error and alert texts in core. Other locales may
// leave keys out: they read English, and the completeness test lists what they lack.
// `{name}` placeholders are filled by `t()`.
import type { FEATURES } from '../features/index.js'
import type { enViews } from './en-views.js'

export const en = {
  // Public buttons
  'button.connect': 'Connect Wallet',
  'button.connecting': 'Connecting…',
  'button.account': 'Account {name}',
  'button.network': 'Network: {name}',
  'button.selectNetwork': 'Select network',
  'button.unsupported': 'Unsupported network',
} as const

/** The keys of every feature's English strings (the `messages` type each feature carries). */
type FeatureKey = {
  [F in keyof typeof FEATURES]: keyof NonNullable<(typeof FEATURES)[F]['messages']>
}[keyof typeof FEATURES]

export type MessageKey = keyof typeof en | keyof typeof enViews | FeatureKey
export type Messages = Record<MessageKey, string>
