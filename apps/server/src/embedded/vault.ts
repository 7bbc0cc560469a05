// The share vault: the auth share and the recovery share of one user's wallet, each sealed with
// AES-256-GCM under the server's vault key and bound to the user and column, plus the addresses
// committed at creation (the secure frame compares every rebuild against them). The recovery
// share is stored as sent: a share (custodial mode) or an opaque blob the frame wrapped under a
// factor only the visitor holds. The vault also knows which device keys hold a device share of
// which version, and keeps the shares a rotation replaced for a recovery window.
import { createHash } from 'node:crypto'
import type { Queryable } from '../db/db.js'
import type { RecoveryFactor } from './config.js'
import { open, seal, type VaultKey } from './crypto.js'

export type Commitment = { eip155?: string | undefined; solana?: string | undefined }

export interface StoredShares {
  commitment: Commitment
  /** What opens the recovery share (stored beside it; `recovery` = its kind). */
  factor: RecoveryFactor
  authShare: Uint8Array
  /** Opaque: wrapped in the frame under the factor, or the share itself when `custodial`. */
  recoveryShare: Uint8Array
}

interface WalletRow extends Record<string, unknown> {
  commitment: Commitment
  recovery_factor: RecoveryFactor
  auth_share: string
  recovery_share: string
  version: number
}

const context = (column: string, userId: string) => `openmodal-vault\0${column}\0${userId}`

/**
 * Stores a user's first wallet and records `jkt` as the device holding its device share; false
 * when the user already has one (nothing changes). Two statements: call it in a transaction.
 *
 * @example
 * const created = await db.transaction((tx) => createWallet(tx, key, userId, jkt, shares, Date.now()))
 */
export async function createWallet(
  db: Queryable,
  key: VaultKey,
  userId: string,
  jkt: string,
  shares: StoredShares,
  now: number,
): Promise<boolean> {
  const rows = await db.query(
    `insert into embedded.wallets
       (user_id, commitment, recovery, recovery_factor, auth_share, recovery_share,
        created_at, updated_at)
     values ($1, $2, $3, $7, $4, $5, $6, $6)
     on conflict (user_id) do nothing returning user_id`,
    [
      userId,
      JSON.stringify(shares.commitment),
      shares.factor.kind,
      seal(key, shares.authShare, context('auth_share', userId)),
      seal(key, shares.recoveryShare, context('recovery_share', userId)),
      new Date(now),
      JSON.stringify(shares.factor),
    ],
  )
  if (rows.length !== 1) return false
  await addDevice(db, userId, jkt, 1, now)
  return true
}

async function addDevice(db: Queryable, userId: string, jkt: string, version: number, now: number) {
  await db.query(
    `insert into embedded.wallet_devices (user_id, jkt, version, created_at) values ($1, $2, $3, $4)
     on conflict (user_id, jkt) do update set version = excluded.version`,
    [userId, jkt, version, new Date(now)],
  )
}

/** The commitment of a user's wallet, or null without one (GET /v1/me). */
export async function walletCommitment(db: Queryable, userId: string): Promise<Commitment | null> {
  const [row] = await db.query<{ commitment: Commitment }>(
    'select commitment from embedded.wallets where user_id = $1',
    [userId],
  )
  return row?.commitment ?? null
}

/**
 * A user's wallet, shares opened, with its version; undefined without one. Throws if a
 * ciphertext does not open under `key` (wrong key, or a row altered or moved).
 *
 * @example
 * const wallet = await readWallet(db, key, userId)
 */
export async function readWallet(
  db: Queryable,
  key: VaultKey,
  userId: string,
  options: { forUpdate?: boolean } = {},
): Promise<(StoredShares & { version: number }) | undefined> {
  const [row] = await db.query<WalletRow>(
    `select commitment, recovery_factor, auth_share, recovery_share, version
     from embedded.wallets where user_id = $1${options.forUpdate ? ' for update' : ''}`,
    [userId],
  )
  if (!row) return undefined
  return {
    commitment: row.commitment,
    factor: row.recovery_factor,
    authShare: open(key, row.auth_share, context('auth_share', userId)),
    recoveryShare: open(key, row.recovery_share, context('recovery_share', userId)),
    version: row.version,
  }
}

