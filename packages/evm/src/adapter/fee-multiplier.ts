// The fee ceiling's base-fee multiplier (spec §9). No viem here: the adapter checks the
// option when it is created, before any wallet code loads; the arithmetic is in fee.ts, which
// loads with the first fee estimate.
import { InvalidOptionsError } from '@openmodal/core/internal'

/** Spec §9 "Base fee multiplier default 1.2 (must be at least 1)". */
export const BASE_FEE_MULTIPLIER = 1.2

/**
 * `multiplier` checked as a base-fee multiplier: a finite number of at least 1 (spec §9), else
 * InvalidOptionsError naming `baseFeeMultiplier`.
 *
 * @example checkBaseFeeMultiplier(1.5) // 1.5
 */
export function checkBaseFeeMultiplier(multiplier: unknown): number {
  if (typeof multiplier !== 'number' || !Number.isFinite(multiplier) || multiplier < 1) {
    throw new InvalidOptionsError('baseFeeMultiplier', 'a number of at least 1')
  }
  return multiplier
}
