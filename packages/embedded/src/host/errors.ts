import {
  type AlertCode,
  BaseError,
  FRAME_ERROR_MESSAGES,
  frameError,
  kitError,
  ProviderRpcError,
} from '@openmodal/core/internal'

/** Spec §8: what a frame timeout or refusal reports. */
export type FrameFailure = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

const FAILURES = {
  iframe_load_failed: { code: 'FRAME_LOAD_FAILED', alert: 'EMBEDDED_WALLET_LOAD_FAILED' },
  iframe_request_timeout: { code: 'FRAME_REQUEST_TIMEOUT', alert: 'EMBEDDED_WALLET_TIMEOUT' },
  unverified_domain: { code: 'FRAME_UNVERIFIED_DOMAIN', alert: 'INVALID_APP_CONFIGURATION' },
} as const satisfies Record<
  FrameFailure,
  { code: keyof typeof FRAME_ERROR_MESSAGES; alert: AlertCode }
>

/**
 * The secure frame did not load, did not answer in time, or refused this page's origin. A coded
 * error (`FRAME_LOAD_FAILED`, `FRAME_REQUEST_TIMEOUT`, `FRAME_UNVERIFIED_DOMAIN`: a UI
 * translates it by code) whose `shortMessage` is the spec §8 alert title; `reason` is the
 * spec's report code and `alert` the alert to show.
 */
export class FrameError extends BaseError {
  override name = 'FrameError'
  readonly alert: AlertCode
  constructor(
    readonly reason: FrameFailure,
    details?: string,
  ) {
    const { code, alert } = FAILURES[reason]
    super(FRAME_ERROR_MESSAGES[code], {
      code,
      codeText: true,
      ...(details === undefined ? {} : { details }),
    })
    this.alert = alert
  }
}

/** The server's e-mail and social login error codes (through the frame) and the kit's code of each. */
const SERVER_CODES: Record<string, keyof typeof FRAME_ERROR_MESSAGES> = {
  INVALID_EMAIL: 'EMAIL_INVALID',
  INVALID_OTP: 'EMAIL_OTP_INVALID',
  OTP_EXPIRED: 'EMAIL_OTP_EXPIRED',
  OTP_LOCKED: 'EMAIL_OTP_LOCKED',
  EMAIL_IN_USE: 'EMAIL_IN_USE',
  MAIL_FAILED: 'EMAIL_SEND_FAILED',
  FEATURE_DISABLED: 'EMAIL_LOGIN_DISABLED',
  UNAUTHORIZED: 'EMBEDDED_SESSION_EXPIRED',
  INVALID_PROOF: 'EMBEDDED_SESSION_EXPIRED',
  SESSION_NOT_FRESH: 'EMBEDDED_SESSION_EXPIRED',
  SESSION_EXPIRED: 'EMBEDDED_SESSION_EXPIRED',
  PROJECT_NOT_FOUND: 'EMBEDDED_PROJECT_NOT_FOUND',
  ORIGIN_NOT_ALLOWED: 'FRAME_UNVERIFIED_DOMAIN',
  SOCIAL_FAILED: 'FAILED_TO_INITIATE_SOCIAL',
  FARCASTER_FAILED: 'FAILED_TO_CONNECT_FARCASTER',
}

/**
 * The kit's error for a server error the frame passed on (`errorCode`, the server's words in
 * `message`): a coded error a UI translates, the server's words as `details`. RATE_LIMITED keeps
 * the server's words ("Please try again after N seconds", spec §5) as its text, and its
 * `Retry-After` as `values.seconds`, so a UI can say it in its own locale.
 */
function serverError(
  errorCode: string,
  message: string | undefined,
  until: number | undefined,
  retryAfter: number | undefined,
): BaseError {
  if (errorCode === 'RATE_LIMITED') {
    return new BaseError(message || 'Rate Limited', {
      code: 'EMAIL_RATE_LIMITED',
      ...(retryAfter === undefined ? {} : { values: { seconds: retryAfter } }),
    })
  }
  // A new device's hold: the time it ends, in the same unambiguous form as the notice mail.
  if (errorCode === 'NEW_DEVICE_HOLD' && until !== undefined) {
    return frameError('EMBEDDED_NEW_DEVICE_HOLD', {
      values: { time: utcTime(until) },
      ...(message ? { details: `${errorCode}: ${message}` } : {}),
    })
  }
  const code = SERVER_CODES[errorCode] ?? 'EMBEDDED_SERVER_ERROR'
  return frameError(code, message ? { details: `${errorCode}: ${message}` } : {})
}

/** `2026-11-30 19:04 UTC`: the notice mail's form of a time, read the same anywhere. */
const utcTime = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The frame's and the server's codes that mean the login session is gone (spec §8 alert). */
export const SESSION_EXPIRED_CODES: ReadonlySet<string> = new Set(
  Object.keys(SERVER_CODES).filter((code) => SERVER_CODES[code] === 'EMBEDDED_SESSION_EXPIRED'),
)

/** The kit's one EIP-1193 error (4001 rejected, 4100 unauthorised, 4200 unsupported). */
export { ProviderRpcError }

/**
 * A frame ERROR reply: the server's error by its code (`errorCode`), an EIP-1193 error by its
 * numeric code, else its message (or the spec's "An error occurred").
 */
export function replyError(payload: {
  message?: string | undefined
  code?: number | undefined
  errorCode?: string | undefined
  /** When the server's refusal ends (ms since the epoch). */
  until?: number | undefined
  /** A 429's `Retry-After` in seconds. */
  retryAfter?: number | undefined
}): Error {
  // An EIP-1193 error stays one (a 4100 "Session Expired" a dapp reads by its number), even
  // when the frame also names it.
  if (payload.code !== undefined) {
    return new ProviderRpcError(
      payload.code,
      payload.message || kitError('AN_ERROR_OCCURRED').shortMessage,
    )
  }
  if (payload.errorCode !== undefined) {
    return serverError(payload.errorCode, payload.message, payload.until, payload.retryAfter)
  }
  return payload.message ? new BaseError(payload.message) : kitError('AN_ERROR_OCCURRED')
}
