// The recovery share in `passphrase` mode: wrapped with AES-GCM under a key derived from the
// passphrase by Argon2id (@noble/hashes). The passphrase and the key never leave the frame;
// the server stores only the wrapped bytes. (`automatic` mode sends the share to the server,
// which keeps it under its own key: operator-custodial.)
import { argon2idAsync } from '@noble/hashes/argon2'
import { source } from './bytes.js'

/** `automatic` (default; the server holds the recovery share) or `passphrase`. */
export type RecoveryMode = 'automatic' | 'passphrase'

/** Argon2id costs: OWASP's second recommended set (19 MiB, 2 passes, 1 lane). */
export const ARGON2ID = { t: 2, m: 19_456, p: 1, dkLen: 32 } as const
const VERSION = 1
const SALT_BYTES = 16
const IV_BYTES = 12
export const MIN_PASSPHRASE_LENGTH = 8

/** The passphrase did not open the wrapped recovery share. */
export class WrongPassphraseError extends Error {
  override name = 'WrongPassphraseError'
  constructor() {
    super('Wrong passphrase')
  }
}

async function passphraseKey(passphrase: string, salt: Uint8Array): Promise<CryptoKey> {
  const raw = await argon2idAsync(passphrase.normalize('NFKC'), salt, ARGON2ID)
  try {
    return await crypto.subtle.importKey('raw', source(raw), 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ])
  } finally {
    raw.fill(0)
  }
}

/**
 * Wraps the recovery share under `passphrase`: version ‖ salt ‖ iv ‖ AES-GCM ciphertext.
 *
 * @example
 * const wrapped = await wrapRecoveryShare(shares.recovery, 'correct horse battery')
 */
export async function wrapRecoveryShare(
  share: Uint8Array,
  passphrase: string,
): Promise<Uint8Array> {
  if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
    throw new Error(`The passphrase needs at least ${MIN_PASSPHRASE_LENGTH} characters`)
  }
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const key = await passphraseKey(passphrase, salt)
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, source(share)),
  )
  const out = new Uint8Array(1 + SALT_BYTES + IV_BYTES + sealed.length)
  out[0] = VERSION
  out.set(salt, 1)
  out.set(iv, 1 + SALT_BYTES)
  out.set(sealed, 1 + SALT_BYTES + IV_BYTES)
  return out
}

/** Opens what `wrapRecoveryShare` made; throws `WrongPassphraseError` on a wrong passphrase. */
export async function unwrapRecoveryShare(
  wrapped: Uint8Array,
  passphrase: string,
): Promise<Uint8Array> {
  if (wrapped[0] !== VERSION || wrapped.length <= 1 + SALT_BYTES + IV_BYTES) {
    throw new Error('Invalid wrapped recovery share')
  }
  const salt = wrapped.slice(1, 1 + SALT_BYTES)
  const iv = wrapped.slice(1 + SALT_BYTES, 1 + SALT_BYTES + IV_BYTES)
  const key = await passphraseKey(passphrase, salt)
  try {
    const sealed = wrapped.slice(1 + SALT_BYTES + IV_BYTES)
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, sealed))
  } catch {
    throw new WrongPassphraseError()
  }
}
