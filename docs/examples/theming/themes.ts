// The three themes of docs/theming.md's screenshots: the options a host passes.
import type { ModalOptions } from '@openmodal/core'

export const THEMES = {
  light: { themeMode: 'light' },
  dark: { themeMode: 'dark' },
  custom: {
    themeMode: 'dark',
    themeVariables: {
      '--w3m-accent': '#f0a202',
      '--w3m-color-mix': '#1b3a5c',
      '--w3m-color-mix-strength': 40,
      '--w3m-border-radius-master': '2px',
      '--w3m-font-family': 'Georgia, serif',
    },
  },
} satisfies Record<string, Pick<ModalOptions, 'themeMode' | 'themeVariables'>>

export type ThemeName = keyof typeof THEMES
