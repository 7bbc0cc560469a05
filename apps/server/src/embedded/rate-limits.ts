// Sliding-window limits kept in the database, so every instance on one database counts the same
// events. Each check runs in the caller's transaction under an advisory lock on the bucket, so
// two instances cannot both take the last slot.
import type { Queryable } from '../db/db.js'

export interface WindowLimit {
  /** What is counted, e.g. `send-email|a@b.c`. */
  bucket: string
  windowMs: number
  max: number
}

export type LimitResult = { ok: true } | { ok: false; retryAfterMs: number }

/**
 * Counts one event in every bucket of `limits` if all have room, else counts nothing and says
 * how long until the fullest one has room again.
 *
 * @example
 * const result = await takeLimits(tx, [{ bucket: `send-ip|${ip}`, windowMs: 3_600_000, max: 30 }], Date.now())
 */
export async function takeLimits(
  tx: Queryable,
  limits: readonly WindowLimit[],
  now: number,
): Promise<LimitResult> {
  // Locks in one order (sorted) so two transactions never wait on each other in a cycle.
  const sorted = [...limits].sort((a, b) => a.bucket.localeCompare(b.bucket))
  for (const limit of sorted) {
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 17))', [limit.bucket])
  }
  let retryAfterMs = 0
  for (const limit of sorted) {
    const since = new Date(now - limit.windowMs)
    const rows = await tx.query<{ at: Date }>(
      `select at from embedded.rate_events where bucket = $1 and at > $2
       order by at desc limit $3`,
      [limit.bucket, since, limit.max],
    )
    if (rows.length >= limit.max) {
      const oldest = rows[rows.length - 1]?.at.getTime() ?? now
      retryAfterMs = Math.max(retryAfterMs, oldest + limit.windowMs - now)
    }
  }
  if (retryAfterMs > 0) return { ok: false, retryAfterMs }
  for (const limit of sorted) {
    await tx.query('insert into embedded.rate_events (bucket, at) values ($1, $2)', [
      limit.bucket,
      new Date(now),
    ])
  }
  return { ok: true }
}

/** The prefix of the wrong-code events, kept 30 days for the total cap (see `FAILURE_WINDOW_MS`). */
export const FAILURE_BUCKET = 'otp-fail|'
export const FAILURE_WINDOW_MS = 30 * 24 * 3_600_000

/**
 * Counts the events of `bucket` in the last `windowMs`.
 *
 * @example
 * const failures = await countEvents(tx, `otp-fail|${realm}|${email}`, FAILURE_WINDOW_MS, Date.now())
 */
export async function countEvents(
  tx: Queryable,
  bucket: string,
  windowMs: number,
  now: number,
): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    'select count(*)::int as n from embedded.rate_events where bucket = $1 and at > $2',
    [bucket, new Date(now - windowMs)],
  )
  return row?.n ?? 0
}

/** Counts one event of `bucket` (no limit). */
export async function recordEvent(tx: Queryable, bucket: string, now: number): Promise<void> {
  await tx.query('insert into embedded.rate_events (bucket, at) values ($1, $2)', [
    bucket,
    new Date(now),
  ])
}

/**
 * Deletes events, proof ids, codes, sessions, retired shares and lock links too old to matter
 * (called now and then by the routes). Wrong-code events are kept for their 30-day window.
 *
 * @example
 * await pruneEmbedded(db, Date.now())
 */
export async function pruneEmbedded(db: Queryable, now: number): Promise<void> {
  const dayAgo = new Date(now - 24 * 3_600_000)
  await db.query(
    `delete from embedded.rate_events
     where at < $1 and (bucket not like 'otp-fail|%' or at < $2)`,
    [dayAgo, new Date(now - FAILURE_WINDOW_MS)],
  )
  await db.query('delete from embedded.proof_jtis where expires_at < $1', [new Date(now)])
  await db.query('delete from embedded.otp_codes where expires_at < $1', [dayAgo])
  await db.query('delete from embedded.sessions where expires_at < $1', [new Date(now)])
  await db.query('delete from embedded.wallet_share_history where kept_until < $1', [new Date(now)])
  await db.query('delete from embedded.lock_links where expires_at < $1', [new Date(now)])
  await db.query('delete from embedded.social_attempts where expires_at < $1', [dayAgo])
  await db.query('delete from embedded.farcaster_channels where expires_at < $1', [new Date(now)])
}
