// 2-of-3 Shamir shares of the wallet's entropy (the audited `shamir-secret-sharing`). That
// library does not check what it rebuilds (any two byte strings "combine"), so every rebuild
// is followed by the commitment check: the derived addresses must equal the stored ones.
import { combine, split } from 'shamir-secret-sharing'
import { type Commitment, type DerivedKeys, deriveKeys } from './derive.js'

export interface ShareSet {
  /** Kept on this device, encrypted under a non-extractable WebCrypto key. */
  device: Uint8Array
  /** Held by the server, released only to a fresh session bound to this frame's device key. */
  auth: Uint8Array
  /** Recovery: wrapped under the visitor's passkey or passphrase, or kept by the server (`custodial`). */
  recovery: Uint8Array
}

/** The wallet's rebuilt addresses differ from its commitment: nothing may be signed. */
export class CommitmentMismatchError extends Error {
  override name = 'CommitmentMismatchError'
  constructor() {
    super('The rebuilt wallet does not match its commitment; refusing to sign')
  }
}

/**
 * Splits `entropy` into three shares, any two of which rebuild it.
 *
 * @example
 * const { device, auth, recovery } = await splitEntropy(createEntropy())
 */
export async function splitEntropy(entropy: Uint8Array): Promise<ShareSet> {
  const [device, auth, recovery] = await split(entropy, 3, 2)
  if (!device || !auth || !recovery) throw new Error('Shamir split failed')
  return { device, auth, recovery }
}

/** True when both commitments name the same two addresses (EVM compared case-insensitively). */
export function sameCommitment(a: Commitment, b: Commitment): boolean {
  return a.eip155.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}

/**
 * Rebuilds the wallet from two shares and checks the derived addresses against `commitment`;
 * throws `CommitmentMismatchError` (and wipes what it rebuilt) when they differ.
 *
 * @example
 * const keys = await rebuildKeys([deviceShare, authShare], commitment)
 */
export async function rebuildKeys(
  shares: readonly [Uint8Array, Uint8Array],
  commitment: Commitment,
): Promise<DerivedKeys & { entropy: Uint8Array }> {
  let entropy: Uint8Array
  let keys: DerivedKeys
  try {
    entropy = await combine([...shares])
    keys = deriveKeys(entropy)
  } catch (cause) {
    throw Object.assign(new CommitmentMismatchError(), { cause })
  }
  if (!sameCommitment(keys.commitment, commitment)) {
    entropy.fill(0)
    keys.solanaSecretKey.fill(0)
    throw new CommitmentMismatchError()
  }
  return { ...keys, entropy }
}
