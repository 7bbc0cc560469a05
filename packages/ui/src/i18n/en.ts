// The English strings that load with the page: the public buttons'. Everything the modal
// shows (its shell, the views, core's error and alert texts) is in en-views.ts, registered when
// the first view group loads the modal, so a page that never opens the modal does not load
// them. Other locales implement `Messages` (both parts) so a missing key is a type error.
// `{name}` placeholders are filled by `t()`.
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

export type MessageKey = keyof typeof en | keyof typeof enViews
export type Messages = Record<MessageKey, string>
