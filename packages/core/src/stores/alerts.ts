// AlertController of the spec: blocking configuration and service alerts (spec §8). The store
// keeps the alert's code: its texts load with what shows them (`alertTexts` in
// errors/alert-messages.ts, the UI's `tAlert`), not with the page.
import { atom } from 'nanostores'
import type { AlertCode } from '../errors/alert-messages.js'
import { onReset } from './reset.js'

export type { AlertCode } from '../errors/alert-messages.js'

export interface Alert {
  code: AlertCode
  /**
   * The caller's own words (a server's message), shown as given; without it the code's text,
   * which a catalog may translate by code.
   */
  description?: string
  variant: 'error' | 'warning'
}

export const $alert = atom<Alert | null>(null)

/**
 * Shows one of the spec's alerts; `description` replaces the default text (e.g. a server message).
 * @example showAlert('PROJECT_ID_NOT_CONFIGURED')
 */
export function showAlert(
  code: AlertCode,
  options: { description?: string; variant?: 'error' | 'warning' } = {},
): void {
  $alert.set({
    code,
    ...(options.description !== undefined ? { description: options.description } : {}),
    variant: options.variant ?? 'error',
  })
}

export function clearAlert(): void {
  $alert.set(null)
}
onReset(clearAlert)
