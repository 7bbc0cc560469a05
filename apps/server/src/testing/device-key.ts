// The secure frame's device key, as a test holds it: a P-256 key pair and the `OpenModal-Proof`
// JWS the frame signs for each request (DPoP shape: htm, htu, iat, jti, ath).
import { createHash, randomUUID } from 'node:crypto'
import { CompactSign, exportJWK, generateKeyPair, type JWK } from 'jose'

export interface DeviceKey {
  jwk: JWK
  /** A proof for one request; `iat` in ms defaults to the clock given at creation. */
  proof(
    method: string,
    url: string,
    options?: { token?: string; iat?: number; jti?: string },
  ): Promise<string>
}

/**
 * A new device key whose proofs carry `now()` as their iat.
 *
 * @example
 * const device = await createDeviceKey()
 * headers['openmodal-proof'] = await device.proof('POST', `${url}/v1/auth/email/verify`)
 */
export async function createDeviceKey(now: () => number = Date.now): Promise<DeviceKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const jwk = await exportJWK(publicKey)
  return {
    jwk,
    async proof(method, url, options = {}) {
      const payload = {
        htm: method,
        htu: url,
        iat: Math.floor((options.iat ?? now()) / 1000),
        jti: options.jti ?? randomUUID(),
        ...(options.token
          ? { ath: createHash('sha256').update(options.token).digest('base64url') }
          : {}),
      }
      return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
        .sign(privateKey)
    },
  }
}
