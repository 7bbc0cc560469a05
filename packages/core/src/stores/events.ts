// EventsController of the spec: a public stream of what happens in the modal.
// Nothing leaves the page from here; analytics (a later issue) only send when the host opts in.

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
}
