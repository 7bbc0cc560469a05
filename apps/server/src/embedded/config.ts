// Settings of the embedded wallet's server side: the secure site's origin, the two server keys,
// the mailer and the limits (defaults below; spec §5 for the 30 s between sends); and the
// recovery modes a project may choose, with the factor descriptor the vault keeps.
import * as v from 'valibot'
import type { VaultKey } from './crypto.js'
import type { Mailer } from './mailer.js'
import type { FarcasterOptions } from './social/farcaster.js'
import { isSafeRelayUrl } from './social/farcaster-upstream.js'

/**
 * A project's recovery mode. `non-custodial` (default): the recovery share is wrapped in the
 * secure frame under a passkey (WebAuthn PRF) or a passphrase (Argon2id) only the visitor
 * holds, so the operator's database, vault key and a code it issues itself rebuild nothing.
 * `custodial` (explicit opt-in): the server keeps the recovery share under its vault key and a
 * fresh e-mail login alone recovers the wallet — the operator can rebuild every key.
 */
export const RECOVERY_MODES = ['non-custodial', 'custodial'] as const
export type RecoveryMode = (typeof RECOVERY_MODES)[number]

/** The project config's `recovery`; the old names are refused with what to write instead. */
export const RecoveryModeSchema = v.pipe(
  v.string(),
  v.check(
    (mode) => mode !== 'automatic',
    "recovery 'automatic' is now called 'custodial' (the operator can rebuild keys); write it explicitly, or leave recovery out for the non-custodial default",
  ),
  v.check(
    (mode) => mode !== 'passphrase',
    "recovery 'passphrase' is now part of 'non-custodial' (the default): the visitor locks the recovery share with a passkey or a passphrase",
  ),
  v.picklist(RECOVERY_MODES, "Expected recovery 'non-custodial' or 'custodial'"),
)

const Base64 = (bytes: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Expected base64'),
    v.check((text) => Buffer.from(text, 'base64').length === bytes, `Expected ${bytes} bytes`),
  )

/**
 * What opens a wallet's recovery share; the server stores it beside the (opaque) share and never
 * needs it itself. Bounds on the Argon2id costs keep a frame from being asked for absurd work.
 */
export const RecoveryFactorSchema = v.variant('kind', [
  v.strictObject({ kind: v.literal('custodial') }),
  v.strictObject({
    kind: v.literal('passkey'),
    credentialId: v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]{16,1366}$/, 'Expected a base64url credential id'),
    ),
    salt: Base64(32),
  }),
  v.strictObject({
    kind: v.literal('passphrase'),
    salt: Base64(16),
    kdf: v.strictObject({
      name: v.literal('argon2id'),
      m: v.pipe(v.number(), v.integer(), v.minValue(65_536), v.maxValue(1_048_576)),
      t: v.pipe(v.number(), v.integer(), v.minValue(3), v.maxValue(10)),
      p: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
    }),
  }),
])
export type RecoveryFactor = v.InferOutput<typeof RecoveryFactorSchema>

/** Whether a project in `mode` accepts a recovery share locked by `factor`. */
export const factorAllowed = (mode: RecoveryMode, factor: RecoveryFactor): boolean =>
  factor.kind !== 'custodial' || mode === 'custodial'

export interface EmbeddedLimits {
  /** A code's lifetime. */
  otpTtlMs: number
  /** Wrong codes accepted per code before it is locked. */
  otpMaxTries: number
  /**
   * Spec §5: one code per e-mail address every 30 s ("Please try again after N seconds"),
   * counted per requesting device key: another requester's codes never hold the visitor's back.
   */
  sendGapMs: number
  /** Codes one device key may have sent to one e-mail address per hour. */
  sendsPerEmailPerHour: number
  /** Codes one device key may have sent per hour, to any address. */
  sendsPerDevicePerHour: number
  /** Codes sent from one client address per hour. */
  sendsPerIpPerHour: number
  /**
   * Codes sent to one e-mail address per hour by everyone together: a bound on mail bombing,
   * three times one requester's quota so that a single requester cannot starve the visitor.
   */
  sendsToEmailPerHour: number
  /** Wrong codes for one e-mail address (per realm) in a rolling 30 days before it is locked. */
  failedCodesPer30Days: number
  /** The first lock's length; each further lock in the 30 days lasts twice the previous one. */
  emailLockMs: number
  /** Code checks from one client address per 10 minutes (brute force over many attempts). */
  verifiesPerIpPer10Min: number
  /** A session's lifetime. */
  sessionTtlMs: number
  /** How recent a login must be to read or replace the shares. */
  freshSessionMs: number
  /** How old a device-key proof may be. */
  proofMaxAgeMs: number
  /** How long the shares replaced by a rotation are kept for devices that hold the old ones. */
  shareRecoveryWindowMs: number
  /** How long the lock link of a notice mail works. */
  lockLinkTtlMs: number
}

