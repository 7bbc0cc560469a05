import type { AppEventType } from '../protocol/schemas.js'

/** Spec §9 timeouts, in ms. */
export interface FrameTimeouts {
  /** From creation to ready: `iframe_load_failed` after it. */
  load: number
  /** Most requests: `iframe_request_timeout` after it. */
  request: number
  /** Login steps (connect e-mail / device / otp / social, social redirect, farcaster). */
  login: number
  /** Sign-out: disconnect waits at most this long. */
  signOut: number
  /**
   * Spec §4: the frame counts as ready (`SecureFrame.ready`) this long after its ready event.
   * Requests do not wait for it: they go on the ready event and queue in the frame.
   */
  readyDelay: number
}

export const DEFAULT_TIMEOUTS: FrameTimeouts = {
  load: 20_000,
  request: 20_000,
  login: 120_000,
  signOut: 3_000,
  readyDelay: 500,
}

const LOGIN_EVENTS = new Set<AppEventType>([
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
])
/**
 * Spec §9: no timeout for these (they wait for nothing the user does not see). CONNECT_OTP
 * waits for the visitor to read the mail and type the code in the frame, which shows the
 * request and can cancel it, like an approval.
 */
const UNTIMED_EVENTS = new Set<AppEventType>([
  'CONNECT_OTP',
  // A new code, then the passkey or passphrase, typed in the frame like CONNECT_OTP's.
  'CHANGE_RECOVERY',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'SET_PREFERRED_ACCOUNT',
])

/**
 * The timeout of one request; 0 waits without a limit. Unsafe RPC requests wait for the
 * user's approval in the frame, so they have none either (closing the modal aborts them).
 */
export function timeoutOf(
  type: AppEventType,
  timeouts: FrameTimeouts,
  needsApproval: boolean,
): number {
  if (type === 'SIGN_OUT') return timeouts.signOut
  if (LOGIN_EVENTS.has(type)) return timeouts.login
  if (UNTIMED_EVENTS.has(type) || needsApproval) return 0
  return timeouts.request
}
