import { $publicState, closeModal, type OpenTarget, openView } from '@openmodal/core/internal'
import { type ComputedRef, computed } from 'vue'
import { useStoreValue } from './use-store-value.js'

export type OpenModalOptions = OpenTarget

export interface UseModalReturnType {
  /** Opens the modal on `view`, or on Account when connected and Connect otherwise. */
  open: (options?: OpenModalOptions) => void
  close: () => void
  isOpen: ComputedRef<boolean>
}

function close(): void {
  closeModal()
}

/**
 * Opens and closes the modal, and tells whether it is open.
 *
 * @example
 * const { open, isOpen } = useModal()
 * // <button @click="open({ view: 'Networks' })">Switch network</button>
 */
export function useModal(): UseModalReturnType {
  const state = useStoreValue($publicState)
  return { open: openView, close, isOpen: computed(() => state.value.open) }
}
