// The `OpenModal-Proof` header: a DPoP-style JWS (RFC 9449's shape) signed by the secure frame's
// non-extractable P-256 device key, with the public JWK in its header. It proves that the caller
// holds that key for this one request: method, URL, a fresh iat and a never-seen jti.
import { calculateJwkThumbprint, compactVerify, EmbeddedJWK, type JWK } from 'jose'
import * as v from 'valibot'
import type { Queryable } from '../db/db.js'
import { tokenHash } from './crypto.js'
import { EmbeddedError } from './errors.js'

const ProofPayload = v.object({
  htm: v.string(),
  htu: v.string(),
  iat: v.pipe(v.number(), v.integer()),
  jti: v.pipe(v.string(), v.minLength(8), v.maxLength(128)),
  ath: v.optional(v.string()),
})

/** Clock skew forgiven for an iat ahead of the server's clock. */
const FUTURE_SKEW_MS = 5_000
const MAX_PROOF_LENGTH = 4_096

export interface ProofCheck {
  proof: string | undefined
  method: string
  /** The request URL without query or fragment, as the client addressed it. */
  url: string
  /** The bearer token the request carries: the proof's `ath` must be its hash (RFC 9449 §4.3). */
  token?: string | undefined
  now: number
  maxAgeMs: number
}

const invalid = (message: string, cause?: unknown) =>
  new EmbeddedError(401, 'INVALID_PROOF', message, { field: 'OpenModal-Proof', cause })

/**
 * Verifies a proof and records its jti, returning the key's RFC 7638 thumbprint. Refuses a
 * missing or malformed proof, another algorithm than ES256, a private key in the header, a
 * method or URL of another request, an iat older than `maxAgeMs` (or in the future), a missing
 * or wrong `ath` when the request carries a token, and a jti this key already used.
 *
 * @example
 * const jkt = await verifyProof(db, { proof: c.req.header('openmodal-proof'), method: 'POST', url, now, maxAgeMs: 60_000 })
 */
export async function verifyProof(db: Queryable, check: ProofCheck): Promise<string> {
  const { proof } = check
  if (!proof) throw invalid('The OpenModal-Proof header is required')
  if (proof.length > MAX_PROOF_LENGTH) throw invalid('The OpenModal-Proof header is too long')
  let jwk: JWK
  let payloadBytes: Uint8Array
  try {
    const verified = await compactVerify(proof, EmbeddedJWK, { algorithms: ['ES256'] })
    jwk = verified.protectedHeader.jwk as JWK
    payloadBytes = verified.payload
  } catch (error) {
    throw invalid('The OpenModal-Proof signature does not verify', error)
  }
  let payload: v.InferOutput<typeof ProofPayload>
  try {
    payload = v.parse(ProofPayload, JSON.parse(new TextDecoder().decode(payloadBytes)))
  } catch (error) {
    throw invalid('The OpenModal-Proof payload is malformed', error)
  }
  if (payload.htm.toUpperCase() !== check.method.toUpperCase()) {
    throw invalid('The OpenModal-Proof was made for another method')
  }
  if (stripUrl(payload.htu) !== stripUrl(check.url)) {
    throw invalid('The OpenModal-Proof was made for another URL')
  }
  const issuedAt = payload.iat * 1000
  if (issuedAt > check.now + FUTURE_SKEW_MS || check.now - issuedAt > check.maxAgeMs) {
    throw invalid('The OpenModal-Proof is too old or from the future')
  }
  // With a token, `ath` is required: a proof without it is not bound to this token, so a proof
  // captured alongside one token would go with any other (issue 24).
  if (check.token !== undefined && payload.ath === undefined) {
    throw invalid('The OpenModal-Proof must carry ath, the hash of the access token')
  }
  if (payload.ath !== undefined && (!check.token || payload.ath !== tokenHash(check.token))) {
    throw invalid('The OpenModal-Proof was made for another token')
  }
  const jkt = await calculateJwkThumbprint(jwk, 'sha256')
  const fresh = await db.query(
    `insert into embedded.proof_jtis (jkt, jti, expires_at) values ($1, $2, $3)
     on conflict do nothing returning jti`,
    [jkt, payload.jti, new Date(issuedAt + check.maxAgeMs + FUTURE_SKEW_MS)],
  )
  if (fresh.length === 0) throw invalid('The OpenModal-Proof was already used')
  return jkt
}

function stripUrl(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.origin}${parsed.pathname}`
  } catch {
    return ''
  }
}
