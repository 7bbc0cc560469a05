import { $activeAccount, closeModal, type ModalInstance, openModal, reset } from '@openmodal/core'
import { useMemo } from 'react'
import { useModalState } from './use-modal-state.js'

export type OpenModalOptions = Parameters<ModalInstance['open']>[0]

export interface UseModalReturnType {
  /** Opens the modal on `view`, or on Account when connected and Connect otherwise. */
  open: (options?: OpenModalOptions) => void
  close: () => void
  isOpen: boolean
}

/** Same as `modal.open()`: works without holding the instance `createModal` returned. */
function open({ view, data }: NonNullable<OpenModalOptions> = {}): void {
  const connected = $activeAccount.get().status === 'connected'
  reset(view ?? (connected ? 'Account' : 'Connect'), data)
  openModal()
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
  return useMemo(() => ({ open, close, isOpen }), [isOpen])
}
