import {
  $theme,
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeState,
  type ThemeVariables,
} from '@openmodal/core/internal'
import { useMemo } from 'react'
import { useStore } from './use-store.js'

export interface UseModalThemeReturnType {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  setThemeMode: (mode: ThemeMode) => void
  /** Merges over the current variables; a key set to `undefined` is removed. */
  setThemeVariables: (variables: ThemeVariables) => void
}

const SERVER_THEME: ThemeState = Object.freeze({ themeMode: 'light', themeVariables: {} })

/**
 * The modal's theme, and setters that restyle every OpenModal element at once.
 *
 * @example
 * const { themeMode, setThemeMode } = useModalTheme()
 * setThemeMode(themeMode === 'dark' ? 'light' : 'dark')
 */
export function useModalTheme(): UseModalThemeReturnType {
  const { themeMode, themeVariables } = useStore($theme, { serverSnapshot: SERVER_THEME })
  return useMemo(
    () => ({ themeMode, themeVariables, setThemeMode, setThemeVariables }),
    [themeMode, themeVariables],
  )
}
