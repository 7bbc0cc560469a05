// OptionsController of the spec: the host's validated options.
import { atom } from 'nanostores'
import type { ResolvedOptions } from '../options/schema.js'

export const $options = atom<ResolvedOptions | null>(null)

export function setOptions(options: ResolvedOptions | null): void {
  $options.set(options)
}
