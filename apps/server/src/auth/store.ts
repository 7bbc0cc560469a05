// The SQL of Sign-In With X: nonces, sessions, the shared HMAC secret.
import { randomBytes } from 'node:crypto'
import type { Db, Queryable } from '../db/db.js'

export interface StoredSession {
  id: string
  projectId: string
  chainId: string
  address: string
  message: string
  signature: string
  cacao: Record<string, unknown> | null
  expiresAt: Date
  createdAt: Date
}

interface SessionRow extends Record<string, unknown> {
  id: string
  project_id: string
  chain_id: string
  address: string
  message: string
  signature: string
  cacao: Record<string, unknown> | null
  expires_at: Date | string
  created_at: Date | string
}

const toSession = (row: SessionRow): StoredSession => ({
  id: row.id,
  projectId: row.project_id,
  chainId: row.chain_id,
  address: row.address,
  message: row.message,
  signature: row.signature,
  cacao: row.cacao ?? null,
  expiresAt: new Date(row.expires_at),
  createdAt: new Date(row.created_at),
})

/** The named secret, created (32 random bytes) by whichever instance asks first. */
export async function sharedSecret(db: Queryable, name: string): Promise<Buffer> {
  await db.query(
    'insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing',
    [name, randomBytes(32).toString('base64')],
  )
  const [row] = await db.query<{ value: string }>(
    'select value from server_secrets where name = $1',
    [name],
  )
  if (!row) throw new Error(`secret ${name} missing`)
  return Buffer.from(row.value, 'base64')
}

/** Records an issued nonce; drops nonces that expired over an hour ago. */
export async function insertNonce(
  db: Queryable,
  projectId: string,
  nonce: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.query('delete from auth_nonces where expires_at < $1', [
    new Date(now.getTime() - 3_600_000),
  ])
  await db.query('insert into auth_nonces (nonce, project_id, expires_at) values ($1, $2, $3)', [
    nonce,
    projectId,
    expiresAt,
  ])
}

/** Whether the nonce was issued for the project, is unused and not expired at `now`. */
export async function isNonceUsable(
  db: Queryable,
  projectId: string,
  nonce: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from auth_nonces where nonce = $1 and project_id = $2 and used_at is null and expires_at > $3',
    [nonce, projectId, now],
  )
  return rows.length > 0
}

/**
 * Uses the nonce and stores the session in one transaction; resolves undefined (and stores
 * nothing) when another request used the nonce first.
 */
export async function createSession(
  db: Db,
  session: Omit<StoredSession, 'createdAt'> & { tokenHash: string; nonce: string },
  now: Date,
): Promise<StoredSession | undefined> {
  return db.transaction(async (tx) => {
    const used = await tx.query(
      'update auth_nonces set used_at = $1 where nonce = $2 and project_id = $3 and used_at is null and expires_at > $1 returning nonce',
      [now, session.nonce, session.projectId],
    )
    if (used.length === 0) return undefined
    const [row] = await tx.query<SessionRow>(
      `insert into auth_sessions
         (id, project_id, token_hash, chain_id, address, message, signature, cacao, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       returning id, project_id, chain_id, address, message, signature, cacao, expires_at, created_at`,
      [
        session.id,
        session.projectId,
        session.tokenHash,
        session.chainId,
        session.address,
        session.message,
        session.signature,
        session.cacao === null ? null : JSON.stringify(session.cacao),
        session.expiresAt,
        now,
      ],
    )
    return row ? toSession(row) : undefined
  })
}

/** The unexpired session of a token hash in the project. */
export async function findSession(
  db: Queryable,
  projectId: string,
  tokenHash: string,
  now: Date,
): Promise<StoredSession | undefined> {
  const [row] = await db.query<SessionRow>(
    `select id, project_id, chain_id, address, message, signature, cacao, expires_at, created_at
       from auth_sessions where token_hash = $1 and project_id = $2 and expires_at > $3`,
    [tokenHash, projectId, now],
  )
  return row ? toSession(row) : undefined
}

/** Deletes the session of a token hash; true when there was one. */
export async function deleteSession(
  db: Queryable,
  projectId: string,
  tokenHash: string,
): Promise<boolean> {
  const rows = await db.query(
    'delete from auth_sessions where token_hash = $1 and project_id = $2 returning id',
    [tokenHash, projectId],
  )
  return rows.length > 0
}
