// The hold of a new device (issue 24, "new device = notice + delay"). A device key that
// recovered a wallet through POST /v1/wallet/recovery may sign and send at once, but until its
// hold ends it may not change what recovers the wallet nor the e-mail: someone who took one code
// and the factor cannot lock the visitor out before the notice mail is read, and its lock link
// works meanwhile. The rotation that is part of the recovery itself (the new device's re-split)
// passes, keeping the wallet's factor.
import type { Queryable } from '../db/db.js'
import type { RecoveryFactor } from './config.js'
import { EmbeddedError } from './errors.js'
import { mailTime } from './notices.js'

/**
 * Starts the hold of `jkt` on `userId`'s wallet: `holdMs` from `now` (a later recovery by the
 * same key starts a new one). `holdMs` 0 records the recovery and holds nothing.
 *
 * @example
 * await startHold(tx, session.userId, session.jkt, now, project.recoveryHoldMs)
 */
export async function startHold(
  db: Queryable,
  userId: string,
  jkt: string,
  now: number,
  holdMs: number,
): Promise<void> {
  await db.query(
    `insert into embedded.recovery_holds (user_id, jkt, recovered_at, held_until)
     values ($1, $2, $3, $4)
     on conflict (user_id, jkt) do update
       set recovered_at = excluded.recovered_at, held_until = excluded.held_until`,
    [userId, jkt, new Date(now), new Date(now + holdMs)],
  )
}

/**
 * Where `jkt` stands after a recovery of `userId`'s wallet: `heldUntil` while its hold lasts,
 * `recovered` when it ever recovered that wallet.
 *
 * @example
 * const { heldUntil } = await holdOf(db, session.userId, session.jkt, Date.now())
 */
export async function holdOf(
  db: Queryable,
  userId: string,
  jkt: string,
  now: number,
): Promise<{ recovered: boolean; heldUntil: number | undefined }> {
  const [row] = await db.query<{ held_until: Date }>(
    'select held_until from embedded.recovery_holds where user_id = $1 and jkt = $2',
    [userId, jkt],
  )
  if (!row) return { recovered: false, heldUntil: undefined }
  const until = row.held_until.getTime()
  return { recovered: true, heldUntil: until > now ? until : undefined }
}

/** The refusal of a device that holds no share of the wallet: it must recover it first. */
export function recoveryRequired(): EmbeddedError {
  return new EmbeddedError(
    403,
    'RECOVERY_REQUIRED',
    'This device holds no share of the wallet; recover the wallet on this device',
  )
}

/** The refusal of a held device: 403 `NEW_DEVICE_HOLD` with the time the hold ends. */
export function holdError(heldUntil: number, what: 'recovery' | 'email'): EmbeddedError {
  const change = what === 'recovery' ? 'what recovers the wallet' : 'the e-mail of the wallet'
  return new EmbeddedError(
    403,
    'NEW_DEVICE_HOLD',
    `This device recovered the wallet recently: it can change ${change} after ${mailTime(heldUntil)}`,
    { until: heldUntil },
  )
}

/**
 * Whether `next` keeps what recovers the wallet (`current`) as a new device's re-split must: the
 * same kind, and for a passkey the same credential and salt. A custodial wallet in a project that
 * no longer is custodial gets the visitor's first factor here (the frame's upgrade). A new
 * passphrase salt cannot be told from a new passphrase: the server never sees either.
 *
 * @example
 * keepsFactor(wallet.factor, shares.factor) // false for passkey → passphrase
 */
export function keepsFactor(current: RecoveryFactor, next: RecoveryFactor): boolean {
  if (current.kind === 'custodial') return true
  if (current.kind === 'passkey') {
    return (
      next.kind === 'passkey' &&
      next.credentialId === current.credentialId &&
      next.salt === current.salt
    )
  }
  return next.kind === current.kind
}