export type DeviceShares =
  | { kind: 'known'; version: number; commitment: Commitment; authShare: Uint8Array }
  | { kind: 'retired' }
  | { kind: 'unknown' }
  | { kind: 'none' }

/**
 * The auth share that matches the device share `jkt` holds: the current one, or the one a
 * rotation replaced while the recovery window lasts (`retired` after it). `unknown`: this key
 * holds no device share of this wallet; `none`: no wallet.
 *
 * @example
 * const shares = await authShareFor(db, key, userId, session.jkt, Date.now())
 */
export async function authShareFor(
  db: Queryable,
  key: VaultKey,
  userId: string,
  jkt: string,
  now: number,
): Promise<DeviceShares> {
  const wallet = await readWallet(db, key, userId)
  if (!wallet) return { kind: 'none' }
  const [device] = await db.query<{ version: number }>(
    'select version from embedded.wallet_devices where user_id = $1 and jkt = $2',
    [userId, jkt],
  )
  if (!device) return { kind: 'unknown' }
  if (device.version === wallet.version) {
    return { kind: 'known', ...wallet }
  }
  const [old] = await db.query<{ commitment: Commitment; auth_share: string }>(
    `select commitment, auth_share from embedded.wallet_share_history
     where user_id = $1 and version = $2 and kept_until > $3`,
    [userId, device.version, new Date(now)],
  )
  if (!old) return { kind: 'retired' }
  return {
    kind: 'known',
    version: device.version,
    commitment: old.commitment,
    authShare: open(key, old.auth_share, context('auth_share', userId)),
  }
}

/**
 * The text the committed EVM address signs (EIP-191 `personal_sign`) to replace the shares:
 * the next version and the SHA-256 of each new share, so that a signature covers exactly one
 * set of shares once.
 *
 * @example
 * const message = rotationMessage({ address, version: 2, authShare, recoveryShare })
 */
export function rotationMessage(input: {
  address: string
  version: number
  authShare: Uint8Array
  recoveryShare: Uint8Array
}): string {
  const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
  return [
    'OpenModal wallet rotation',
    `Address: ${input.address.toLowerCase()}`,
    `Version: ${input.version}`,
    `Auth share: sha256:${digest(input.authShare)}`,
    `Recovery share: sha256:${digest(input.recoveryShare)}`,
  ].join('\n')
}

/**
 * Replaces the shares of an existing wallet whose version is `version - 1` (read in the same
 * transaction with `readWallet(..., { forUpdate: true })`): the old shares go to the history
 * until `keptUntil`, and `jkt` becomes the device of the new version. The commitment never
 * changes here.
 *
 * @example
 * await rotateWallet(tx, key, userId, jkt, shares, version, Date.now(), keptUntil)
 */
export async function rotateWallet(
  tx: Queryable,
  key: VaultKey,
  userId: string,
  jkt: string,
  shares: Omit<StoredShares, 'commitment'>,
  version: number,
  now: number,
  keptUntil: number,
): Promise<void> {
  await tx.query(
    `insert into embedded.wallet_share_history
       (user_id, version, commitment, recovery, recovery_factor, auth_share, recovery_share,
        replaced_at, kept_until)
     select user_id, version, commitment, recovery, recovery_factor, auth_share, recovery_share,
       $2, $3
     from embedded.wallets where user_id = $1
     on conflict (user_id, version) do nothing`,
    [userId, new Date(now), new Date(keptUntil)],
  )
  await tx.query(
    `update embedded.wallets
     set recovery = $2, recovery_factor = $7, auth_share = $3, recovery_share = $4, version = $5,
         updated_at = $6
     where user_id = $1 and version = $5 - 1`,
    [
      userId,
      shares.factor.kind,
      seal(key, shares.authShare, context('auth_share', userId)),
      seal(key, shares.recoveryShare, context('recovery_share', userId)),
      version,
      new Date(now),
      JSON.stringify(shares.factor),
    ],
  )
  await addDevice(tx, userId, jkt, version, now)
}