export const DEFAULT_EMBEDDED_LIMITS: EmbeddedLimits = {
  otpTtlMs: 10 * 60_000,
  otpMaxTries: 5,
  sendGapMs: 30_000,
  sendsPerEmailPerHour: 10,
  sendsPerDevicePerHour: 30,
  sendsPerIpPerHour: 30,
  sendsToEmailPerHour: 30,
  failedCodesPer30Days: 100,
  emailLockMs: 3_600_000,
  verifiesPerIpPer10Min: 30,
  sessionTtlMs: 7 * 24 * 3_600_000,
  freshSessionMs: 5 * 60_000,
  proofMaxAgeMs: 60_000,
  shareRecoveryWindowMs: 7 * 24 * 3_600_000,
  lockLinkTtlMs: 30 * 24 * 3_600_000,
}

export interface EmbeddedOptions {
  /** The secure site's origin: the only origin CORS lets call these routes. */
  secureOrigin: string
  /** Key of the codes' HMAC (at least 32 bytes). */
  authSecret: Uint8Array
  /**
   * AES-256-GCM key of the share vault (32 bytes), or a keyring during a rotation: the current
   * key seals, the others still open (docs/production.md, vault-key rotation).
   */
  vaultKey: VaultKey
  mailer: Mailer
  limits?: Partial<EmbeddedLimits>
  /**
   * Groups of projects whose users share one account and wallet per e-mail, by group name
   * (`{ acme: ['acme-web', 'acme-app'] }`). Any other project has its own users and wallets.
   */
  sharedWallets?: Record<string, readonly string[]>
  /** Sign In With Farcaster: the IdRegistry's chain and the relay's settings; unset = off. */
  farcaster?: FarcasterOptions | undefined
}

/** Environment keys of the embedded wallet (read by env.ts). */
export interface EmbeddedEnv {
  /** Undefined: the origin of the secure site this server serves (OPENMODAL_SECURE_PORT). */
  secureOrigin: string | undefined
  authSecret: Uint8Array
  vaultKey: Uint8Array
  /** OPENMODAL_VAULT_READ_KEYS: keys that still open the vault, never seal (a rotation). */
  vaultReadKeys: Uint8Array[]
  smtpUrl: string
  mailFrom: string
  sharedWallets: Record<string, string[]>
  /**
   * OPENMODAL_EMAIL_SEND_GAP_MS: the wait between two codes to one address from one device
   * (default 30 000, spec §5); a test stack that asks for several codes in a row lowers it.
   */
  sendGapMs: number | undefined
  /** OPENMODAL_FARCASTER_*: Sign In With Farcaster, on when its RPC URL is set. */
  farcaster: FarcasterOptions | undefined
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
    vaultReadKeys: readKeys(env),
    smtpUrl: need('OPENMODAL_SMTP_URL'),
    mailFrom: env.OPENMODAL_MAIL_FROM || 'OpenModal <no-reply@localhost>',
    sharedWallets: parseSharedWallets(env.OPENMODAL_SHARED_WALLETS ?? ''),
    sendGapMs: sendGap(env.OPENMODAL_EMAIL_SEND_GAP_MS),
    farcaster: readFarcasterEnv(env),
  }
}

/**
 * Sign In With Farcaster from OPENMODAL_FARCASTER_RPC_URL (the IdRegistry's chain: Optimism),
 * OPENMODAL_FARCASTER_ID_REGISTRY, OPENMODAL_FARCASTER_RELAY_KEY,
 * OPENMODAL_FARCASTER_SIGN_IN_URL and OPENMODAL_FARCASTER_RELAY_URL (an upstream relay to follow,
 * https); undefined (off) without the RPC URL.
 *
 * @example
 * readFarcasterEnv({ OPENMODAL_FARCASTER_RPC_URL: 'https://mainnet.optimism.io' })
 */
