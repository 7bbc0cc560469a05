import { $theme, type ThemeState, type ThemeVariables } from '@openmodal/core/internal'
import type { ReactiveControllerHost } from 'lit'
import { StoreController } from './store-controller.js'

/** The theme variables a host may set (spec: themeVariables → `--w3m-*`). */
export const THEME_VARIABLES = [
  '--w3m-font-family',
  '--w3m-accent',
  '--w3m-color-mix',
  '--w3m-color-mix-strength',
  '--w3m-font-size-master',
  '--w3m-border-radius-master',
  '--w3m-z-index',
  '--w3m-qr-color',
] as const satisfies ReadonlyArray<keyof ThemeVariables>

/**
 * Binds `$theme` to a top-level element: re-renders on a mode change and mirrors
 * `themeVariables` onto the host as `--w3m-*` custom properties. Only the variables the host
 * set are written (through CSSOM, which CSP allows), so page CSS such as
 * `w3m-modal { --w3m-z-index: 5 }` keeps working for the rest.
 */
export class ThemeController extends StoreController<ThemeState> {
  private readonly applied = new Set<string>()

  constructor(private readonly element: ReactiveControllerHost & HTMLElement) {
    super(element, $theme)
  }

  get mode(): 'light' | 'dark' {
    return this.value.themeMode === 'dark' ? 'dark' : 'light'
  }

  override hostConnected(): void {
    super.hostConnected()
    this.apply()
  }

  hostUpdate(): void {
    this.apply()
  }

  private apply(): void {
    const variables = this.value.themeVariables as Record<string, unknown>
    for (const name of THEME_VARIABLES) {
      const value = variables[name]
      if (typeof value === 'string' || typeof value === 'number') {
        this.element.style.setProperty(name, String(value))
        this.applied.add(name)
      } else if (this.applied.delete(name)) {
        this.element.style.removeProperty(name)
      }
    }
  }
}
