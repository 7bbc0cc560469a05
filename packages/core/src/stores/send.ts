// SendController of the spec: the draft of a send (spec §3 "Send draft"). It belongs to one
// account on one network: a change of account or network, or a disconnect, clears it, and so
// does a successful send (actions/send.ts). The sending itself is in actions/send.ts, which the
// Send views load with their group, so none of it is in a page's initial JS.
import { map } from 'nanostores'
import type { FeeCap } from '../adapters/types.js'
import type { TokenBalance } from '../api/types.js'
import { $activeAccount } from './account.js'
import { activeTarget } from './active-target.js'
import { $activeNetwork } from './chain.js'
import { onReset } from './reset.js'

/**
 * What the visitor typed and picked for a send (spec §3 "Send draft"), and the account and
 * network it belongs to. Nothing here is derived: the parsed transfer, the tokens that can be
 * sent and their loading state are computed in actions/send.ts (`$sendTransfer`,
 * `$sendTokens`); whether a send is in flight is `sendMutation.$state`.
 */
export interface SendDraft {
  /** The token picked to send; undefined until picked. Its balance is read from `$sendTokens`. */
  token: TokenBalance | undefined
  /** The amount as the visitor typed it (a decimal string in the token's units). */
  sendTokenAmount: string | undefined
  /** The address the tokens go to: typed, or the one a name resolved to. */
  receiverAddress: string | undefined
  /** Avatar of the receiver's name (safe URLs only are ever shown). */
  receiverProfileImageUrl: string | undefined
  /** The name the visitor typed when it resolved (ENS or our registry). */
  receiverProfileName: string | undefined
  /**
   * The amount "Max" filled and the fee ceiling its fee was estimated with: while the amount
   * is still that one, the send uses this ceiling, so balance − fee stays sendable.
   */
  maxFee: { amount: string; cap: FeeCap } | undefined
  /** `accountKey` of the account and network the draft is for; undefined when none. */
  key: string | undefined
}

const EMPTY: SendDraft = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  maxFee: undefined,
  key: undefined,
}

export const $sendDraft = map<SendDraft>({ ...EMPTY })

/**
 * Empties the draft (after a successful send, on disconnect, on a change of account or network).
 *
 * @example resetSendDraft()
 */
export function resetSendDraft(): void {
  stopGuard?.()
  stopGuard = undefined
  $sendDraft.set({ ...EMPTY, key: activeTarget()?.key })
}
onReset(resetSendDraft)

let stopGuard: (() => void) | undefined

/**
 * While the draft holds anything, watches the active account and network: a disconnect, another
 * account or another network empties it, even when no Send view is open to see it.
 */
function guard(): void {
  if (stopGuard) return
  const key = activeTarget()?.key
  const check = () => {
    if (activeTarget()?.key !== key) resetSendDraft()
  }
  const stops = [$activeAccount.listen(check), $activeNetwork.listen(check)]
  stopGuard = () => {
    for (const stop of stops) stop()
  }
}

/** The draft, emptied first when it belongs to another account or network than the active one. */
function current(): SendDraft {
  const key = activeTarget()?.key
  if ($sendDraft.get().key !== key) resetSendDraft()
  return $sendDraft.get()
}

/**
 * Changes fields of the draft of the active account on the active network (a draft of another
 * account or network is emptied first).
 *
 * @example updateSendDraft({ sendTokenAmount: '0.5' })
 */
export function updateSendDraft(patch: Partial<Omit<SendDraft, 'key'>>): void {
  const draft = current()
  if (draft.key !== undefined) guard()
  $sendDraft.set({ ...draft, ...patch })
}

/**
 * Picks the token to send; the amount stays as typed (the form checks it against the token).
 *
 * @example setSendToken(balances[0])
 */
export function setSendToken(token: TokenBalance | undefined): void {
  updateSendDraft({ token })
}

/**
 * Sets the receiver: an address, with the name and avatar it was found by when it came from a
 * name (both cleared otherwise).
 *
 * @example setReceiver('0xAb…', { name: 'alice-01' })
 */
export function setReceiver(
  address: string | undefined,
  profile: { name?: string | undefined; imageUrl?: string | undefined } = {},
): void {
  updateSendDraft({
    receiverAddress: address,
    receiverProfileName: profile.name,
    receiverProfileImageUrl: profile.imageUrl,
  })
}
