import { $publicState, closeModal, type OpenTarget, openView } from '@openmodal/core/internal'
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'

export type OpenModalOptions = OpenTarget

export interface UseModalReturnType {
  /** Opens the modal on `view`, or on Account when connected and Connect otherwise. */
  open: (options?: OpenModalOptions) => void
  close: () => void
  isOpen: boolean
}

function close(): void {
  closeModal()
}

const getOpen = () => $publicState.get().open
// Servers never hold an open modal: the server HTML and hydration start closed.
const getServerOpen = () => false

/**
 * Opens and closes the modal, and tells whether it is open. Like any hook value, read `isOpen`
 * while rendering: a component re-renders when the modal opens or closes once it has read
 * `isOpen`, so one that only calls `open()` is not rendered again by the click that opens it.
 *
 * @example
 * const { open, close, isOpen } = useModal()
 * return <button onClick={() => open({ view: 'Networks' })}>Switch network</button>
 */
export function useModal(): UseModalReturnType {
  const tracked = useRef(false)
  const subscribe = useCallback(
    (onChange: () => void) =>
      $publicState.listen(() => {
        if (tracked.current) onChange()
      }),
    [],
  )
  const isOpen = useSyncExternalStore(subscribe, getOpen, getServerOpen)
  return useMemo(() => {
    const result = { open: openView, close } as UseModalReturnType
    Object.defineProperty(result, 'isOpen', {
      enumerable: true,
      get() {
        tracked.current = true
        return isOpen
      },
    })
    return result
  }, [isOpen])
}
