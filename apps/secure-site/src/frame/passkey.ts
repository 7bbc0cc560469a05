// The recovery passkey: a WebAuthn credential of this secure origin (RP id = this site's host)
// whose PRF extension output, for the wallet's random salt, locks the recovery share
// (keys/recovery.ts). Both calls need the visitor's click inside the frame (a cross-origin
// frame may create and use credentials only with a user activation and the embedder's
// `allow="publickey-credentials-create/get"`).
import { base64urlnopad } from '@scure/base'
import { fromBase64, source } from '../keys/bytes.js'

/** The browser or the authenticator cannot give a PRF output: use a passphrase instead. */
export class PrfUnavailableError extends Error {
  override name = 'PrfUnavailableError'
  constructor() {
    super('This browser or passkey cannot lock your wallet (no PRF support)')
  }
}

/**
 * Whether this browser may give a PRF output: false where WebAuthn is missing or where
 * `getClientCapabilities()` says the PRF extension is not supported; true when it cannot tell
 * (the answer of `create()` decides then).
 *
 * @example
 * if (!(await prfMaybeSupported())) showPassphrase()
 */
export async function prfMaybeSupported(): Promise<boolean> {
  if (typeof PublicKeyCredential === 'undefined' || !navigator.credentials) return false
  const capabilities = (
    PublicKeyCredential as unknown as {
      getClientCapabilities?: () => Promise<Record<string, boolean>>
    }
  ).getClientCapabilities
  if (!capabilities) return true
  try {
    return (await capabilities.call(PublicKeyCredential))['extension:prf'] !== false
  } catch {
    return true
  }
}

type PrfResults = { prf?: { enabled?: boolean; results?: { first?: BufferSource } } }

const prfOf = (credential: Credential | null): Uint8Array | undefined => {
  const results = (credential as PublicKeyCredential | null)?.getClientExtensionResults() as
    | PrfResults
    | undefined
  const first = results?.prf?.results?.first
  if (!first) return undefined
  return first instanceof ArrayBuffer
    ? new Uint8Array(first)
    : new Uint8Array(first.buffer, first.byteOffset, first.byteLength).slice()
}

/**
 * Registers a passkey for this wallet on this origin and returns its id (base64url) and, where
 * the browser gives it at registration (Chromium does), the PRF output for `salt`.
 * Throws `PrfUnavailableError` when the passkey has no PRF.
 *
 * @example
 * const { credentialId, prf } = await createPasskey({ userId, userName: email, salt })
 */
export async function createPasskey(input: {
  userId: string
  userName: string
  salt: string
}): Promise<{ credentialId: string; prf: Uint8Array | undefined }> {
  const credential = (await navigator.credentials.create({
    publicKey: {
      rp: { id: location.hostname, name: 'Wallet recovery' },
      user: {
        id: source(new TextEncoder().encode(input.userId).slice(0, 64)),
        name: input.userName,
        displayName: input.userName,
      },
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      extensions: { prf: { eval: { first: source(fromBase64(input.salt)) } } } as never,
    },
  })) as PublicKeyCredential | null
  if (!credential) throw new Error('No passkey was created')
  const results = credential.getClientExtensionResults() as PrfResults
  if (!results.prf?.enabled && !results.prf?.results) throw new PrfUnavailableError()
  return {
    credentialId: base64urlnopad.encode(new Uint8Array(credential.rawId)),
    prf: prfOf(credential),
  }
}

/**
 * The PRF output of the wallet's passkey for `salt` (asks the visitor to use it).
 *
 * @example
 * const prf = await passkeyPrf({ credentialId, salt })
 */
export async function passkeyPrf(input: {
  credentialId: string
  salt: string
}): Promise<Uint8Array> {
  const assertion = await navigator.credentials.get({
    publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      rpId: location.hostname,
      allowCredentials: [
        { type: 'public-key', id: source(base64urlnopad.decode(input.credentialId)) },
      ],
      userVerification: 'required',
      extensions: { prf: { eval: { first: source(fromBase64(input.salt)) } } } as never,
    },
  })
  const prf = prfOf(assertion)
  if (!prf) throw new PrfUnavailableError()
  return prf
}
