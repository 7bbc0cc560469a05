import { type ModalEvent, subscribeEvents } from '@openmodal/core/internal'
import { getCurrentScope, onScopeDispose, type Ref, readonly, shallowRef } from 'vue'

/**
 * The latest modal event (MODAL_OPEN, CONNECT_SUCCESS, SWITCH_NETWORK, …) since the composable
 * ran, or `undefined` before the first one. Call it in `setup`: it stops listening when the
 * component unmounts (or the effect scope stops).
 *
 * @example
 * const event = useModalEvents()
 * watch(event, (e) => { if (e?.event === 'CONNECT_SUCCESS') toast('Connected') })
 */
export function useModalEvents(): Readonly<Ref<ModalEvent | undefined>> {
  const latest = shallowRef<ModalEvent | undefined>(undefined)
  // Events are a stream, not state: nothing to listen to while rendering on a server.
  if (typeof window !== 'undefined') {
    const unsubscribe = subscribeEvents((event) => {
      latest.value = event
    })
    if (getCurrentScope()) onScopeDispose(unsubscribe)
  }
  return readonly(latest)
}
