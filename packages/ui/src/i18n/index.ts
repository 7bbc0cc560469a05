// Message catalogs and the `t()` helper. The language is core's `$locale`; an element that
// shows text binds `$locale` with a StoreController so it re-renders when the language changes.
// English is built in: the buttons' strings (en.ts) with the page, the modal's (en-views.ts,
// imported by the modal shell) and each feature's (features/<feature>/strings/en.ts, imported
// by its views) with the view group that brings them. The other shipped locales load with
// `import()` the first time they are used (text shows in English for those few milliseconds):
// the shell's catalog here, each loaded feature's part with it (i18n/feature-strings.ts), so a
// page pays only for the languages it speaks and the features it shows.
// A catalog may lack keys: they read English (the completeness test lists them).
import { $locale, fillText } from '@openmodal/core/internal'
import type { CodeKey } from './codes.js'
import { en as enShell, type MessageKey } from './en.js'

export type { CodeKey } from './codes.js'
export type { MessageKey, Messages } from './en.js'

/** A catalog: view strings by key, and translations of core's codes (`error.CONNECTION_REJECTED`). */
export type Catalog = Partial<Record<MessageKey | CodeKey, string>>

export type MessageParams = Readonly<Record<string, string | number>>

/** The English messages loaded so far: the buttons', then the modal's once a group loaded. */
const en: Catalog = { ...enShell }

const catalogs = new Map<string, Catalog>([['en', en]])

/**
 * Adds English strings that load later than the page: en-views.ts calls it with the views'
 * strings when the first view module loads.
 *
 * @example registerViewMessages({ 'connect.wallets': 'Wallets' })
 */
export function registerViewMessages(messages: Catalog): void {
  Object.assign(en, messages)
}

/** Loads a locale's catalog, or a feature's part of it. */
export type CatalogLoader = () => Promise<{ catalog: Catalog }>

/** The shell's catalogs shipped with the package (buttons, shell, core's codes), by locale. */
const SHIPPED: Record<string, CatalogLoader> = {
  ar: () => import('./ar.js'),
  de: () => import('./de.js'),
  es: () => import('./es.js'),
  fr: () => import('./fr.js'),
  ja: () => import('./ja.js'),
  'pt-BR': () => import('./pt-br.js'),
  'zh-CN': () => import('./zh-cn.js'),
}

/** The loaded features' parts of a shipped locale (i18n/feature-strings.ts adds them). */
export const localeParts: Array<(key: string) => Promise<Catalog | undefined>> = []

/** The locales shipped with the package: English, built in, and the ones loaded on first use. */
export const SHIPPED_LOCALES: readonly string[] = ['en', ...Object.keys(SHIPPED)]

const loading = new Map<string, Promise<void>>()

/** Languages written right to left (ISO 639-1). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ku'])

const language = (locale: string) => locale.toLowerCase().split(/[-_]/)[0] ?? ''

/**
 * The shipped or registered locale that speaks for the language tag `tag`, or undefined: the
 * tag itself (any case, `_` or `-`), else its language (`es-MX` → `es`), with Portuguese read
 * as Brazilian (`pt`, `pt-PT` → `pt-BR`) and Chinese as Simplified unless the tag asks for
 * Traditional (`zh`, `zh-Hans-SG` → `zh-CN`; `zh-TW`, `zh-Hant` → none).
 *
 * @example
 * matchLocale('es-MX') // 'es'
 * matchLocale('it') // undefined (unless a catalog was registered for it)
 */
export function matchLocale(tag: string): string | undefined {
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase()
  const [lang, ...subtags] = wanted.split('-')
  const traditional = subtags.some((subtag) => /^(hant|tw|hk|mo)$/.test(subtag))
  const fallback = lang === 'pt' ? 'pt-br' : lang === 'zh' && !traditional ? 'zh-cn' : lang
  const known = [...SHIPPED_LOCALES, ...catalogs.keys()]
  const find = (lower: string | undefined) =>
    lower ? known.find((locale) => locale.toLowerCase() === lower) : undefined
  return find(wanted) ?? find(fallback)
}

