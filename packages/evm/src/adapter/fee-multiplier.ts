// The fee ceiling's base-fee multiplier (spec §9). No viem here: the adapter checks the
// option when it is created, before any wallet code loads.
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

/**
 * `baseFee` × `multiplier` in integer arithmetic over the multiplier's decimals (at most 9),
 * rounded down, as viem's fee estimation computes it.
 *
 * @example multiplyBaseFee(1_000_000_000n, 1.2) // 1_200_000_000n
 */
export function multiplyBaseFee(baseFee: bigint, multiplier: number): bigint {
  const decimals = Math.min(multiplier.toString().split('.')[1]?.length ?? 0, 9)
  const denominator = 10 ** decimals
  return (baseFee * BigInt(Math.round(multiplier * denominator))) / BigInt(denominator)
}
