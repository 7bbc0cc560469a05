// ThemeController of the spec: light/dark and the host's theme variables.
import { map } from 'nanostores'
import type { ThemeMode, ThemeVariables } from '../options/schema.js'
import { onReset } from './reset.js'

export type { ThemeMode, ThemeVariables }

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

export const $theme = map<ThemeState>({ themeMode: 'light', themeVariables: {} })
onReset(() => $theme.set({ themeMode: 'light', themeVariables: {} }))

/** @example setThemeMode('dark') */
export function setThemeMode(themeMode: ThemeMode): void {
  $theme.setKey('themeMode', themeMode)
}

/**
 * Merges `variables` over the current ones; a key set to `undefined` is removed.
 * @example setThemeVariables({ '--w3m-accent': '#0a7' })
 */
export function setThemeVariables(variables: ThemeVariables): void {
  const next: Record<string, unknown> = { ...$theme.get().themeVariables }
  for (const [key, value] of Object.entries(variables)) {
    if (value === undefined) delete next[key]
    else next[key] = value
  }
  $theme.setKey('themeVariables', next as ThemeVariables)
}
