// Settings of the embedded wallet's server side: the secure site's origin, the two server keys,
// the mailer and the limits (defaults below; spec §5 for the 30 s between sends).
import type { Mailer } from './mailer.js'

export interface EmbeddedLimits {
  /** A code's lifetime. */
  otpTtlMs: number
  /** Wrong codes accepted per code before it is locked. */
  otpMaxTries: number
  /** Spec §5: one code per e-mail address every 30 s ("Please try again after N seconds"). */
  sendGapMs: number
  /** Codes sent to one e-mail address per hour. */
  sendsPerEmailPerHour: number
  /** Codes sent from one client address per hour. */
  sendsPerIpPerHour: number
  /** Code checks from one client address per 10 minutes (brute force over many attempts). */
  verifiesPerIpPer10Min: number
  /** A session's lifetime. */
  sessionTtlMs: number
  /** How recent a login must be to read or replace the shares. */
  freshSessionMs: number
  /** How old a device-key proof may be. */
  proofMaxAgeMs: number
}

export const DEFAULT_EMBEDDED_LIMITS: EmbeddedLimits = {
  otpTtlMs: 10 * 60_000,
  otpMaxTries: 5,
  sendGapMs: 30_000,
  sendsPerEmailPerHour: 10,
  sendsPerIpPerHour: 30,
  verifiesPerIpPer10Min: 30,
  sessionTtlMs: 7 * 24 * 3_600_000,
  freshSessionMs: 5 * 60_000,
  proofMaxAgeMs: 60_000,
}

export interface EmbeddedOptions {
  /** The secure site's origin: the only origin CORS lets call these routes. */
  secureOrigin: string
  /** Key of the codes' HMAC (at least 32 bytes). */
  authSecret: Uint8Array
  /** AES-256-GCM key of the share vault (32 bytes). */
  vaultKey: Uint8Array
  mailer: Mailer
  limits?: Partial<EmbeddedLimits>
}

/** Environment keys of the embedded wallet (read by env.ts). */
export interface EmbeddedEnv {
  /** Undefined: the origin of the secure site this server serves (OPENMODAL_SECURE_PORT). */
  secureOrigin: string | undefined
  authSecret: Uint8Array
  vaultKey: Uint8Array
  smtpUrl: string
  mailFrom: string
}

function key(name: string, raw: string, minBytes: number, exactBytes?: number): Uint8Array {
  const bytes =
    /^[0-9a-f]+$/i.test(raw) && raw.length % 2 === 0
      ? Buffer.from(raw, 'hex')
      : Buffer.from(raw, 'base64')
  if (exactBytes !== undefined ? bytes.length !== exactBytes : bytes.length < minBytes) {
    throw new Error(
      `${name} must be ${exactBytes ?? `at least ${minBytes}`} bytes, hex or base64 (got ${bytes.length})`,
    )
  }
  return new Uint8Array(bytes)
}

/**
 * The embedded wallet's settings from OPENMODAL_SECURE_ORIGIN, OPENMODAL_AUTH_SECRET,
 * OPENMODAL_VAULT_KEY, OPENMODAL_SMTP_URL and OPENMODAL_MAIL_FROM, or undefined when neither
 * OPENMODAL_SECURE_ORIGIN nor OPENMODAL_SECURE_PORT (this server serves the secure site) is set:
 * the routes are then not served. Once one is set, the keys and the SMTP URL are required.
 *
 * @example
 * const embedded = readEmbeddedEnv(process.env)
 */
export function readEmbeddedEnv(env: NodeJS.ProcessEnv): EmbeddedEnv | undefined {
  const secureOrigin = env.OPENMODAL_SECURE_ORIGIN
  if (!secureOrigin && !env.OPENMODAL_SECURE_PORT) return undefined
  let origin: string | undefined
  if (secureOrigin) {
    try {
      origin = new URL(secureOrigin).origin
    } catch {
      throw new Error(`OPENMODAL_SECURE_ORIGIN=${secureOrigin} is not a URL`)
    }
    if (origin !== secureOrigin.replace(/\/$/, '')) {
      throw new Error(`OPENMODAL_SECURE_ORIGIN=${secureOrigin} must be an origin (no path)`)
    }
  }
  const need = (name: string) => {
    const value = env[name]
    if (!value) {
      throw new Error(
        `${name} is required when OPENMODAL_SECURE_ORIGIN or OPENMODAL_SECURE_PORT is set`,
      )
    }
    return value
  }
  return {
    secureOrigin: origin,
    authSecret: key('OPENMODAL_AUTH_SECRET', need('OPENMODAL_AUTH_SECRET'), 32),
    vaultKey: key('OPENMODAL_VAULT_KEY', need('OPENMODAL_VAULT_KEY'), 32, 32),
    smtpUrl: need('OPENMODAL_SMTP_URL'),
    mailFrom: env.OPENMODAL_MAIL_FROM || 'OpenModal <no-reply@localhost>',
  }
}
