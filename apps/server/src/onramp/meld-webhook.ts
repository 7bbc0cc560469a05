// Meld's status webhooks: Meld tells a purchase's outcome only to the webhook profile an
// operator sets up (or to its secret-key API), so with `webhookSecret` configured the server
// takes Meld's `TRANSACTION_CRYPTO_*` events and settles the purchase they name by our
// `externalSessionId`. Every request is checked as Meld documents it: `meld-signature` is
// base64url(HMAC-SHA256(secret, `<meld-signature-timestamp>.<URL>.<raw body>`)), with padding.
import { createHmac, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'

/** How far a signature's timestamp may be from the server's clock, either way. */
export const MELD_TIMESTAMP_TOLERANCE_MS = 5 * 60_000

export interface SignedDelivery {
  /** The webhook profile's secret. */
  secret: string
  /** The URL Meld posted to, exactly as configured in the profile (it is part of what is signed). */
  url: string
  /** `meld-signature-timestamp`, as received. */
  timestamp: string
  /** The body as received, byte for byte (not re-serialized). */
  body: string
  /** `meld-signature`, as received. */
  signature: string
}

const unpadded = (value: string) => value.replace(/=+$/, '')

/**
 * Whether Meld signed this delivery with `secret` (constant-time comparison).
 *
 * @example
 * verifyMeldSignature({ secret, url, timestamp, body, signature }) // true or false
 */
export function verifyMeldSignature(delivery: SignedDelivery): boolean {
  const expected = createHmac('sha256', delivery.secret)
    .update(`${delivery.timestamp}.${delivery.url}.${delivery.body}`)
    .digest()
  const given = Buffer.from(unpadded(delivery.signature), 'base64url')
  // base64url decoding skips foreign characters: a re-encode must give back what was sent.
  if (given.toString('base64url') !== unpadded(delivery.signature)) return false
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * The signature timestamp in ms: Meld sends an ISO 8601 date-time; epoch seconds are
 * accepted too. Undefined for anything else.
 */
export function meldTimestampMs(raw: string): number | undefined {
  if (/^\d{9,11}$/.test(raw)) return Number(raw) * 1000
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(raw)) return undefined
  const ms = Date.parse(raw)
  return Number.isFinite(ms) ? ms : undefined
}

const EventSchema = v.object({
  eventType: v.pipe(v.string(), v.maxLength(100)),
  eventId: v.optional(v.pipe(v.string(), v.maxLength(100))),
  payload: v.optional(
    v.object({
      externalSessionId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
      paymentTransactionId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
      paymentTransactionStatus: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
    }),
  ),
})

export interface MeldOutcome {
  eventId: string | undefined
  /** Our purchase id (`externalSessionId`), when the event names one. */
  purchaseId: string | undefined
  /** Meld's own transaction id, for the logs. */
  transactionId: string | undefined
  /** What the event settles; undefined for events that settle nothing (PENDING, TRANSFERRING…). */
  status: 'completed' | 'failed' | undefined
}

/**
 * What a verified event means for the purchase it names, or undefined when the body is not a
 * Meld event.
 *
 * @example
 * meldOutcome('{"eventType":"TRANSACTION_CRYPTO_COMPLETE","payload":{"externalSessionId":"onr_…"}}')
 */
export function meldOutcome(body: string): MeldOutcome | undefined {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return undefined
  }
  const parsed = v.safeParse(EventSchema, json)
  if (!parsed.success) return undefined
  const { eventType, eventId, payload } = parsed.output
  return {
    eventId,
    purchaseId: payload?.externalSessionId ?? undefined,
    transactionId: payload?.paymentTransactionId ?? undefined,
    status:
      eventType === 'TRANSACTION_CRYPTO_COMPLETE'
        ? 'completed'
        : eventType === 'TRANSACTION_CRYPTO_FAILED'
          ? 'failed'
          : undefined,
  }
}
