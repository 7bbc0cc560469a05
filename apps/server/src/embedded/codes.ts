// One-time codes in the database: issued to one device key (the newest replaces the older ones
// that same key asked for the same e-mail and purpose, never another device's), checked once and
// only with a proof of that key, locked after too many wrong tries. Only an HMAC is stored.
import type { Queryable } from '../db/db.js'
import { newOtp, otpHmac, randomId, sameDigest } from './crypto.js'

export type CodePurpose = 'login' | 'update_primary' | 'update_secondary'

export interface IssueCodeInput {
  flowId: string
  purpose: CodePurpose
  projectId: string
  email: string
  dappOrigin: string
  /** Thumbprint of the device key that asked: only a proof of it may verify the code. */
  jkt: string
  userId?: string | undefined
  newEmail?: string | undefined
}

export interface CodeRow extends Record<string, unknown> {
  id: string
  flow_id: string
  purpose: CodePurpose
  project_id: string
  email: string
  dapp_origin: string
  code_hmac: string
  user_id: string | null
  new_email: string | null
  jkt: string | null
  mail_status: 'sending' | 'sent' | 'failed'
  tries: number
  expires_at: Date
  used_at: Date | null
  superseded_at: Date | null
}

/**
 * Stores a new code for `input` and returns it (the only time it exists in clear), its mail
 * marked `sending`. Older unused codes of the same project, e-mail, purpose and device key stop
 * working; other devices' codes do not.
 *
 * @example
 * const otp = await issueCode(tx, secret, { flowId, purpose: 'login', projectId, email, dappOrigin }, now, ttl)
 */
export async function issueCode(
  tx: Queryable,
  secret: Uint8Array,
  input: IssueCodeInput,
  now: number,
  ttlMs: number,
): Promise<string> {
  await tx.query(
    `update embedded.otp_codes set superseded_at = $4
     where project_id = $1 and email = $2 and purpose = $3 and jkt = $5
       and used_at is null and superseded_at is null`,
    [input.projectId, input.email, input.purpose, new Date(now), input.jkt],
  )
  const id = randomId()
  const otp = newOtp()
  await tx.query(
    `insert into embedded.otp_codes
       (id, flow_id, purpose, project_id, email, dapp_origin, code_hmac, user_id, new_email,
        created_at, expires_at, jkt, mail_status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'sending')`,
    [
      id,
      input.flowId,
      input.purpose,
      input.projectId,
      input.email,
      input.dappOrigin,
      otpHmac(secret, id, otp),
      input.userId ?? null,
      input.newEmail ?? null,
      new Date(now),
      new Date(now + ttlMs),
      input.jkt,
    ],
  )
  return otp
}

/**
 * Records whether the mail of the newest code of `flowId` left (the mail is sent after the
 * answer; the frame learns a failure when it polls or verifies).
 *
 * @example
 * await setMailStatus(db, flowId, 'login', 'failed')
 */
export async function setMailStatus(
  db: Queryable,
  flowId: string,
  purpose: CodePurpose,
  status: 'sent' | 'failed',
): Promise<void> {
  await db.query(
    `update embedded.otp_codes set mail_status = $3
     where id = (select id from embedded.otp_codes where flow_id = $1 and purpose = $2
                 order by created_at desc limit 1)`,
    [flowId, purpose, status],
  )
}

/**
 * The newest code of `flowId` and `purpose`, or undefined.
 *
 * @example
 * const code = await findCode(db, attemptId, 'login')
 */
export async function findCode(
  db: Queryable,
  flowId: string,
  purpose: CodePurpose,
): Promise<CodeRow | undefined> {
  const [code] = await db.query<CodeRow>(
    `select * from embedded.otp_codes where flow_id = $1 and purpose = $2
     order by created_at desc limit 1`,
    [flowId, purpose],
  )
  return code
}

export type CheckResult =
  | { ok: true; code: CodeRow }
  | {
      ok: false
      reason: 'unknown' | 'expired' | 'locked' | 'wrong' | 'other-device' | 'mail-failed'
      triesLeft: number
      code?: CodeRow
    }

/**
 * Checks `otp` against the newest code of `flowId` and `purpose`, holding its row locked so
 * that two instances checking at once count each try. Only the device key `jkt` that asked for
 * the code may check it: another key is refused before the code is compared, and counts no try
 * (so it cannot lock the visitor's attempt either). A right code is used up; a wrong one counts
 * a try, and the last try locks the code. Call inside a transaction.
 *
 * @example
 * const result = await checkCode(tx, secret, { flowId, purpose: 'login', otp, jkt }, now, 5)
 */
export async function checkCode(
  tx: Queryable,
  secret: Uint8Array,
  input: { flowId: string; purpose: CodePurpose; otp: string; jkt: string },
  now: number,
  maxTries: number,
): Promise<CheckResult> {
  const [code] = await tx.query<CodeRow>(
    `select * from embedded.otp_codes where flow_id = $1 and purpose = $2
     order by created_at desc limit 1 for update`,
    [input.flowId, input.purpose],
  )
  if (!code || code.used_at || code.superseded_at) {
    return { ok: false, reason: 'unknown', triesLeft: 0 }
  }
  if (code.jkt === null || code.jkt !== input.jkt) {
    return { ok: false, reason: 'other-device', triesLeft: 0 }
  }
  if (code.mail_status === 'failed') return { ok: false, reason: 'mail-failed', triesLeft: 0 }
  if (code.tries >= maxTries) return { ok: false, reason: 'locked', triesLeft: 0 }
  if (code.expires_at.getTime() <= now) return { ok: false, reason: 'expired', triesLeft: 0 }
  if (sameDigest(code.code_hmac, otpHmac(secret, code.id, input.otp))) {
    await tx.query('update embedded.otp_codes set used_at = $2 where id = $1', [
      code.id,
      new Date(now),
    ])
    return { ok: true, code }
  }
  const tries = code.tries + 1
  await tx.query('update embedded.otp_codes set tries = $2 where id = $1', [code.id, tries])
  return tries >= maxTries
    ? { ok: false, reason: 'locked', triesLeft: 0, code }
    : { ok: false, reason: 'wrong', triesLeft: maxTries - tries, code }
}
