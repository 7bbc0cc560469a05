import {
  $theme,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeVariables,
} from '@openmodal/core/internal'
import { type ComputedRef, computed } from 'vue'
import { useStoreValue } from './use-store-value.js'

export interface UseModalThemeReturnType {
  themeMode: ComputedRef<ThemeMode>
  themeVariables: ComputedRef<ThemeVariables>
  setThemeMode: (mode: ThemeMode) => void
  /** Merges over the current variables; a key set to `undefined` is removed. */
  setThemeVariables: (variables: ThemeVariables) => void
}

/**
 * The modal's theme, and setters that restyle every OpenModal element at once.
 *
 * @example
 * const { themeMode, setThemeMode } = useModalTheme()
 * setThemeMode(themeMode.value === 'dark' ? 'light' : 'dark')
 */
export function useModalTheme(): UseModalThemeReturnType {
  const theme = useStoreValue($theme)
  return {
    themeMode: computed(() => theme.value.themeMode),
    themeVariables: computed(() => theme.value.themeVariables),
    setThemeMode,
    setThemeVariables,
  }
}
