// A feature's strings (features/<feature>/strings/): its English joins the built-in English
// when the feature's views load, and its part of a shipped locale loads with the first use of
// that locale (or at once, for the current one) and joins that locale's catalog once the
// shell's part of it is there. A module of its own, loaded with the views, so that the page's
// initial JS carries none of it.
import { $locale } from '@openmodal/core/internal'
import {
  type Catalog,
  type CatalogLoader,
  extendCatalog,
  loadLocale,
  localeParts,
  matchLocale,
  registerViewMessages,
} from './index.js'

/**
 * Registers a feature's strings: its English now, and the loaders of its other shipped
 * locales', each called on the first use of its locale. A locale may lack keys: they read
 * English (the completeness test lists them). A feature's strings/en.ts calls it.
 *
 * @example registerFeatureStrings({ 'siwx.sign': 'Sign' }, { de: () => import('./de.js') })
 */
export function registerFeatureStrings(
  english: Catalog,
  locales: Readonly<Record<string, CatalogLoader>>,
): void {
  registerViewMessages(english)
  const part = async (key: string) => (await locales[key]?.())?.catalog
  localeParts.push(part)
  // The current locale's part now, another's on its first use: once per locale (adding a part
  // notifies `$locale` again).
  const done = new Set<string>()
  $locale.subscribe((locale) => {
    const key = matchLocale(locale)
    if (key === undefined || !locales[key] || done.has(key)) return
    done.add(key)
    Promise.all([part(key), loadLocale(key)]).then(
      ([catalog]) => catalog && extendCatalog(key, catalog),
      (error: unknown) => {
        done.delete(key)
        console.warn(`[openmodal/ui] could not load the "${key}" messages`, error)
      },
    )
  })
}
