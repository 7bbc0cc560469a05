// The embedded wallet's small crypto: one-time codes, their HMAC, bearer tokens and the vault's
// AES-GCM. Everything is node:crypto; no secret is ever compared with `===`.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto'

/**
 * Six decimal digits from the CSPRNG (uniform: `randomInt` rejects biased draws).
 *
 * @example
 * newOtp() // '042917'
 */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * A random identifier (attempts, sessions, users): 16 bytes, base64url.
 *
 * @example
 * randomId() // 'm2Hq0p1c5VJt7x3Wm0p2kA'
 */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url')
}

/**
 * The stored form of a code: HMAC-SHA-256 under the server secret, bound to the code's row so
 * that a code's HMAC cannot be replayed against another row.
 *
 * @example
 * otpHmac(secret, codeId, '042917')
 */
export function otpHmac(secret: Uint8Array, codeId: string, otp: string): string {
  return createHmac('sha256', secret).update(`otp\0${codeId}\0${otp}`).digest('base64url')
}

/**
 * Constant-time equality of two base64url digests (unequal lengths are simply unequal).
 *
 * @example
 * sameDigest(stored, otpHmac(secret, codeId, typed))
 */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'base64url')
  const right = Buffer.from(b, 'base64url')
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * An opaque bearer token and the SHA-256 the database keeps instead of it.
 *
 * @example
 * const { token, hash } = newBearerToken()
 */
export function newBearerToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: tokenHash(token) }
}

/** SHA-256 of a bearer token, base64url (what sessions are found by). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

const SEALED_PREFIX = 'v1.'

/**
 * The vault's keys: `current` seals everything written; each of `others` still opens what it
 * sealed (the old key during a rotation, or the next one before it becomes current). A plain
 * key is a keyring of one.
 */
export interface VaultKeys {
  current: Uint8Array
  others: readonly Uint8Array[]
}
export type VaultKey = Uint8Array | VaultKeys

const keyring = (key: VaultKey): VaultKeys =>
  key instanceof Uint8Array ? { current: key, others: [] } : key

/**
 * AES-256-GCM under `key` (32 bytes; a keyring's current key) with a random 96-bit IV;
 * `context` is authenticated (not stored), so a ciphertext moved to another user or column no
 * longer opens. Output: `v1.` + base64url(iv | ciphertext | tag) — the same format whichever
 * key, so an instance that does not have the new key yet fails loudly instead of misreading.
 *
 * @example
 * const sealed = seal(vaultKey, share, `auth_share:${userId}`)
 */
export function seal(key: VaultKey, plaintext: Uint8Array, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyring(key).current, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

/**
 * Which key of the keyring opens `sealed` (0 = current, 1… = `others` in order) and what it
 * holds; undefined when none does (the GCM tag makes a wrong key fail, never misread).
 *
 * @example
 * const opened = openWithIndex(keys, row.auth_share, context)
 */
export function openWithIndex(
  key: VaultKey,
  sealed: string,
  context: string,
): { index: number; plaintext: Uint8Array } | undefined {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('unknown vault ciphertext format')
  const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url')
  if (raw.length < 12 + 16) throw new Error('vault ciphertext too short')
  const { current, others } = keyring(key)
  for (const [index, candidate] of [current, ...others].entries()) {
    const decipher = createDecipheriv('aes-256-gcm', candidate, raw.subarray(0, 12))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(raw.subarray(raw.length - 16))
    try {
      const plaintext = Buffer.concat([
        decipher.update(raw.subarray(12, raw.length - 16)),
        decipher.final(),
      ])
      return { index, plaintext }
    } catch {}
  }
  return undefined
}

/**
 * Opens what {@link seal} produced under any key of the keyring and the same context; throws
 * when none opens it or the ciphertext was altered.
 *
 * @example
 * const share = open(vaultKey, row.auth_share, `auth_share:${userId}`)
 */
export function open(key: VaultKey, sealed: string, context: string): Uint8Array {
  const opened = openWithIndex(key, sealed, context)
  if (!opened) throw new Error('no vault key opens this ciphertext (wrong key, or altered)')
  return opened.plaintext
}
