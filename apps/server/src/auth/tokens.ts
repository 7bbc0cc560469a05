// Tokens of the auth routes: HMAC-signed nonce tokens, random session tokens (stored hashed).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

interface NoncePayload {
  n: string
  p: string
  /** Expiry, ms since the epoch. */
  e: number
}

/** `<payload>.<hmac>`, both base64url: a nonce bound to its project and expiry. */
export function signNonceToken(secret: Buffer, payload: NoncePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  const mac = createHmac('sha256', secret).update(body).digest('base64url')
  return `${body}.${mac}`
}

/** The payload of a token this server signed, or undefined (forged, garbled). */
export function readNonceToken(secret: Buffer, token: string): NoncePayload | undefined {
  const [body, mac, extra] = token.split('.')
  if (!body || !mac || extra !== undefined) return undefined
  const expected = createHmac('sha256', secret).update(body).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    if (
      typeof payload?.n === 'string' &&
      typeof payload?.p === 'string' &&
      typeof payload?.e === 'number'
    ) {
      return payload
    }
  } catch {}
  return undefined
}

/** A new bearer token (256 bits). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url')

/** What the database keeps of a token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex')
