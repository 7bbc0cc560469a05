// AlertController of the spec: blocking configuration and service alerts (spec §8).
import { atom } from 'nanostores'

export const ALERTS = {
  NETWORK_NOT_FOUND: {
    title: 'Network Not Found',
    description: 'The network you tried to switch to is not configured in this app.',
  },
  INVALID_APP_CONFIGURATION: {
    title: 'Invalid App Configuration',
    description: 'This page is not on the allowed origins of the project.',
  },
  EMBEDDED_WALLET_LOAD_FAILED: {
    title: 'Network Error - Could not load embedded wallet',
    description: 'Check your connection and reload the page.',
  },
  EMBEDDED_WALLET_TIMEOUT: {
    title: 'Embedded Wallet Request Timed Out',
    description: 'The embedded wallet did not answer in time. Try again.',
  },
  SESSION_EXPIRED: { title: 'Session Expired', description: 'Connect your wallet again.' },
  PROJECT_ID_NOT_CONFIGURED: {
    title: 'Project ID Not Configured',
    description: 'Set `projectId` in the options passed to createModal().',
  },
  SERVER_ERROR: { title: 'Server Error', description: 'The project server failed to answer.' },
  RATE_LIMITED: { title: 'Rate Limited', description: 'Too many requests. Try again soon.' },
} as const

export type AlertCode = keyof typeof ALERTS

export interface Alert {
  code: AlertCode
  title: string
  description: string
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
    variant: options.variant ?? 'error',
  })
}

export function clearAlert(): void {
  $alert.set(null)
}
