import { $publicState, type PublicState } from '@openmodal/core/internal'
import { useStore } from './use-store.js'

// Servers never hold an open modal: the server HTML and hydration start closed.
const SERVER_STATE: PublicState = Object.freeze({
  open: false,
  loading: false,
  view: 'Connect',
  selectedNetworkId: undefined,
  activeChain: undefined,
})

/**
 * The modal's public state (`open`, `loading`, `view`, `selectedNetworkId`, `activeChain`),
 * the same as `modal.getState()`, re-rendering on change.
 *
 * @example
 * const { open, view, selectedNetworkId } = useModalState()
 */
export function useModalState(): PublicState {
  return useStore($publicState, { serverSnapshot: SERVER_STATE })
}
