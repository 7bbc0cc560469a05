// OptionsController of the spec: the host's validated options.
import { atom } from 'nanostores'
import type { ResolvedOptions } from '../options/schema.js'

export const $options = atom<ResolvedOptions | null>(null)

/**
 * Local mode: the kit calls no server at all (no remote config, wallet registry, balances API or
 * analytics), in basic mode or when the host set no `apiUrl`.
 *
 * @example isLocalMode({ ...options, apiUrl: undefined }) // true
 */
export function isLocalMode(options: ResolvedOptions): boolean {
  return options.basic || !options.apiUrl
}

export function setOptions(options: ResolvedOptions | null): void {
  $options.set(options)
}
