// The recovery share and the factor that locks it. By default only the visitor can open it:
// - `passkey`: a passkey of this secure origin (its RP id is this site's host) with the
//   WebAuthn PRF extension; the PRF output for a random per-wallet salt goes through HKDF-SHA-256
//   to an AES-256-GCM key. Neither the PRF output nor the key leaves the frame.
// - `passphrase`: AES-256-GCM under an Argon2id key (64 MiB, 3 passes; @noble/hashes, pure
//   JavaScript so the CSP stays `script-src 'self'` without 'wasm-unsafe-eval').
// - `custodial` (a project's explicit opt-in): the share goes to the server unwrapped and the
//   server keeps it under its own vault key, so the operator can rebuild the key.
// The server stores the wrapped bytes as an opaque blob beside the factor descriptor.
import { argon2idAsync } from '@noble/hashes/argon2'
import { base64urlnopad } from '@scure/base'
import { wordlist } from '@scure/bip39/wordlists/english'
import { fromBase64, source, toBase64 } from './bytes.js'

/**
 * A project's recovery mode (server project config, `/frame-config`): `non-custodial` (default:
 * a passkey or a passphrase only the visitor holds) or `custodial` (the operator can rebuild).
 */
export type RecoveryMode = 'non-custodial' | 'custodial'

/** Argon2id costs of a new wrap: 64 MiB, 3 passes, 1 lane (RFC 9106's second choice). */
export const ARGON2ID = { name: 'argon2id', m: 65_536, t: 3, p: 1 } as const
/** What wallets wrapped before the 64 MiB costs used (format 1: the salt in the blob). */
const LEGACY_ARGON2ID = { name: 'argon2id', m: 19_456, t: 2, p: 1 } as const
/** The most a descriptor may ask of this device when opening (1 GiB, 10 passes). */
const MAX_ARGON2ID = { m: 1_048_576, t: 10, p: 4 }

export const MIN_PASSPHRASE_LENGTH = 12
const VERSION = 2
const LEGACY_VERSION = 1
const SALT_BYTES = 16
const PRF_SALT_BYTES = 32
const IV_BYTES = 12
const HKDF_INFO = new TextEncoder().encode('openmodal recovery share v1')

export type Argon2idParams = { name: 'argon2id'; m: number; t: number; p: number }

/** What the server keeps beside the wrapped share: which factor opens it, and its public inputs. */
export type RecoveryFactor =
  | { kind: 'custodial' }
  | {
      kind: 'passkey'
      /** The credential's raw id, base64url (the `allowCredentials` of the unlock). */
      credentialId: string
      /** The PRF input, base64 (32 random bytes per wallet). */
      salt: string
    }
  | {
      kind: 'passphrase'
      /** Argon2id salt, base64 (absent in format-1 blobs, which carry it). */
      salt?: string
      kdf: Argon2idParams
    }

/** What opens (or locks) the recovery share on this device. */
export type RecoverySecret =
  | { kind: 'custodial' }
  | {
      kind: 'passphrase'
      passphrase: string
      /** Costs of a new wrap (default `ARGON2ID`; only tests ask for less). */
      kdf?: Argon2idParams
    }
  | { kind: 'passkey'; credentialId: string; salt: string; prf: Uint8Array }

/** The passphrase did not open the wrapped recovery share. */
export class WrongPassphraseError extends Error {
  override name = 'WrongPassphraseError'
  constructor() {
    super('Wrong passphrase')
  }
}

/** The passkey's PRF output did not open the wrapped recovery share (another passkey). */
export class WrongPasskeyError extends Error {
  override name = 'WrongPasskeyError'
  constructor() {
    super('This passkey does not unlock this wallet')
  }
}

/**
 * Why `passphrase` is too weak, or undefined when it is strong enough: at least 12 characters,
 * at least 8 different ones, and not one character class repeated in a run (`aaaa…`, `1234…`).
 * A generated passphrase (`generatePassphrase`) always passes.
 *
 * @example
 * passphraseProblem('password') // 'Use at least 12 characters.'
 */
