// Spec §7 analytics: the body of `POST /e` and the call. Loaded with import() by events.ts,
// only once the host opted in (`features.analytics`).
import type { AnalyticsEvent } from '../api/types.js'
import { $api } from '../stores/api.js'
import type { ModalEvent } from '../stores/events.js'

/**
 * The spec §7 body for `event`, or undefined when the page has no http(s) URL to report.
 *
 * @example
 * toAnalyticsEvent({ type: 'track', event: 'MODAL_OPEN', timestamp: Date.now() }, 'https://app.example')
 */
export function toAnalyticsEvent(event: ModalEvent, pageUrl: string): AnalyticsEvent | undefined {
  let url: URL
  try {
    url = new URL(pageUrl)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const message = event.properties?.message
  return {
    eventId: globalThis.crypto.randomUUID(),
    url: url.href.slice(0, 2048),
    domain: url.hostname,
    timestamp: event.timestamp,
    props: {
      type: event.type,
      event: event.event,
      ...(event.type === 'error'
        ? {
            errorType: event.event,
            ...(typeof message === 'string' ? { errorMessage: message.slice(0, 4096) } : {}),
          }
        : {}),
    },
  }
}

/**
 * Posts `event` to the server's `POST /e` (when the page has an http(s) URL to report).
 *
 * @example await postAnalyticsEvent(event, location.href, { st: 'openmodal', sv: '0.1.0' })
 */
export async function postAnalyticsEvent(
  event: ModalEvent,
  pageUrl: string,
  query: { st: string; sv: string },
): Promise<void> {
  const body = toAnalyticsEvent(event, pageUrl)
  if (body) await $api.get().post('/e', { query, body })
}
