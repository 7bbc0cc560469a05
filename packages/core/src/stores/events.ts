// EventsController of the spec: a public stream of what happens in the modal, and the
// analytics of spec §7 (`POST /e` to our server). Nothing leaves the page unless the host
// opted in with `features.analytics` (and never in basic mode); error reports are limited to
// 5 a minute (spec §8).
import { $options, isLocalMode } from './options.js'
import { onReset } from './reset.js'

export type ModalEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'RECONNECT_SUCCESS'
  | 'RECONNECT_FAILED'
  | 'SEND_SUCCESS'
  | 'SEND_ERROR'
  | 'SWAP_SUCCESS'
  | 'SWAP_ERROR'
  | 'SEND_CALLS_SUCCESS'
  | 'SEND_CALLS_ERROR'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'
  | 'ERROR'

export interface ModalEvent {
  type: 'track' | 'error'
  event: ModalEventName
  timestamp: number
  properties?: Record<string, string | number | boolean | undefined>
}

type Listener = (event: ModalEvent) => void
const listeners = new Set<Listener>()

/**
 * Subscribes to the modal's events; returns the unsubscribe function.
 * @example const off = subscribeEvents((e) => console.log(e.event))
 */
export function subscribeEvents(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** @example emitEvent('MODAL_OPEN') */
export function emitEvent(event: ModalEventName, properties?: ModalEvent['properties']): void {
  const payload: ModalEvent = {
    type: event.endsWith('ERROR') || event.endsWith('FAILED') ? 'error' : 'track',
    event,
    timestamp: Date.now(),
    ...(properties ? { properties } : {}),
  }
  for (const listener of [...listeners]) {
    try {
      listener(payload)
    } catch (error) {
      // A host listener that throws must not break the modal or other listeners.
      console.error('[openmodal] event listener failed', error)
    }
  }
  sendAnalytics(payload)
}

/** `st` and `sv` of every analytics call. */
export const SDK_TYPE = 'openmodal'
export const SDK_VERSION = '0.1.0'
/** Spec §8: "Error reporting is limited to 5 per minute". */
export const ERROR_REPORTS_PER_MINUTE = 5

let errorReports: number[] = []

/** Forgets the error-report budget (tests). */
export function resetAnalyticsLimit(): void {
  errorReports = []
}
onReset(resetAnalyticsLimit)

function sendAnalytics(event: ModalEvent): void {
  const options = $options.get()
  if (!options?.features.analytics || isLocalMode(options) || !options.projectId) return
  if (event.type === 'error') {
    const now = Date.now()
    errorReports = errorReports.filter((at) => now - at < 60_000)
    if (errorReports.length >= ERROR_REPORTS_PER_MINUTE) return
    errorReports.push(now)
  }
  const pageUrl = globalThis.location?.href ?? options.metadata?.url ?? ''
  // Fire and forget, loaded on first use: analytics must never fail, slow or grow the modal.
  import('../actions/send-analytics.js')
    .then((m) => m.postAnalyticsEvent(event, pageUrl, { st: SDK_TYPE, sv: SDK_VERSION }))
    .catch(() => {})
}
