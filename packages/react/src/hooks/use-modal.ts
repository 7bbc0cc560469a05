import { closeModal, type OpenTarget, openView } from '@openmodal/core'
import { useMemo } from 'react'
import { useModalState } from './use-modal-state.js'

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

/**
 * Opens and closes the modal, and tells whether it is open.
 *
 * @example
 * const { open, close, isOpen } = useModal()
 * return <button onClick={() => open({ view: 'Networks' })}>Switch network</button>
 */
export function useModal(): UseModalReturnType {
  const isOpen = useModalState().open
  return useMemo(() => ({ open: openView, close, isOpen }), [isOpen])
}
