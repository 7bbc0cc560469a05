// The language the modal speaks. Catalogs live in @openmodal/ui.
import { atom } from 'nanostores'

export const $locale = atom<string>('en')

/** @example setLocale('ar') */
export function setLocale(locale: string): void {
  $locale.set(locale)
}
