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

/**
 * Deletes events, proof ids and codes too old to matter (called now and then by the routes).
 *
 * @example
 * await pruneEmbedded(db, Date.now())
 */
export async function pruneEmbedded(db: Queryable, now: number): Promise<void> {
  const dayAgo = new Date(now - 24 * 3_600_000)
  await db.query('delete from embedded.rate_events where at < $1', [dayAgo])
  await db.query('delete from embedded.proof_jtis where expires_at < $1', [new Date(now)])
  await db.query('delete from embedded.otp_codes where expires_at < $1', [dayAgo])
  await db.query('delete from embedded.sessions where expires_at < $1', [new Date(now)])
}
