// Message catalogs and the `t()` helper. The language is core's `$locale`; an element that
// shows text binds `$locale` with a StoreController so it re-renders when the language changes.
import { $locale } from '@openmodal/core'
import { ar } from './ar.js'
import { en, type MessageKey, type Messages } from './en.js'

export type { MessageKey, Messages } from './en.js'

export type MessageParams = Readonly<Record<string, string | number>>

const catalogs = new Map<string, Partial<Messages>>([
  ['en', en],
  ['ar', ar],
])

/** Languages written right to left (ISO 639-1). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ku'])

const language = (locale: string) => locale.toLowerCase().split(/[-_]/)[0] ?? ''

/** The catalog for `locale`: exact tag, then its language, then English. */
function catalogFor(locale: string): Partial<Messages> {
  return catalogs.get(locale) ?? catalogs.get(language(locale)) ?? en
}

/**
 * Adds or replaces the messages of a locale; keys it lacks fall back to English.
 *
 * @example
 * registerCatalog('fr', { 'button.connect': 'Connecter le portefeuille' })
 */
export function registerCatalog(locale: string, messages: Partial<Messages>): void {
  catalogs.set(locale, messages)
}

/**
 * The message `key` in the current locale (`$locale`), with `{param}` placeholders filled.
 * An unknown locale or a missing key falls back to English.
 *
 * @example
 * t('connecting.continueIn', { name: 'MetaMask' }) // 'Continue in MetaMask'
 */
export function t(key: MessageKey, params?: MessageParams): string {
  const template = catalogFor($locale.get())[key] ?? en[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  )
}

/**
 * Splits the message `key` around its `{placeholders}` so a caller can put elements (links)
 * in them: text pieces stay strings, each placeholder becomes `{ slot: name }`.
 *
 * @example
 * tParts('legal.terms') // ['By connecting your wallet, you agree to our ', { slot: 'terms' }, '.']
 */
export function tParts(key: MessageKey): Array<string | { slot: string }> {
  const template = catalogFor($locale.get())[key] ?? en[key]
  return template
    .split(/(\{\w+\})/)
    .filter((part) => part !== '')
    .map((part) => (/^\{\w+\}$/.test(part) ? { slot: part.slice(1, -1) } : part))
}

/**
 * The writing direction of `locale`.
 *
 * @example
 * dirFor('ar') // 'rtl'
 * dirFor('en-GB') // 'ltr'
 */
export function dirFor(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(language(locale)) ? 'rtl' : 'ltr'
}

/** The language tag to put in `lang` (the catalog's, so text and tag agree). */
export function langFor(locale: string): string {
  if (catalogs.has(locale)) return locale
  if (catalogs.has(language(locale))) return language(locale)
  return 'en'
}
