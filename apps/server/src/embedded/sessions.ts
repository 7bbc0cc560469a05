// Users and device-bound sessions. A user is one e-mail in one realm (a project, or a group of
// projects the operator linked). A session is found by the hash of its bearer token and is only
// valid together with a proof from the device key whose thumbprint it was bound to.
import type { Queryable } from '../db/db.js'
import { newBearerToken, randomId, tokenHash } from './crypto.js'

export interface User {
  id: string
  /** Null for a user of a social login whose provider verified no e-mail. */
  email: string | null
  /** Set by the lock link of a notice mail: no login until the operator clears it. */
  lockedAt: Date | null
}

export interface Session {
  id: string
  userId: string
  /** Null for a user of a social login whose provider verified no e-mail. */
  email: string | null
  projectId: string
  dappOrigin: string
  jkt: string
  authenticatedAt: number
  expiresAt: number
  /** When this session fetched the recovery share (a new device), if it did. */
  recoveredAt: number | undefined
}

/**
 * The user of `email` in `realm`, created when there is none (`isNew` says which).
 *
 * @example
 * const { user, isNew } = await findOrCreateUser(tx, 'my-project', 'ada@example.com', Date.now())
 */
export async function findOrCreateUser(
  tx: Queryable,
  realm: string,
  email: string,
  now: number,
): Promise<{ user: User; isNew: boolean }> {
  const inserted = await tx.query<{ id: string }>(
    `insert into embedded.users (id, realm, email, created_at) values ($1, $2, $3, $4)
     on conflict (realm, email) do nothing returning id`,
    [randomId(), realm, email, new Date(now)],
  )
  if (inserted[0]) return { user: { id: inserted[0].id, email, lockedAt: null }, isNew: true }
  const [row] = await tx.query<{ id: string; locked_at: Date | null }>(
    'select id, locked_at from embedded.users where realm = $1 and email = $2',
    [realm, email],
  )
  if (!row) throw new Error('user vanished while signing in')
  return { user: { id: row.id, email, lockedAt: row.locked_at }, isNew: false }
}

/**
 * A new session bound to the device key thumbprint `jkt`; the token is returned once.
 *
 * @example
 * const { token, expiresAt } = await createSession(tx, { userId, projectId, dappOrigin, jkt }, now, ttl)
 */
export async function createSession(
  tx: Queryable,
  input: { userId: string; projectId: string; dappOrigin: string; jkt: string },
  now: number,
  ttlMs: number,
): Promise<{ token: string; expiresAt: number }> {
  const { token, hash } = newBearerToken()
  const expiresAt = now + ttlMs
  await tx.query(
    `insert into embedded.sessions
       (id, token_hash, user_id, project_id, dapp_origin, jkt, authenticated_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      randomId(),
      hash,
      input.userId,
      input.projectId,
      input.dappOrigin,
      input.jkt,
      new Date(now),
      new Date(expiresAt),
    ],
  )
  return { token, expiresAt }
}

interface SessionRow extends Record<string, unknown> {
  id: string
  user_id: string
  email: string | null
  project_id: string
  dapp_origin: string
  jkt: string
  authenticated_at: Date
  expires_at: Date
  recovered_at: Date | null
}

/**
 * The live session of a bearer token, or undefined (unknown or expired).
 *
 * @example
 * const session = await findSession(db, token, Date.now())
 */
export async function findSession(
  db: Queryable,
  token: string,
  now: number,
): Promise<Session | undefined> {
  const [row] = await db.query<SessionRow>(
    `select s.id, s.user_id, u.email, s.project_id, s.dapp_origin, s.jkt, s.authenticated_at,
            s.expires_at, s.recovered_at
     from embedded.sessions s join embedded.users u on u.id = s.user_id
     where s.token_hash = $1 and s.expires_at > $2`,
    [tokenHash(token), new Date(now)],
  )
  if (!row) return undefined
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    projectId: row.project_id,
    dappOrigin: row.dapp_origin,
    jkt: row.jkt,
    authenticatedAt: row.authenticated_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    recoveredAt: row.recovered_at?.getTime(),
  }
}

/**
 * Ends every session of a user but `keepId` (an e-mail change, a lock).
 *
 * @example
 * await deleteOtherSessions(tx, userId, session.id)
 */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keepId?: string,
): Promise<void> {
  await db.query('delete from embedded.sessions where user_id = $1 and id <> $2', [
    userId,
    keepId ?? '',
  ])
}

/** Ends one session (sign-out). */
export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from embedded.sessions where id = $1', [id])
}
