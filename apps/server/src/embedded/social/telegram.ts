// Telegram Login (core.telegram.org/widgets/login): no OAuth code to exchange. The visitor
// confirms at oauth.telegram.org, which sends the popup back to `return_to` with the signed
// profile in the fragment (`#tgAuthResult=` base64 of its JSON); the secure site's /loading page
// hands it to the server's callback. The server checks, as Telegram documents, that
// hash = hex(HMAC-SHA256(data-check-string, key = SHA-256(bot token))), in constant time, and
// that `auth_date` is recent; each signed result logs in once.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import type { Queryable } from '../../db/db.js'
import type { SocialProfile } from './providers.js'

/** Telegram's own login page. */
export const TELEGRAM_AUTH_URL = 'https://oauth.telegram.org/auth'

/** A result older than this is refused (the visitor confirmed within the attempt's minutes). */
export const TELEGRAM_MAX_AGE_S = 10 * 60
/** Clock skew allowed for an `auth_date` ahead of ours. */
const FUTURE_SKEW_S = 60

/** A BotFather token: the bot's numeric id, a colon, its secret. */
const BOT_TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{30,100}$/

/** The bot's id, the first part of its token (what `bot_id` of the login URL carries). */
export const botIdOf = (botToken: string) => BOT_TOKEN.exec(botToken)?.[1] ?? ''

export const TelegramConfigSchema = v.strictObject({
  /** The token BotFather gave; the bot's domain (`/setdomain`) is the secure site's. */
  botToken: v.pipe(
    v.string(),
    v.regex(BOT_TOKEN, 'Expected a bot token from BotFather (123456789:AA…)'),
  ),
  /** Telegram's login page; set only for a stand-in. */
  authorizationUrl: v.optional(
    v.pipe(
      v.string(),
      v.url('Expected a URL'),
      v.check((value) => /^https?:/.test(value), 'Expected an http(s) URL'),
    ),
  ),
})
export type TelegramConfig = v.InferOutput<typeof TelegramConfigSchema>

/** The fields of Telegram's auth result (its documentation lists these; `hash` signs the rest). */
const TelegramResult = v.looseObject({
  id: v.union([v.number(), v.string()]),
  first_name: v.optional(v.string()),
  last_name: v.optional(v.string()),
  username: v.optional(v.string()),
  photo_url: v.optional(v.string()),
  auth_date: v.union([v.number(), v.string()]),
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'Expected a hex hash')),
})

export class TelegramLoginError extends Error {
  override name = 'TelegramLoginError'
}

/**
 * Telegram's login URL for `botToken`: the popup confirms there and comes back to `returnTo`
 * (on `origin`, the bot's domain) with `#tgAuthResult=…`.
 */
export function telegramAuthUrl(config: TelegramConfig, origin: string, returnTo: string): string {
  const url = new URL(config.authorizationUrl ?? TELEGRAM_AUTH_URL)
  url.searchParams.set('bot_id', botIdOf(config.botToken))
  url.searchParams.set('origin', origin)
  url.searchParams.set('request_access', 'write')
  url.searchParams.set('return_to', returnTo)
  return url.href
}

/** The data-check-string: every received field but `hash`, as `key=value`, sorted, `\n`-joined. */
export function dataCheckString(fields: Record<string, unknown>): string {
  return Object.keys(fields)
    .filter((key) => key !== 'hash' && fields[key] !== undefined && fields[key] !== null)
    .sort()
    .map((key) => `${key}=${String(fields[key])}`)
    .join('\n')
}

/** Telegram's hash of `fields` under `botToken` (what a stand-in signs with). */
export function telegramHash(fields: Record<string, unknown>, botToken: string): string {
  const key = createHash('sha256').update(botToken).digest()
  return createHmac('sha256', key).update(dataCheckString(fields)).digest('hex')
}

/** The JSON object of a `tgAuthResult` fragment value (base64, URL-safe or not). */
export function decodeAuthResult(encoded: string): Record<string, unknown> {
  if (encoded.length > 4096 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) {
    throw new TelegramLoginError('Malformed tgAuthResult')
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))
  } catch {
    throw new TelegramLoginError('Malformed tgAuthResult')
  }
  // `false` is what Telegram sends when the visitor declined.
  if (parsed === false) throw new TelegramLoginError('The visitor declined at Telegram')
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TelegramLoginError('Malformed tgAuthResult')
  }
  return parsed as Record<string, unknown>
}

/**
 * The visitor's identity from Telegram's signed result, once: a wrong hash (forged, changed
 * after signing, signed by another bot), a stale or future `auth_date`, or a result already
 * used is refused.
 *
 * @example
 * const profile = await verifyTelegramResult(db, config, params.get('tgAuthResult'), now)
 */
export async function verifyTelegramResult(
  db: Queryable,
  config: TelegramConfig,
  encoded: string | null,
  now: number,
): Promise<SocialProfile> {
  if (!encoded) throw new TelegramLoginError('No tgAuthResult')
  const fields = decodeAuthResult(encoded)
  const parsed = v.safeParse(TelegramResult, fields)
  if (!parsed.success) throw new TelegramLoginError('Malformed tgAuthResult')
  const result = parsed.output
  const expected = Buffer.from(telegramHash(fields, config.botToken), 'hex')
  const given = Buffer.from(result.hash, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new TelegramLoginError('Telegram hash mismatch')
  }
  const authDate = Number(result.auth_date)
  const nowS = Math.floor(now / 1000)
  if (!Number.isSafeInteger(authDate) || authDate > nowS + FUTURE_SKEW_S) {
    throw new TelegramLoginError('Telegram auth_date in the future')
  }
  if (nowS - authDate > TELEGRAM_MAX_AGE_S) throw new TelegramLoginError('Telegram result expired')
  // One login per signed result: its hash is kept (with the one-time values of the device
  // proofs, pruned the same way) until it would be stale anyway.
  const [fresh] = await db.query(
    `insert into embedded.proof_jtis (jkt, jti, expires_at) values ($1, $2, $3)
     on conflict do nothing returning jti`,
    [
      `telegram:${botIdOf(config.botToken)}`,
      result.hash,
      new Date((authDate + TELEGRAM_MAX_AGE_S + FUTURE_SKEW_S) * 1000),
    ],
  )
  if (!fresh) throw new TelegramLoginError('Telegram result already used')
  return {
    subject: String(result.id),
    username: result.username ?? result.first_name,
    verifiedEmail: undefined,
  }
}
