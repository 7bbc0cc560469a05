import { $publicState, type PublicState } from '@openmodal/core/internal'
import { type AllKeys, type ToComputedRefs, toComputedRefs } from './field-refs.js'
import { useStoreValue } from './use-store-value.js'

export type UseModalStateReturnType = ToComputedRefs<PublicState>

const KEYS = ['open', 'loading', 'view', 'selectedNetworkId', 'activeChain'] as const
const FIELDS: AllKeys<PublicState, typeof KEYS> = KEYS

/**
 * The modal's public state (`open`, `loading`, `view`, `selectedNetworkId`, `activeChain`),
 * the same as `modal.getState()`, as read-only refs.
 *
 * @example
 * const { open, view, selectedNetworkId } = useModalState()
 */
export function useModalState(): UseModalStateReturnType {
  const state = useStoreValue($publicState)
  return toComputedRefs(() => state.value, FIELDS)
}
