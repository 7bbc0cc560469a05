// Shared by the catalog tests: English as a complete catalog, the reference every locale and
// the pseudo-locale are measured against, and each shipped locale's catalog: the shell's and
// every feature's strings (features/<feature>/strings/), found by the feature's name.
import {
  ALERTS,
  AUTH_TOAST_MESSAGES,
  KIT_ERROR_MESSAGES,
  TOAST_MESSAGES,
} from '@openmodal/core/internal'
import { FEATURES } from '../features/index.js'
import { en } from '../i18n/en.js'
import { enViews } from '../i18n/en-views.js'
import type { Catalog } from '../i18n/index.js'

/** The file name of a shipped locale's catalogs (`pt-BR` → `pt-br`). */
const fileOf = (locale: string) => locale.toLowerCase()

/** The strings of every feature in `locale` (`en` for English), merged. */
async function featureStrings(locale: string): Promise<Record<string, string>> {
  const parts = await Promise.all(
    Object.keys(FEATURES).map(async (name) => {
      // `.ts`: the test server serves the sources as they are (no `.js` mapping at run time).
      const module = await import(`../features/${name}/strings/${fileOf(locale)}.ts`)
      return (locale === 'en' ? module.en : module.catalog) as Record<string, string>
    }),
  )
  return Object.assign({}, ...parts)
}

/**
 * Every English string a catalog translates, by catalog key: the view strings (en.ts,
 * en-views.ts, each feature's) and core's text of each code the kit builds an error, alert
 * or toast from.
 */
export async function englishCatalog(): Promise<Record<string, string>> {
  const english: Record<string, string> = { ...en, ...enViews, ...(await featureStrings('en')) }
  for (const [code, text] of Object.entries(KIT_ERROR_MESSAGES)) english[`error.${code}`] = text
  for (const [code, { title, description }] of Object.entries(ALERTS)) {
    english[`alert.${code}.title`] = title
    english[`alert.${code}.description`] = description
  }
  for (const [code, text] of Object.entries({ ...TOAST_MESSAGES, ...AUTH_TOAST_MESSAGES })) {
    english[`toast.${code}`] = text
  }
  return english
}

/** A shipped locale's whole catalog: the shell's (i18n/<locale>.ts) and every feature's. */
export async function shippedCatalog(locale: string): Promise<Catalog> {
  const shell = (await import(`../i18n/${fileOf(locale)}.ts`)) as { catalog: Catalog }
  return { ...shell.catalog, ...(await featureStrings(locale)) }
}