export function readFarcasterEnv(env: NodeJS.ProcessEnv): FarcasterOptions | undefined {
  const rpcUrl = env.OPENMODAL_FARCASTER_RPC_URL
  if (!rpcUrl) return undefined
  const registry = env.OPENMODAL_FARCASTER_ID_REGISTRY
  if (registry && !/^0x[0-9a-fA-F]{40}$/.test(registry)) {
    throw new Error(`OPENMODAL_FARCASTER_ID_REGISTRY=${registry} is not an address`)
  }
  const relayUrl = env.OPENMODAL_FARCASTER_RELAY_URL || undefined
  if (relayUrl !== undefined && !isSafeRelayUrl(relayUrl)) {
    throw new Error(
      `OPENMODAL_FARCASTER_RELAY_URL=${relayUrl} must be an https URL (http only on loopback)`,
    )
  }
  return {
    rpcUrl,
    idRegistry: registry as `0x${string}` | undefined,
    relayKey: env.OPENMODAL_FARCASTER_RELAY_KEY || undefined,
    signInUrl: env.OPENMODAL_FARCASTER_SIGN_IN_URL || undefined,
    relayUrl,
  }
}

function sendGap(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined
  const ms = Number(raw)
  if (!Number.isSafeInteger(ms) || ms < 0 || ms > 3_600_000) {
    throw new Error(`OPENMODAL_EMAIL_SEND_GAP_MS must be 0 to 3600000 ms (got ${raw})`)
  }
  return ms
}

/**
 * OPENMODAL_VAULT_READ_KEYS: comma-separated 32-byte keys (hex or base64) that open the share
 * vault besides OPENMODAL_VAULT_KEY, which alone seals. Empty or unset: none.
 *
 * @example
 * readKeys({ OPENMODAL_VAULT_READ_KEYS: `${oldKeyHex}` }) // [Uint8Array(32)]
 */
export function readKeys(env: NodeJS.ProcessEnv): Uint8Array[] {
  return (env.OPENMODAL_VAULT_READ_KEYS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((raw, i) => key(`OPENMODAL_VAULT_READ_KEYS (key ${i + 1})`, raw, 32, 32))
}

/**
 * The vault's keyring from OPENMODAL_VAULT_KEY and OPENMODAL_VAULT_READ_KEYS alone (the CLI's
 * `vault` commands need no other embedded setting).
 *
 * @example
 * const keys = readVaultKeys(process.env)
 */
export function readVaultKeys(env: NodeJS.ProcessEnv): {
  current: Uint8Array
  others: Uint8Array[]
} {
  const raw = env.OPENMODAL_VAULT_KEY
  if (!raw) throw new Error('OPENMODAL_VAULT_KEY is required')
  return { current: key('OPENMODAL_VAULT_KEY', raw, 32, 32), others: readKeys(env) }
}

/**
 * OPENMODAL_SHARED_WALLETS: `name=projectA,projectB;other=projectC,projectD`. A project may be
 * in one group only.
 *
 * @example
 * parseSharedWallets('acme=acme-web,acme-app') // { acme: ['acme-web', 'acme-app'] }
 */
export function parseSharedWallets(raw: string): Record<string, string[]> {
  const groups: Record<string, string[]> = {}
  const seen = new Set<string>()
  for (const part of raw
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z0-9][a-z0-9_-]{0,62})=(.+)$/i.exec(part)
    const projects =
      match?.[2]
        ?.split(',')
        .map((p) => p.trim())
        .filter(Boolean) ?? []
    if (!match?.[1] || projects.length < 2) {
      throw new Error(
        `OPENMODAL_SHARED_WALLETS: "${part}" is not name=projectA,projectB (two projects or more)`,
      )
    }
    for (const project of projects) {
      if (seen.has(project)) {
        throw new Error(`OPENMODAL_SHARED_WALLETS: project ${project} is in two groups`)
      }
      seen.add(project)
    }
    groups[match[1]] = projects
  }
  return groups
}

/**
 * The realm of a project's users: the project itself, or `group:<name>` when the operator
 * lets it share wallets with the other projects of that group.
 *
 * @example
 * realmOf('acme-web', { acme: ['acme-web', 'acme-app'] }) // 'group:acme'
 */
export function realmOf(
  projectId: string,
  sharedWallets: Record<string, readonly string[]> | undefined,
): string {
  for (const [name, projects] of Object.entries(sharedWallets ?? {})) {
    if (projects.includes(projectId)) return `group:${name}`
  }
  return projectId
}
