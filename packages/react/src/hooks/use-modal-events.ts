import { type ModalEvent, subscribeEvents } from '@openmodal/core/internal'
import { useEffect, useState } from 'react'

/**
 * The latest modal event (MODAL_OPEN, CONNECT_SUCCESS, SWITCH_NETWORK, …) since the component
 * mounted, or `undefined` before the first one.
 *
 * @example
 * const event = useModalEvents()
 * useEffect(() => { if (event?.event === 'CONNECT_SUCCESS') toast('Connected') }, [event])
 */
export function useModalEvents(): ModalEvent | undefined {
  const [event, setEvent] = useState<ModalEvent | undefined>(undefined)
  // Events are a stream, not state: subscribe after mount (never on the server).
  useEffect(() => subscribeEvents(setEvent), [])
  return event
}
