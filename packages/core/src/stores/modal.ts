// ModalController of the spec: open state, loading, and what may close it.
import { atom, map } from 'nanostores'
import { kitError } from '../errors/errors.js'
import { emitEvent } from './events.js'
import { onReset } from './reset.js'

export interface ModalState {
  open: boolean
  loading: boolean
  /** Closing is refused (e.g. SIWX required and no session yet, spec §4). */
  closeDisabled: boolean
}

export const $modal = map<ModalState>({ open: false, loading: false, closeDisabled: false })

/**
 * Another dialog takes the modal's place: the embedded wallet's secure frame showing its own
 * approval UI (ApproveTransaction). The modal stays open in the store but leaves the top
 * layer, because a modal `<dialog>` makes everything outside it inert, the frame included.
 */
export const $modalCovered = atom(false)

/** Sets `$modalCovered`. @example setModalCovered(true) */
export function setModalCovered(covered: boolean): void {
  $modalCovered.set(covered)
}

const pendingRejects = new Set<(error: Error) => void>()

/**
 * Opens the modal. The view to show is chosen by the caller (see `createModal().open`).
 * @example openModal()
 */
export function openModal(): void {
  if ($modal.get().open) return
  $modal.setKey('open', true)
  emitEvent('MODAL_OPEN')
}

/**
 * Closes the modal unless closing is disabled; any promise wrapped with
 * `untilModalCloses` rejects with "Modal closed". Returns whether it closed.
 * @example closeModal()
 */
export function closeModal(options: { force?: boolean } = {}): boolean {
  const state = $modal.get()
  if (!state.open) return true
  if (state.closeDisabled && !options.force) return false
  $modal.set({ ...state, open: false, loading: false })
  const rejects = [...pendingRejects]
  pendingRejects.clear()
  for (const reject of rejects) reject(kitError('MODAL_CLOSED'))
  emitEvent('MODAL_CLOSE')
  return true
}

export function setModalLoading(loading: boolean): void {
  $modal.setKey('loading', loading)
}

export function setCloseDisabled(closeDisabled: boolean): void {
  $modal.setKey('closeDisabled', closeDisabled)
}
onReset(() => setCloseDisabled(false))

/**
 * Races `promise` against the modal closing: when the modal closes first the
 * result rejects with "Modal closed" (spec §4: connect promises reject with
 * Modal closed when the modal closes).
 * @example await untilModalCloses(adapter.connect(params))
 */
export function untilModalCloses<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onClose = (error: Error) => reject(error)
    pendingRejects.add(onClose)
    promise.then(
      (value) => {
        pendingRejects.delete(onClose)
        resolve(value)
      },
      (error: unknown) => {
        pendingRejects.delete(onClose)
        reject(error)
      },
    )
  })
}
