// Error answers of the embedded wallet's routes, in the shape the secure frame reads:
// `{ error: { code, message, field?, until? } }` (not the `{ code, message }` of the other routes).
import type { ErrorHandler } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../http/access.js'
import type { HttpStatus } from '../http/errors.js'
import type { Logger } from '../http/logger.js'
import { shedAnswer } from '../http/middleware.js'

export type EmbeddedErrorCode =
  | 'BAD_REQUEST'
  | 'INVALID_EMAIL'
  | 'ORIGIN_NOT_ALLOWED'
  | 'PROJECT_NOT_FOUND'
  | 'FEATURE_DISABLED'
  | 'RATE_LIMITED'
  | 'INVALID_OTP'
  | 'OTP_EXPIRED'
  | 'OTP_LOCKED'
  | 'EMAIL_LOCKED'
  | 'ACCOUNT_LOCKED'
  | 'INVALID_PROOF'
  | 'UNAUTHORIZED'
  | 'SESSION_NOT_FRESH'
  | 'EMAIL_IN_USE'
  | 'WALLET_EXISTS'
  | 'WALLET_NOT_FOUND'
  | 'RECOVERY_REQUIRED'
  | 'SHARES_RETIRED'
  | 'VERSION_CONFLICT'
  | 'INVALID_SIGNATURE'
  | 'CUSTODIAL_RECOVERY_OFF'
  | 'NEW_DEVICE_HOLD'
  | 'MAIL_FAILED'
  | 'SOCIAL_FAILED'
  | 'FARCASTER_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVER_ERROR'

/** Thrown by the embedded routes; {@link embeddedErrorAnswer} turns it into the answer. */
export class EmbeddedError extends Error {
  override name = 'EmbeddedError'
  readonly status: HttpStatus
  readonly code: EmbeddedErrorCode
  readonly field: string | undefined
  readonly headers: Record<string, string>
  /** When the refusal ends (a new device's hold), if it ends by itself. */
  readonly until: number | undefined

  constructor(
    status: HttpStatus,
    code: EmbeddedErrorCode,
    message: string,
    options: {
      field?: string
      headers?: Record<string, string>
      cause?: unknown
      until?: number
    } = {},
  ) {
    super(message, { cause: options.cause })
    this.status = status
    this.code = code
    this.field = options.field
    this.headers = options.headers ?? {}
    this.until = options.until
  }

  toJSON() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.field ? { field: this.field } : {}),
        ...(this.until === undefined ? {} : { until: new Date(this.until).toISOString() }),
      },
    }
  }
}

/**
 * Parses `input` with `schema` or throws a 400 naming the first field at fault; the ValiError is
 * the cause. An invalid e-mail answers the spec's "Invalid email".
 *
 * @example
 * const body = parseBody(StartSchema, await readJson(c))
 */
export function parseBody<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true })
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue ? v.getDotPath(issue) || undefined : undefined
  const code = issue?.type === 'email' ? 'INVALID_EMAIL' : 'BAD_REQUEST'
  throw new EmbeddedError(400, code, issue?.message ?? 'Invalid input', {
    ...(field ? { field } : {}),
    cause: new v.ValiError(result.issues),
  })
}

/**
 * The sub-app's error handler. Only the error's message and path are logged: request bodies
 * (codes, shares) never reach the log.
 */
export function embeddedErrorAnswer(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const shed = shedAnswer(error, c, logger, (e) => ({ error: e }))
    if (shed) return shed
    if (error instanceof EmbeddedError) {
      if (error.status >= 500) {
        logger.error('request failed', { path: c.req.path, code: error.code })
      }
      return c.json(error.toJSON(), error.status, error.headers)
    }
    if (error.name === 'BodyLimitError') {
      return c.json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Body too large' } }, 413, {
        connection: 'close',
      })
    }
    logger.error('request failed', { path: c.req.path, error: error.name })
    return c.json({ error: { code: 'SERVER_ERROR', message: 'Internal server error' } }, 500)
  }
}
