// The spec §8 alerts' English texts, by code. `showAlert(code)` in the page's first file only
// stores the code: these texts load with what shows them (the modal, `tAlert` in the UI), so no
// page pays for them before an alert is shown (apps/size: 0.39 kB gzip in every app's initial
// JS). UI catalogs translate them by code (`alert.<CODE>.title`, `.description`).

/** The spec §8 alerts: blocking configuration and service alerts, keyed by a stable code. */
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

/**
 * An alert's English title and description: the caller's own description (a server's message)
 * when it gave one, else the code's.
 *
 * @example alertTexts($alert.get()).title // 'Project ID Not Configured'
 */
export function alertTexts(alert: { code: AlertCode; description?: string | undefined }): {
  title: string
  description: string
} {
  const { title, description } = ALERTS[alert.code]
  return { title, description: alert.description ?? description }
}
