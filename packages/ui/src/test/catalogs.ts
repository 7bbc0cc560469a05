// Shared by the catalog tests: English as a complete catalog, the reference every locale and
// the pseudo-locale are measured against.
import { ALERTS, KIT_ERROR_MESSAGES, TOAST_MESSAGES } from '@openmodal/core/internal'
import { en } from '../i18n/en.js'
import { enViews } from '../i18n/en-views.js'

/**
 * Every English string a catalog translates, by catalog key: the view strings (en.ts,
 * en-views.ts) and core's text of each code the kit builds an error, alert or toast from.
 */
export function englishCatalog(): Record<string, string> {
  const english: Record<string, string> = { ...en, ...enViews }
  for (const [code, text] of Object.entries(KIT_ERROR_MESSAGES)) english[`error.${code}`] = text
  for (const [code, { title, description }] of Object.entries(ALERTS)) {
    english[`alert.${code}.title`] = title
    english[`alert.${code}.description`] = description
  }
  for (const [code, text] of Object.entries(TOAST_MESSAGES)) english[`toast.${code}`] = text
  return english
}
