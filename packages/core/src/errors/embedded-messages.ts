// The spec §8 error texts of the embedded wallet (its frame, e-mail and social logins). The
// embedded wallet loads on demand, so they stay out of the page's initial JS (the pattern:
// the top of messages.ts). No code throws them yet; the embedded wallet's code builds them
// with `embeddedError(code)`.
import { defineErrorTexts } from './base.js'

/** The texts of the embedded wallet's errors, by code: `embeddedError(code)` reads it. */
export const EMBEDDED_ERROR_MESSAGES = {
  FRAME_IFRAME_NOT_SET: 'W3mFrame: iframe is not set',
  FRAME_PARENT_NOT_SET: 'parent is not set',
  EMAIL_LOGIN_DEPENDENCY: 'Unable to load email login dependency',
  NOT_CONNECTED_TO_EMAIL_OR_SOCIAL: 'Not connected to email or social',
  NO_AUTH_CONNECTOR: 'No auth connector found',
  FAILED_TO_INITIATE_SOCIAL: 'Failed to initiate social connection',
  FAILED_TO_CONNECT_FARCASTER: 'Failed to connect to farcaster',
  POPUP_CLOSED: 'Popup closed',
} as const

/**
 * The BaseError of an embedded wallet `code`, reading its text in `EMBEDDED_ERROR_MESSAGES`.
 *
 * @example throw embeddedError('FRAME_IFRAME_NOT_SET')
 */
export const embeddedError = /* @__PURE__ */ defineErrorTexts(EMBEDDED_ERROR_MESSAGES)
