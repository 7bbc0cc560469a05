// Counted texts with the plural forms of CLDR (what ICU's `plural` selects between): a message
// `base` has one catalog key per category, `base.zero` … `base.other`, and the current locale's
// `Intl.PluralRules` picks one ("1 wallet", "2 wallets"; Arabic's six forms). Separate keys
// rather than ICU's inline syntax keep every catalog string a plain `{placeholder}` text that
// the catalog tools and the pseudo-locale handle as they are. Loaded by the views that count.
import { $locale } from '@openmodal/core/internal'
import type { MessageKey } from './en.js'
import { langFor, t } from './index.js'

/** A message base with its six category keys (`allWallets.count.zero` … `.other`) in English. */
export type PluralBase = 'allWallets.count'

/**
 * The text of `base` for `count` in the current locale: the key of the category
 * `Intl.PluralRules` selects, with `{count}` filled.
 *
 * @example
 * tCount('allWallets.count', 1) // '1 wallet'
 * tCount('allWallets.count', 3) // '3 wallets'
 */
export function tCount(base: PluralBase, count: number): string {
  const category = new Intl.PluralRules(langFor($locale.get())).select(count)
  return t(`${base}.${category}` as MessageKey, { count: String(count) })
}