/**
 * The locale a page speaks, for a modal created without a `locale` option: the first of the
 * page's `<html lang>`, then the browser's `navigator.languages`, that a catalog speaks for
 * (`matchLocale`); else English.
 *
 * @example
 * pageLocale(['', 'fr-CH', 'en']) // 'fr'
 * pageLocale() // the page's and the browser's languages
 */
export function pageLocale(
  tags: readonly string[] = [document.documentElement.lang, ...navigator.languages],
): string {
  for (const tag of tags) {
    const match = matchLocale(tag)
    if (match) return match
  }
  return 'en'
}

/**
 * Loads the shipped catalog that speaks for `locale` if there is one and it is not loaded yet;
 * elements bound to `$locale` re-render when it arrives. A failed load is forgotten (the
 * text stays English) so the next use tries again.
 *
 * @example await loadLocale('ar') // before rendering, to avoid the English first frame
 */
export function loadLocale(locale: string): Promise<void> {
  const key = matchLocale(locale)
  const loader = key === undefined ? undefined : SHIPPED[key]
  if (key === undefined || !loader || catalogs.has(key)) return Promise.resolve()
  let promise = loading.get(key)
  if (!promise) {
    promise = Promise.all([loader(), ...localeParts.map((part) => part(key))]).then(
      ([{ catalog }, ...parts]) => {
        // A copy: features loaded later add their parts to it (extendCatalog).
        if (!catalogs.has(key)) catalogs.set(key, Object.assign({}, catalog, ...parts))
        $locale.notify()
      },
      (error: unknown) => {
        loading.delete(key)
        console.warn(`[openmodal/ui] could not load the "${key}" messages`, error)
      },
    )
    loading.set(key, promise)
  }
  return promise
}

/** The catalog for `locale`: a registered one of that exact tag, else `matchLocale`'s, else English. */
function catalogFor(locale: string): Catalog {
  const key = catalogs.has(locale) ? locale : matchLocale(locale)
  const catalog = key === undefined ? undefined : catalogs.get(key)
  if (catalog) return catalog
  void loadLocale(locale)
  return en
}

/**
 * Adds a feature's part to the loaded catalog of a shipped locale `key` (see
 * i18n/feature-strings.ts); nothing when that catalog is not loaded.
 *
 * @example extendCatalog('de', { 'siwx.sign': 'Signieren' })
 */
export function extendCatalog(key: string, part: Catalog): void {
  const catalog = catalogs.get(key)
  if (catalog) Object.assign(catalog, part) && $locale.notify()
}

/**
 * Adds or replaces the messages of a locale; keys it lacks fall back to English.
 *
 * @example
 * registerCatalog('fr', { 'button.connect': 'Connecter le portefeuille' })
 */
export function registerCatalog(locale: string, messages: Catalog): void {
  catalogs.set(locale, messages)
}

/**
 * The message `key` in the current locale (`$locale`), with `{param}` placeholders filled.
 * An unknown locale or a missing key falls back to English; a view's English string is there
 * once its view group has loaded (before that, the key itself).
 *
 * @example
 * t('connecting.continueIn', { name: 'MetaMask' }) // 'Continue in MetaMask'
 */
export function t(key: MessageKey, params?: MessageParams): string {
  // Core's filler, which its coded errors use too: one copy in the page.
  return fillText(lookup(key, key), params)
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
  const key = matchLocale(locale)
  return key !== undefined && catalogs.has(key) ? key : 'en'
}

/**
 * The text of `key` in the current locale (`$locale`), else English, else `fallback`: what
 * `t()` and the coded texts of i18n/coded.ts read.
 *
 * @example lookup('error.CONNECTION_REJECTED', 'Connection rejected')
 */
export function lookup(key: MessageKey | CodeKey, fallback: string): string {
  return catalogFor($locale.get())[key] ?? en[key] ?? fallback
}