export function passphraseProblem(passphrase: string): string | undefined {
  const text = passphrase.normalize('NFKC')
  if ([...text].length < MIN_PASSPHRASE_LENGTH) {
    return `Use at least ${MIN_PASSPHRASE_LENGTH} characters.`
  }
  if (new Set(text.toLowerCase()).size < 8) return 'Use more different characters.'
  const codes = [...text].map((char) => char.codePointAt(0) ?? 0)
  const steps = new Set(codes.slice(1).map((code, index) => code - (codes[index] ?? 0)))
  if (steps.size <= 1) return 'Avoid sequences such as 123456789abc.'
  return undefined
}

/**
 * Six words from the BIP-39 English list (2048 words): 66 bits, drawn with
 * `crypto.getRandomValues`.
 *
 * @example
 * const passphrase = generatePassphrase() // 'orbit lunar apple tunnel ...'
 */
export function generatePassphrase(words = 6): string {
  const picks = crypto.getRandomValues(new Uint16Array(words))
  return [...picks].map((pick) => wordlist[pick % 2048]).join(' ')
}

async function aesKey(raw: Uint8Array): Promise<CryptoKey> {
  try {
    return await crypto.subtle.importKey('raw', source(raw), 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ])
  } finally {
    raw.fill(0)
  }
}

function checkKdf(kdf: Argon2idParams) {
  const ok =
    kdf.name === 'argon2id' &&
    [kdf.m, kdf.t, kdf.p].every(Number.isSafeInteger) &&
    kdf.p >= 1 &&
    kdf.p <= MAX_ARGON2ID.p &&
    kdf.t >= 1 &&
    kdf.t <= MAX_ARGON2ID.t &&
    kdf.m >= 8 * kdf.p &&
    kdf.m <= MAX_ARGON2ID.m
  if (!ok) throw new Error('Invalid passphrase key parameters')
}

async function passphraseKey(
  passphrase: string,
  salt: Uint8Array,
  kdf: Argon2idParams,
): Promise<CryptoKey> {
  checkKdf(kdf)
  const options = { t: kdf.t, m: kdf.m, p: kdf.p, dkLen: 32 }
  return aesKey(await argon2id(passphrase.normalize('NFKC'), salt, options))
}

/** Argon2id in a worker where there is a page (the frame stays responsive), else in place. */
function argon2id(
  password: string,
  salt: Uint8Array,
  options: { t: number; m: number; p: number; dkLen: number },
): Promise<Uint8Array> {
  if (typeof Worker === 'undefined' || typeof document === 'undefined') {
    return argon2idAsync(password, salt, options)
  }
  const worker = new Worker(new URL('./argon2.worker.ts', import.meta.url), { type: 'module' })
  return new Promise<Uint8Array>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<{ key?: Uint8Array; error?: string }>) =>
      data.key ? resolve(data.key) : reject(new Error(data.error ?? 'Argon2id failed'))
    worker.onerror = () => reject(new Error('Argon2id failed'))
    worker.postMessage({ password, salt, options })
  }).finally(() => worker.terminate())
}

/** HKDF-SHA-256 over the PRF output (salt: the PRF input) to a non-extractable AES-GCM key. */
async function prfKey(prf: Uint8Array, salt: Uint8Array): Promise<CryptoKey> {
  if (prf.length < 32) throw new Error('The passkey gave no usable PRF output')
  const ikm = await crypto.subtle.importKey('raw', source(prf), 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: source(salt), info: HKDF_INFO },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** Binds the ciphertext to its factor kind: a passkey blob is no passphrase blob. */
const aad = (kind: string) => new TextEncoder().encode(`openmodal-recovery\0${kind}`)

async function seal(key: CryptoKey, kind: string, share: Uint8Array): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: aad(kind) },
      key,
      source(share),
    ),
  )
  const out = new Uint8Array(1 + IV_BYTES + sealed.length)
  out[0] = VERSION
  out.set(iv, 1)
  out.set(sealed, 1 + IV_BYTES)
  return out
}

/**
 * A fresh PRF input for a new passkey wrap (32 random bytes, base64).
 *
 * @example
 * const salt = newPrfSalt()
 */
