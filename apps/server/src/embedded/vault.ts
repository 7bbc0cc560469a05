// The share vault: the auth share and the recovery share of one user's wallet, each sealed with
// AES-256-GCM under the server's vault key and bound to the user and column, plus the addresses
// committed at creation (the secure frame compares every rebuild against them).
import type { Queryable } from '../db/db.js'
import type { RecoveryFactor } from './config.js'
import { open, seal } from './crypto.js'

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
}

const context = (column: string, userId: string) => `openmodal-vault\0${column}\0${userId}`

/**
 * Stores a user's first wallet; false when the user already has one (nothing changes).
 *
 * @example
 * const created = await createWallet(db, key, userId, shares, Date.now())
 */
export async function createWallet(
  db: Queryable,
  key: Uint8Array,
  userId: string,
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
  return rows.length === 1
}

/**
 * Replaces all shares and the commitment of an existing wallet in one statement (a new device
 * re-split the key); false when the user has no wallet.
 *
 * @example
 * const rotated = await rotateWallet(db, key, userId, shares, Date.now())
 */
export async function rotateWallet(
  db: Queryable,
  key: Uint8Array,
  userId: string,
  shares: StoredShares,
  now: number,
): Promise<boolean> {
  const rows = await db.query(
    `update embedded.wallets
     set commitment = $2, recovery = $3, recovery_factor = $7, auth_share = $4,
         recovery_share = $5, version = version + 1, updated_at = $6
     where user_id = $1 returning user_id`,
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
  return rows.length === 1
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
 * A user's shares opened, or undefined without a wallet. Throws if a ciphertext does not open
 * under `key` (wrong key, or a row altered or moved).
 *
 * @example
 * const shares = await readShares(db, key, userId)
 */
export async function readShares(
  db: Queryable,
  key: Uint8Array,
  userId: string,
): Promise<StoredShares | undefined> {
  const [row] = await db.query<WalletRow>(
    `select commitment, recovery_factor, auth_share, recovery_share
     from embedded.wallets where user_id = $1`,
    [userId],
  )
  if (!row) return undefined
  return {
    commitment: row.commitment,
    factor: row.recovery_factor,
    authShare: open(key, row.auth_share, context('auth_share', userId)),
    recoveryShare: open(key, row.recovery_share, context('recovery_share', userId)),
  }
}
