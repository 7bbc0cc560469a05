// The frame's device key and the DPoP-style proof of the server contract: a non-extractable
// ECDSA P-256 key pair kept in this origin's IndexedDB, and per call a compact JWS (ES256)
// over {htm, htu, iat, jti, ath?} with the public JWK in its header.
import { base64urlnopad } from '@scure/base'
import { source } from '../keys/bytes.js'
import { readValue, writeValue } from '../keys/device-store.js'

const DEVICE_KEY = 'device-key'
const encoder = new TextEncoder()

const b64url = (bytes: Uint8Array) => base64urlnopad.encode(bytes)
const b64json = (value: unknown) => b64url(encoder.encode(JSON.stringify(value)))

/** This device's key pair: created once, its private half never extractable. */
export async function deviceKey(): Promise<CryptoKeyPair> {
  const stored = await readValue<CryptoKeyPair>(DEVICE_KEY)
  if (stored) return stored
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])
  await writeValue(DEVICE_KEY, pair)
  return pair
}

/**
 * The `OpenModal-Proof` header value for one call.
 *
 * @example
 * headers['OpenModal-Proof'] = await createProof('POST', url, token)
 */
export async function createProof(method: string, url: string, token?: string): Promise<string> {
  const { privateKey, publicKey } = await deviceKey()
  const { crv, kty, x, y } = await crypto.subtle.exportKey('jwk', publicKey)
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: { crv, kty, x, y } }
  const payload: Record<string, unknown> = {
    htm: method,
    htu: url.split(/[?#]/)[0],
    iat: Math.floor(Date.now() / 1000),
    jti: crypto.randomUUID(),
  }
  if (token) {
    payload.ath = b64url(
      new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(token))),
    )
  }
  const input = `${b64json(header)}.${b64json(payload)}`
  // WebCrypto's ECDSA signature is r ‖ s (IEEE P1363), which is JWS ES256's form.
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    privateKey,
    source(encoder.encode(input)),
  )
  return `${input}.${b64url(new Uint8Array(signature))}`
}
