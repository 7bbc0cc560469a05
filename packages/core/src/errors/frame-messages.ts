// The embedded wallet frame's error texts: its load, timeout and origin failures (spec §8:
// iframe_load_failed, iframe_request_timeout, unverified_domain, with the texts of their
// alerts) and the server's e-mail login errors as the frame passes them on. Only the lazily
// loaded @openmodal/embedded throws them, so they stay out of the page's initial JS (the
// pattern: the top of messages.ts).
import { defineErrorTexts } from './base.js'

/** The texts of the frame's errors, by code: `frameError(code)` reads exactly this. */
export const FRAME_ERROR_MESSAGES = {
  /** Spec §8: the e-mail views found no AUTH connector (the embedded wallet's entry). */
  NO_AUTH_CONNECTOR: 'No auth connector found',
  /** Spec §8 iframe_load_failed: no ready event within 20 000 ms, or the frame was removed. */
  FRAME_LOAD_FAILED: 'Network Error - Could not load embedded wallet',
  /** Spec §8 iframe_request_timeout. */
  FRAME_REQUEST_TIMEOUT: 'Embedded Wallet Request Timed Out',
  /** Spec §8 unverified_domain: the frame refused this page's origin. */
  FRAME_UNVERIFIED_DOMAIN: 'Invalid App Configuration',
  /** Server INVALID_EMAIL (spec §5 default schema text). */
  EMAIL_INVALID: 'Invalid email',
  /** Server INVALID_OTP. */
  EMAIL_OTP_INVALID: 'This code is not valid',
  /** Server OTP_EXPIRED. */
  EMAIL_OTP_EXPIRED: 'The code has expired; ask for a new one',
  /** Server OTP_LOCKED: 5 wrong tries. */
  EMAIL_OTP_LOCKED: 'Too many wrong codes; ask for a new one',
  /** Server EMAIL_IN_USE (update e-mail). */
  EMAIL_IN_USE: 'Another account uses this e-mail',
  /** Server MAIL_FAILED. */
  EMAIL_SEND_FAILED: 'The e-mail could not be sent; try again',
  /** Server FEATURE_DISABLED. */
  EMAIL_LOGIN_DISABLED: 'E-mail login is off for this project',
  /** Server UNAUTHORIZED, INVALID_PROOF, SESSION_NOT_FRESH (spec §8 alert text). */
  EMBEDDED_SESSION_EXPIRED: 'Session Expired',
  /** Server PROJECT_NOT_FOUND (spec §8 alert text). */
  EMBEDDED_PROJECT_NOT_FOUND: 'Project ID Not Configured',
  /**
   * Server NEW_DEVICE_HOLD: a device that recovered the wallet may not change its recovery
   * method or e-mail until its hold ends (`{time}`, UTC), so the visitor can lock it first.
   */
  EMBEDDED_NEW_DEVICE_HOLD:
    'This device recovered the wallet recently. It can change the recovery method or the e-mail after {time}.',
  /** Any other server error (spec §8 alert text); the server's words go in `details`. */
  EMBEDDED_SERVER_ERROR: 'Server Error',
  /** Spec §8: the provider or the server refused to start or finish a social login. */
  FAILED_TO_INITIATE_SOCIAL: 'Failed to initiate social connection',
  /** Spec §8: the visitor closed the social login popup (checked every second). */
  POPUP_CLOSED: 'Popup closed',
  /** Spec §8: a Sign In With Farcaster login that did not complete. */
  FAILED_TO_CONNECT_FARCASTER: 'Failed to connect to farcaster',
} as const

/**
 * The BaseError of a frame `code`, reading its text in `FRAME_ERROR_MESSAGES`; only the lazily
 * loaded embedded wallet calls it.
 *
 * @example throw frameError('FRAME_REQUEST_TIMEOUT', { details: 'CONNECT_OTP: no answer in 120000 ms' })
 */
export const frameError = /* @__PURE__ */ defineErrorTexts(FRAME_ERROR_MESSAGES)
