// The translation completeness check: a shipped locale may lack keys at compile time (they read
// English at run time), and this lists what each lacks so a test fails before anything ships
// untranslated.

/** What a catalog gets wrong against English: keys it lacks, and keys whose placeholders differ. */
export interface CatalogGaps {
  missing: string[]
  placeholders: string[]
}

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join()

/**
 * The gaps of each locale's catalog against `english`: missing (or blank) keys, and keys whose
 * `{placeholders}` differ from the English text's. A locale without gaps is left out.
 *
 * @example
 * catalogGaps({ 'a': 'A {x}' }, { de: {} }) // { de: { missing: ['a'], placeholders: [] } }
 */
export function catalogGaps(
  english: Readonly<Record<string, string>>,
  catalogs: Readonly<Record<string, Readonly<Record<string, string | undefined>>>>,
): Record<string, CatalogGaps> {
  const gaps: Record<string, CatalogGaps> = {}
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const found: CatalogGaps = { missing: [], placeholders: [] }
    for (const [key, text] of Object.entries(english)) {
      const translated = catalog[key]
      if (typeof translated !== 'string' || translated.trim() === '') found.missing.push(key)
      else if (placeholders(translated) !== placeholders(text)) found.placeholders.push(key)
    }
    if (found.missing.length || found.placeholders.length) gaps[locale] = found
  }
  return gaps
}
