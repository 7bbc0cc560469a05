// The on-ramp's state (issue 28): what the visitor typed (amount, payment method) and the
// purchase in progress. Nothing derived is stored: the amount's check against the method's
// limits is `onrampAmountError`, the options and quotes come from the server through
// actions/onramp.ts, which the OnRamp views load with their group (no initial JS).
import { atom, map } from 'nanostores'
import type {
  OnrampPaymentLimit,
  OnrampPaymentMethod,
  OnrampPurchase,
  OnrampSessionResponse,
} from '../api/onramp-types.js'
import { onReset } from './reset.js'

/** What the visitor typed and picked on the OnRamp view. */
export interface OnrampDraft {
  /** The amount as typed (a decimal string in `currency`). */
  amount: string
  method: OnrampPaymentMethod
  currency: string
}

const EMPTY: OnrampDraft = { amount: '', method: 'card', currency: 'USD' }

export const $onrampDraft = map<OnrampDraft>({ ...EMPTY })
onReset(() => $onrampDraft.set({ ...EMPTY }))

/** Replaces parts of the draft. */
export function updateOnrampDraft(patch: Partial<OnrampDraft>): void {
  $onrampDraft.set({ ...$onrampDraft.get(), ...patch })
}

/** A started purchase as BuyInProgress follows it. */
export interface FollowedPurchase extends OnrampSessionResponse {
  providerName: string
  /** Whether the provider's page opened in the popup (false: blocked, offer a link). */
  opened: boolean
}

/** The purchase the visitor started last (BuyInProgress follows it); undefined when none. */
export const $onrampPurchase = atom<FollowedPurchase | undefined>(undefined)
onReset(() => $onrampPurchase.set(undefined))

/** Sets what BuyInProgress follows (after a session starts, or with a fresher status). */
export function setOnrampPurchase(value: FollowedPurchase | undefined): void {
  $onrampPurchase.set(value)
}

/** Updates the followed purchase with a fresher status from the server. */
export function updateOnrampPurchase(purchase: OnrampPurchase): void {
  const current = $onrampPurchase.get()
  if (current?.purchase.id === purchase.id) $onrampPurchase.set({ ...current, purchase })
}

/** Why an amount cannot be bought with a method; the UI turns each into a sentence. */
export type OnrampAmountError =
  | { code: 'required' }
  | { code: 'invalid' }
  | { code: 'below'; min: number; currency: string }
  | { code: 'above'; max: number; currency: string }

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/

/**
 * Checks a typed amount against the method's limits (spec §3: card 10–7500, bank 10–25000);
 * undefined when it can be bought.
 *
 * @example
 * onrampAmountError('5', { method: 'card', min: 10, max: 7500 }, 'USD') // { code: 'below', min: 10, currency: 'USD' }
 */
export function onrampAmountError(
  amount: string,
  limit: OnrampPaymentLimit | undefined,
  currency: string,
): OnrampAmountError | undefined {
  const text = amount.trim()
  if (text === '') return { code: 'required' }
  if (!AMOUNT.test(text) || !limit) return { code: 'invalid' }
  const value = Number(text)
  if (value < limit.min) return { code: 'below', min: limit.min, currency }
  if (value > limit.max) return { code: 'above', max: limit.max, currency }
  return undefined
}

/**
 * Whether the project server offers a provider on each chain (CAIP-2 id → answer), as
 * `checkOnrampServed` (actions/onramp.ts) learned it: the Account view shows Buy only where
 * it is true.
 */
export const $onrampServed = map<Record<string, boolean>>({})
onReset(() => $onrampServed.set({}))