export const newPrfSalt = (): string =>
  toBase64(crypto.getRandomValues(new Uint8Array(PRF_SALT_BYTES)))

/**
 * Locks the recovery share under `secret`: the bytes the server keeps and their descriptor.
 * `custodial` returns the share itself.
 *
 * @example
 * const { wrapped, factor } = await wrapRecoveryShare(share, { kind: 'passphrase', passphrase })
 */
export async function wrapRecoveryShare(
  share: Uint8Array,
  secret: RecoverySecret,
): Promise<{ wrapped: Uint8Array; factor: RecoveryFactor }> {
  switch (secret.kind) {
    case 'custodial':
      return { wrapped: share.slice(), factor: { kind: 'custodial' } }
    case 'passphrase': {
      const problem = passphraseProblem(secret.passphrase)
      if (problem) throw new Error(problem)
      const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
      const kdf = { ...(secret.kdf ?? ARGON2ID) }
      const key = await passphraseKey(secret.passphrase, salt, kdf)
      return {
        wrapped: await seal(key, 'passphrase', share),
        factor: { kind: 'passphrase', salt: toBase64(salt), kdf },
      }
    }
    case 'passkey': {
      base64urlnopad.decode(secret.credentialId)
      const key = await prfKey(secret.prf, fromBase64(secret.salt))
      return {
        wrapped: await seal(key, 'passkey', share),
        factor: { kind: 'passkey', credentialId: secret.credentialId, salt: secret.salt },
      }
    }
  }
}

/**
 * Opens what `wrapRecoveryShare` made. Throws `WrongPassphraseError` / `WrongPasskeyError` when
 * the secret does not open it.
 *
 * @example
 * const share = await unwrapRecoveryShare(wrapped, factor, { kind: 'passphrase', passphrase })
 */
export async function unwrapRecoveryShare(
  wrapped: Uint8Array,
  factor: RecoveryFactor,
  secret: RecoverySecret,
): Promise<Uint8Array> {
  if (factor.kind !== secret.kind) {
    throw new Error(`This wallet is recovered with its ${factor.kind}, not a ${secret.kind}`)
  }
  if (factor.kind === 'custodial') return wrapped.slice()
  let key: CryptoKey
  if (factor.kind === 'passphrase' && wrapped[0] === LEGACY_VERSION) {
    // Format 1 (19 MiB x 2 costs): version ‖ salt ‖ iv ‖ ciphertext, no additional data.
    if (wrapped.length <= 1 + SALT_BYTES + IV_BYTES) throw new Error('Invalid wrapped share')
    const salt = wrapped.slice(1, 1 + SALT_BYTES)
    key = await passphraseKey(
      (secret as { passphrase: string }).passphrase,
      salt,
      factor.kdf ?? LEGACY_ARGON2ID,
    )
    const iv = wrapped.slice(1 + SALT_BYTES, 1 + SALT_BYTES + IV_BYTES)
    try {
      return new Uint8Array(
        await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv },
          key,
          wrapped.slice(1 + SALT_BYTES + IV_BYTES),
        ),
      )
    } catch {
      throw new WrongPassphraseError()
    }
  }
  if (wrapped[0] !== VERSION || wrapped.length <= 1 + IV_BYTES) {
    throw new Error('Invalid wrapped share')
  }
  if (factor.kind === 'passphrase') {
    if (!factor.salt) throw new Error('Invalid wrapped share')
    key = await passphraseKey(
      (secret as { passphrase: string }).passphrase,
      fromBase64(factor.salt),
      factor.kdf,
    )
  } else {
    key = await prfKey((secret as { prf: Uint8Array }).prf, fromBase64(factor.salt))
  }
  const body = wrapped.slice(1 + IV_BYTES)
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: wrapped.slice(1, 1 + IV_BYTES), additionalData: aad(factor.kind) },
        key,
        source(body),
      ),
    )
  } catch {
    throw factor.kind === 'passphrase' ? new WrongPassphraseError() : new WrongPasskeyError()
  }
}
