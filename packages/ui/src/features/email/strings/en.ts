// The email feature's English strings. Its view modules import this module, which registers them
// with the loaders of the other shipped locales' strings (each loads on first use of its locale).
// The shell's strings (common words, titles) come along.
import '../../../i18n/en-views.js'
import { registerFeatureStrings } from '../../../i18n/feature-strings.js'

export const en = {
  'email.label': 'Email address',
  'email.submit': 'Continue',
  'email.invalid': 'Invalid email',
  'email.throttled': 'Please try again after {seconds} seconds',
  'email.sending': 'Sending a code…',
  'email.deviceIntro': 'This is a new device. Approve it from the e-mail we sent to {email}.',
  'email.deviceWaiting': 'Waiting for approval…',
  'email.otpIntro': 'Enter the 6-digit code we sent to {email}.',
  'email.typeInFrame': 'Type the code in the secure window.',
  'email.verifying': 'Checking the code…',
  'email.resend': 'Resend code',
  'email.resendIn': 'Resend code in {seconds} s',
  'email.change': 'Use another email',
  'updateEmail.intro': 'Your email is {email}.',
  'updateEmail.label': 'New email address',
  'updateEmail.same': 'This is already your email.',
  'updateEmail.primaryIntro': 'Enter the code we sent to {email} to confirm the change.',
  'updateEmail.secondaryIntro': 'Enter the code we sent to {email}.',
  'updateEmail.saved': 'Email updated',
  'approve.title': 'Approve in the secure window',
  'approve.intro': 'Review the request in the secure window. This screen returns when you answer.',
  'email.recoveryInFrame': 'Use your passkey or passphrase in the secure window.',
  'recovery.intro':
    'On a new device, only a passkey or passphrase that you hold recovers your wallet. To change it, confirm with a code we send to {email}, then choose the new one in the secure window.',
  'recovery.start': 'Change recovery method',
  'recovery.codeIntro': 'Enter the code we sent to {email} in the secure window.',
  'recovery.choose': 'Choose a passkey or a passphrase in the secure window.',
  'recovery.donePasskey': 'Done. A new device now recovers your wallet with your passkey.',
  'recovery.donePassphrase': 'Done. A new device now recovers your wallet with your passphrase.',
  'recovery.done': 'Recovery method changed',
  'recovery.cancelled': 'Cancelled. Nothing was changed.',
  'recovery.back': 'Back to account',
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
