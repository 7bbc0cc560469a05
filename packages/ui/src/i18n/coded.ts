// The texts only the modal and its views show: core's coded errors, alerts and toasts in the
// current locale, and messages split around their placeholders. A module of its own so that
// they load with the view groups; the buttons' initial JS carries only i18n/index.ts.
import {
  type Alert,
  alertTexts,
  BaseError,
  errorMessage,
  fillText,
  type SnackState,
} from '@openmodal/core/internal'
import type { MessageKey } from './en.js'
import { lookup } from './index.js'

/**
 * Splits the message `key` around its `{placeholders}` so a caller can put elements (links)
 * in them: text pieces stay strings, each placeholder becomes `{ slot: name }`.
 *
 * @example
 * tParts('legal.terms') // ['By connecting your wallet, you agree to our ', { slot: 'terms' }, '.']
 */
export function tParts(key: MessageKey): Array<string | { slot: string }> {
  const template = lookup(key, key)
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => (/^\{\w+\}$/.test(part) ? { slot: part.slice(1, -1) } : part))
}

/**
 * The text to show a person for a thrown value. An error that reads its code's text (core's
 * `kitError`) is translated by code, falling back to core's English; an error with words of
 * its own (a server's, a wallet's, one with values) is shown in those words.
 *
 * @example
 * tError(kitError('CONNECTION_REJECTED')) // 'رُفض الاتصال' under `ar`
 * tError(chainError('HTTP_ERROR', { values: { status: 502 } })) // 'HTTP-Statuscode: 502' under `de`
 */
export function tError(error: unknown): string {
  if (error instanceof BaseError && error.codeText) {
    // The English text has its values filled already; a translation gets the same values.
    return fillText(lookup(`error.${error.code}`, error.shortMessage), error.values)
  }
  return errorMessage(error)
}

/**
 * An alert's title and description in the current locale; a description of the caller's own
 * (a server's message: `alert.description`) stays as given.
 *
 * @example tAlert($alert.get()).title // 'تجاوزت حد الطلبات' under `ar`
 */
export function tAlert(alert: Alert): { title: string; description: string } {
  const english = alertTexts(alert)
  return {
    title: lookup(`alert.${alert.code}.title`, english.title),
    description:
      alert.description ?? lookup(`alert.${alert.code}.description`, english.description),
  }
}

/**
 * A toast's text in the current locale: a core toast (`code`) by code, another as given.
 *
 * @example tToast($snack.get())
 */
export function tToast(snack: Pick<SnackState, 'code' | 'message'>): string {
  return snack.code ? lookup(`toast.${snack.code}`, snack.message) : snack.message
}
