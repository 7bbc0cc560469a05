// SwapController of the spec: what the visitor typed and picked for a swap, for one account on
// one network (a change of either, or a disconnect, empties it, as Send's draft). The swap
// itself, the server calls and the checks are in actions/swap.ts, loaded with the Swap views.
import { map } from 'nanostores'
import { $activeAccount } from './account.js'
import { activeTarget } from './active-target.js'
import { $activeNetwork } from './chain.js'
import { onReset } from './reset.js'

/** Spec §9: the default slippage tolerance, percent. */
export const DEFAULT_SWAP_SLIPPAGE = 1

export interface SwapDraft {
  /** Address of the token sold (the swap API's native address for the native currency). */
  fromToken: string | undefined
  /** Address of the token bought. */
  toToken: string | undefined
  /** The amount sold as the visitor typed it, in the token's units. */
  amount: string | undefined
  /** Max slippage, percent. */
  slippage: number
  /** `accountKey` of the account and network the draft is for. */
  key: string | undefined
}

const EMPTY: SwapDraft = {
  fromToken: undefined,
  toToken: undefined,
  amount: undefined,
  slippage: DEFAULT_SWAP_SLIPPAGE,
  key: undefined,
}

export const $swapDraft = map<SwapDraft>({ ...EMPTY })

let stopGuard: (() => void) | undefined

/**
 * Empties the draft (after a swap, on disconnect, on another account or network).
 *
 * @example resetSwapDraft()
 */
export function resetSwapDraft(): void {
  stopGuard?.()
  stopGuard = undefined
  $swapDraft.set({ ...EMPTY, key: activeTarget()?.key })
}
onReset(resetSwapDraft)

function guard(): void {
  if (stopGuard) return
  const key = activeTarget()?.key
  const check = () => {
    if (activeTarget()?.key !== key) resetSwapDraft()
  }
  const stops = [$activeAccount.listen(check), $activeNetwork.listen(check)]
  stopGuard = () => {
    for (const stop of stops) stop()
  }
}

/**
 * Changes fields of the draft of the active account and network (another's is emptied first).
 *
 * @example updateSwapDraft({ amount: '0.5' })
 */
export function updateSwapDraft(patch: Partial<Omit<SwapDraft, 'key'>>): void {
  const key = activeTarget()?.key
  if ($swapDraft.get().key !== key) resetSwapDraft()
  if (key !== undefined) guard()
  $swapDraft.set({ ...$swapDraft.get(), ...patch })
}

/**
 * Swaps the two tokens; the amount stays as typed.
 *
 * @example flipSwapDraft()
 */
export function flipSwapDraft(): void {
  const { fromToken, toToken } = $swapDraft.get()
  updateSwapDraft({ fromToken: toToken, toToken: fromToken })
}
