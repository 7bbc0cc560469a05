// E-mail one-time-code login of the embedded wallet, the e-mail update, /v1/me and sign-out.
// The secure site's frame is the only client (see embedded/context.ts for CORS and sessions).
import { Hono } from 'hono'
import * as v from 'valibot'
import type { Queryable } from '../db/db.js'
import { type CheckResult, type CodePurpose, checkCode, issueCode } from '../embedded/codes.js'
import {
  authenticate,
  BODY_MAX_BYTES,
  clientAddress,
  type EmbeddedContext,
  pruneSometimes,
  readJson,
  requireProof,
  secureOriginOnly,
} from '../embedded/context.js'
import { randomId } from '../embedded/crypto.js'
import { EmbeddedError, embeddedErrorAnswer, parseBody } from '../embedded/errors.js'
import { takeLimits, type WindowLimit } from '../embedded/rate-limits.js'
import { createSession, findOrCreateUser } from '../embedded/sessions.js'
import { walletCommitment } from '../embedded/vault.js'
import type { AppEnv } from '../http/access.js'
import { limitBody } from '../http/middleware.js'
import { isProjectOrigin } from '../http/origins.js'
import { ProjectIdSchema } from '../projects/schema.js'
import { getProject } from '../projects/store.js'

const Email = v.pipe(
  v.string('Required'),
  v.trim(),
  v.maxLength(254, 'Invalid email'),
  v.email('Invalid email'),
  v.toLowerCase(),
)
const Otp = v.pipe(v.string('Required'), v.regex(/^\d{6}$/, 'The code is 6 digits'))
const AttemptId = v.pipe(v.string('Required'), v.regex(/^[A-Za-z0-9_-]{10,64}$/, 'Invalid input'))
const Origin = v.pipe(
  v.string('Required'),
  v.url('Invalid input'),
  v.check((value) => {
    const url = new URL(value)
    return ['http:', 'https:'].includes(url.protocol) && url.origin === value.replace(/\/$/, '')
  }, 'dappOrigin must be an http(s) origin'),
)

const StartBody = v.object({ projectId: ProjectIdSchema, email: Email, dappOrigin: Origin })
const VerifyBody = v.object({ attemptId: AttemptId, otp: Otp })
const UpdateStartBody = v.object({ newEmail: Email })

const HOUR = 3_600_000

/**
 * The e-mail login routes: POST /v1/auth/email/start, /verify, /update/start,
 * /update/verify-primary, /update/verify-secondary, /sign-out, and GET /v1/me.
 *
 * @example
 * app.route('/', emailAuthRoutes(context))
 */
