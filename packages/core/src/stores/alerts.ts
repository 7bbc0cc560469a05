// AlertController of the spec: blocking configuration and service alerts (spec §8).
import { atom } from 'nanostores'
import { ALERTS, type AlertCode } from '../errors/messages.js'

export { ALERTS, type AlertCode } from '../errors/messages.js'

export interface Alert {
  code: AlertCode
  title: string
  description: string
  /**
   * `description` is the caller's own words (a server's message), shown as given; otherwise
   * it is the code's text, which a catalog may translate by code.
   */
  ownDescription: boolean
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
  const alert = ALERTS[code]
  $alert.set({
    code,
    title: alert.title,
    description: options.description ?? alert.description,
    ownDescription: options.description !== undefined,
    variant: options.variant ?? 'error',
  })
}

export function clearAlert(): void {
  $alert.set(null)
}
