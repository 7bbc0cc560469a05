import { ALERTS, type AlertCode, BaseError, kitError } from '@openmodal/core/internal'

/** Spec §8: what a frame timeout or refusal reports. */
export type FrameFailure = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

const ALERT_OF: Record<FrameFailure, AlertCode> = {
  iframe_load_failed: 'EMBEDDED_WALLET_LOAD_FAILED',
  iframe_request_timeout: 'EMBEDDED_WALLET_TIMEOUT',
  unverified_domain: 'INVALID_APP_CONFIGURATION',
}

/**
 * The secure frame did not load, did not answer in time, or refused this page's origin. Its
 * `shortMessage` is the spec §8 alert title; `reason` is the spec's report code.
 */
export class FrameError extends BaseError {
  override name = 'FrameError'
  readonly alert: AlertCode
  constructor(
    readonly reason: FrameFailure,
    details?: string,
  ) {
    super(ALERTS[ALERT_OF[reason]].title, details === undefined ? {} : { details })
    this.alert = ALERT_OF[reason]
  }
}

/** An EIP-1193 error: a numeric `code` (4001 rejected, 4100 unauthorised, 4200 unsupported). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** A frame ERROR reply: its message (or the spec's "An error occurred"), and its code if any. */
export function replyError(payload: {
  message?: string | undefined
  code?: number | undefined
}): Error {
  if (payload.code !== undefined) {
    return new ProviderRpcError(
      payload.code,
      payload.message || kitError('AN_ERROR_OCCURRED').shortMessage,
    )
  }
  return payload.message ? new BaseError(payload.message) : kitError('AN_ERROR_OCCURRED')
}