export function emailAuthRoutes(context: EmbeddedContext): Hono<AppEnv> {
  const { db, limits, options } = context
  const app = new Hono<AppEnv>()
  const bounded = limitBody(BODY_MAX_BYTES, () => {
    throw new EmbeddedError(413, 'PAYLOAD_TOO_LARGE', 'Body too large')
  })
  app.use('/v1/auth/email/*', secureOriginOnly(context))
  app.use('/v1/me', secureOriginOnly(context))

  /** The spec §5 gap and the hourly caps of sending to `email` from the client's address. */
  const sendLimits = (email: string, ip: string): WindowLimit[] => [
    { bucket: `send-gap|${email}`, windowMs: limits.sendGapMs, max: 1 },
    { bucket: `send-email|${email}`, windowMs: HOUR, max: limits.sendsPerEmailPerHour },
    { bucket: `send-ip|${ip}`, windowMs: HOUR, max: limits.sendsPerIpPerHour },
  ]

  const rateLimited = (retryAfterMs: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    return new EmbeddedError(429, 'RATE_LIMITED', `Please try again after ${seconds} seconds`, {
      headers: { 'retry-after': String(seconds) },
    })
  }

  /** Issues a code under the send limits, then mails it (after the commit). */
  const sendCode = async (
    ip: string,
    input: Parameters<typeof issueCode>[2],
    mailTo: string,
  ): Promise<void> => {
    const now = context.now()
    const otp = await db.transaction(async (tx) => {
      const limit = await takeLimits(tx, sendLimits(mailTo, ip), now)
      if (!limit.ok) return limit
      return issueCode(tx, options.authSecret, input, now, limits.otpTtlMs)
    })
    if (typeof otp !== 'string') throw rateLimited(otp.retryAfterMs)
    try {
      await options.mailer.sendOtp({
        to: mailTo,
        otp,
        dappOrigin: input.dappOrigin,
        purpose: input.purpose,
        ttlMinutes: Math.round(limits.otpTtlMs / 60_000),
      })
    } catch (error) {
      throw new EmbeddedError(502, 'MAIL_FAILED', 'The e-mail could not be sent; try again', {
        cause: error,
      })
    }
  }

  /** Checks a code under the per-address cap of checks; the check's result is committed. */
  const check = async <T>(
    ip: string,
    input: { flowId: string; purpose: CodePurpose; otp: string },
    onValid: (tx: Queryable, result: Extract<CheckResult, { ok: true }>) => Promise<T>,
  ): Promise<T> => {
    const now = context.now()
    type Outcome =
      | { kind: 'limited'; retryAfterMs: number }
      | { kind: 'refused'; result: Extract<CheckResult, { ok: false }> }
      | { kind: 'valid'; value: T }
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const limit = await takeLimits(
        tx,
        [{ bucket: `verify-ip|${ip}`, windowMs: 10 * 60_000, max: limits.verifiesPerIpPer10Min }],
        now,
      )
      if (!limit.ok) return { kind: 'limited', retryAfterMs: limit.retryAfterMs }
      const result = await checkCode(tx, options.authSecret, input, now, limits.otpMaxTries)
      if (!result.ok) return { kind: 'refused', result }
      return { kind: 'valid', value: await onValid(tx, result) }
    })
    if (outcome.kind === 'limited') throw rateLimited(outcome.retryAfterMs)
    if (outcome.kind === 'valid') return outcome.value
    const { result } = outcome
    switch (result.reason) {
      case 'expired':
        throw new EmbeddedError(400, 'OTP_EXPIRED', 'The code has expired; ask for a new one', {
          field: 'otp',
        })
      case 'locked':
        throw new EmbeddedError(400, 'OTP_LOCKED', 'Too many wrong codes; ask for a new one', {
          field: 'otp',
        })
      case 'wrong':
        throw new EmbeddedError(
          400,
          'INVALID_OTP',
          `Wrong code; ${result.triesLeft} ${result.triesLeft === 1 ? 'try' : 'tries'} left`,
          { field: 'otp' },
        )
      default:
        throw new EmbeddedError(
          400,
          'INVALID_OTP',
          'This code is no longer valid; ask for a new one',
          {
            field: 'otp',
          },
        )
    }
  }

  app.post('/v1/auth/email/start', bounded, async (c) => {
    const body = parseBody(StartBody, await readJson(c))
    const project = await getProject(db, body.projectId)
    if (!project) {
      throw new EmbeddedError(
        404,
        'PROJECT_NOT_FOUND',
        `No project with projectId ${body.projectId}`,
        {
          field: 'projectId',
        },
      )
    }
    if (project.features.email === false) {
      throw new EmbeddedError(403, 'FEATURE_DISABLED', 'E-mail login is off for this project')
    }
    if (!isProjectOrigin(project, body.dappOrigin, 'credentialed')) {
      throw new EmbeddedError(
        403,
        'ORIGIN_NOT_ALLOWED',
        `Origin ${body.dappOrigin} is not allowed for project ${project.projectId}`,
        { field: 'dappOrigin' },
      )
    }
    pruneSometimes(context)
    // Nothing here reads the users table: the answer cannot tell whether the e-mail is known.
    const flowId = randomId()
    await sendCode(
      clientAddress(context, c),
      {
        flowId,
        purpose: 'login',
        projectId: project.projectId,
        email: body.email,
        dappOrigin: body.dappOrigin,
      },
      body.email,
    )
    return c.json({ attemptId: flowId, action: 'VERIFY_OTP' as const })
  })

  app.post('/v1/auth/email/verify', bounded, async (c) => {
    const body = parseBody(VerifyBody, await readJson(c))
    const jkt = await requireProof(context, c)
    const now = context.now()
    const answer = await check(
      clientAddress(context, c),
      { flowId: body.attemptId, purpose: 'login', otp: body.otp },
      async (tx, { code }) => {
        const { user, isNew } = await findOrCreateUser(tx, code.email, now)
        const session = await createSession(
          tx,
          { userId: user.id, projectId: code.project_id, dappOrigin: code.dapp_origin, jkt },
          now,
          limits.sessionTtlMs,
        )
        return {
          session: { token: session.token, expiresAt: new Date(session.expiresAt).toISOString() },
          user: { id: user.id, email: user.email, isNew },
        }
      },
    )
    return c.json(answer)
  })

  app.post('/v1/auth/email/update/start', bounded, async (c) => {
    const session = await authenticate(context, c)
    const body = parseBody(UpdateStartBody, await readJson(c))
    if (body.newEmail === session.email) {
      throw new EmbeddedError(400, 'BAD_REQUEST', 'The new e-mail is the current one', {
        field: 'newEmail',
      })
    }
    const flowId = randomId()
    await sendCode(
      clientAddress(context, c),
      {
        flowId,
        purpose: 'update_primary',
        projectId: session.projectId,
        email: session.email,
        dappOrigin: session.dappOrigin,
        userId: session.userId,
        newEmail: body.newEmail,
      },
      session.email,
    )
    return c.json({ attemptId: flowId, action: 'VERIFY_PRIMARY_OTP' as const })
  })

  app.post('/v1/auth/email/update/verify-primary', bounded, async (c) => {
    const session = await authenticate(context, c)
    const body = parseBody(VerifyBody, await readJson(c))
    const ip = clientAddress(context, c)
    const code = await check(
      ip,
      { flowId: body.attemptId, purpose: 'update_primary', otp: body.otp },
      async (_tx, result) => result.code,
    )
    if (code.user_id !== session.userId || !code.new_email) {
      throw new EmbeddedError(400, 'INVALID_OTP', 'This code is not for this session', {
        field: 'otp',
      })
    }
    await sendCode(
      ip,
      {
        flowId: body.attemptId,
        purpose: 'update_secondary',
        projectId: session.projectId,
        email: code.new_email,
        dappOrigin: session.dappOrigin,
        userId: session.userId,
        newEmail: code.new_email,
      },
      code.new_email,
    )
    return c.json({ action: 'VERIFY_SECONDARY_OTP' as const })
  })

  app.post('/v1/auth/email/update/verify-secondary', bounded, async (c) => {
    const session = await authenticate(context, c)
    const body = parseBody(VerifyBody, await readJson(c))
    const result = await check(
      clientAddress(context, c),
      { flowId: body.attemptId, purpose: 'update_secondary', otp: body.otp },
      async (tx, { code }) => {
        if (code.user_id !== session.userId || !code.new_email) return 'not-yours' as const
        const taken = await tx.query('select 1 from embedded.users where email = $1', [
          code.new_email,
        ])
        if (taken.length > 0) return 'taken' as const
        await tx.query('update embedded.users set email = $2 where id = $1', [
          session.userId,
          code.new_email,
        ])
        return code.new_email
      },
    )
    if (result === 'not-yours') {
      throw new EmbeddedError(400, 'INVALID_OTP', 'This code is not for this session', {
        field: 'otp',
      })
    }
    if (result === 'taken') {
      throw new EmbeddedError(409, 'EMAIL_IN_USE', 'Another account uses this e-mail', {
        field: 'newEmail',
      })
    }
    return c.json({ email: result })
  })

  app.post('/v1/auth/email/sign-out', async (c) => {
    const session = await authenticate(context, c)
    await db.query('delete from embedded.sessions where id = $1', [session.id])
    return c.body(null, 204)
  })

  app.get('/v1/me', async (c) => {
    const session = await authenticate(context, c)
    const commitment = await walletCommitment(db, session.userId)
    return c.json({
      user: { id: session.userId, email: session.email },
      wallet: commitment ? { commitment } : null,
    })
  })

  app.onError(embeddedErrorAnswer(context.logger))
  return app
}
