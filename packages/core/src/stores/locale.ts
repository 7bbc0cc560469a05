// The language the modal speaks. Catalogs live in @openmodal/ui.
import { atom } from 'nanostores'
import { onReset } from './reset.js'

export const $locale = atom<string>('en')
onReset(() => $locale.set('en'))

/** @example setLocale('ar') */
export function setLocale(locale: string): void {
  $locale.set(locale)
}
