// The notices the visitor gets about their wallet: a new device recovered it, its shares were
// replaced, its e-mail changed, its logins were locked after too many wrong codes. Each notice
// of something the visitor may not have done carries a link that locks the wallet.
import type { Context } from 'hono'
import type { Queryable } from '../db/db.js'
import type { AppEnv } from '../http/access.js'
import { getProject } from '../projects/store.js'
import { afterAnswer, type EmbeddedContext } from './context.js'
import { randomId, tokenHash } from './crypto.js'

/**
 * A lock link for `userId`: a random token whose hash is stored until `expiresAt`.
 *
 * @example
 * const link = await createLockLink(tx, context, c, userId)
 */
export async function createLockLink(
  tx: Queryable,
  context: EmbeddedContext,
  c: Context<AppEnv>,
  userId: string,
): Promise<string> {
  const token = randomId(32)
  await tx.query(
    'insert into embedded.lock_links (token_hash, user_id, expires_at) values ($1, $2, $3)',
    [tokenHash(token), userId, new Date(context.now() + context.limits.lockLinkTtlMs)],
  )
  const base = context.publicUrl ?? new URL(c.req.url).origin
  return `${base.replace(/\/$/, '')}/v1/lock/${token}`
}

/** The project's configured name (its id when it has none any more). */
export async function projectName(db: Queryable, projectId: string): Promise<string> {
  return (await getProject(db, projectId))?.name ?? projectId
}

/** `2026-11-28 19:04 UTC`: unambiguous for a reader anywhere. */
export function mailTime(now: number): string {
  return `${new Date(now).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/**
 * Sends a notice after the answer; a failure is logged, never shown to the caller. A user of a
 * social login whose provider verified no e-mail (`to` null) has no address to tell.
 *
 * @example
 * sendNotice(context, { to, subject, text })
 */
export function sendNotice(
  context: EmbeddedContext,
  mail: { to: string | null; subject: string; text: string },
): void {
  const { to } = mail
  if (to === null) return
  afterAnswer(context, 'notice mail', () => context.options.mailer.sendNotice({ ...mail, to }))
}

/** The lines that end a notice of something the visitor may not have done. */
export function notYouLines(lockLink: string): string[] {
  return [
    '',
    `Not you? Open this link to lock your wallet: ${lockLink}`,
    'Locking refuses every login and recovery of this wallet until the operator unlocks it.',
  ]
}
