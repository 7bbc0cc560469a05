// E-mail one-time-code login of the embedded wallet, the e-mail update, /v1/me and sign-out.
// The secure site's frame is the only client (see embedded/context.ts for CORS and sessions).
import { Hono } from 'hono'
import * as v from 'valibot'
import type { Queryable } from '../db/db.js'
import {
  type CheckResult,
  type CodePurpose,
  checkCode,
  findCode,
  issueCode,
  setMailStatus,
} from '../embedded/codes.js'
import { realmOf } from '../embedded/config.js'
import {
  afterAnswer,
  authenticate,
  BODY_MAX_BYTES,
  clientAddress,
  type EmbeddedContext,
  loginProject,
  pruneSometimes,
  readJson,
  requireProject,
  requireProof,
  secureOriginOnly,
} from '../embedded/context.js'
import { randomId } from '../embedded/crypto.js'
import { EmbeddedError, embeddedErrorAnswer, parseBody } from '../embedded/errors.js'
import { holdError, holdOf, recoveryRequired } from '../embedded/holds.js'
import { mailTime, projectName, sendNotice } from '../embedded/notices.js'
import {
  countEvents,
  FAILURE_BUCKET,
  FAILURE_WINDOW_MS,
  recordEvent,
  takeLimits,
  type WindowLimit,
} from '../embedded/rate-limits.js'
import {
  createSession,
  deleteOtherSessions,
  findOrCreateUser,
  type Session,
} from '../embedded/sessions.js'
import { walletCommitment } from '../embedded/vault.js'
import type { AppEnv } from '../http/access.js'
import { limitBody } from '../http/middleware.js'
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
/** `step`: which code of the attempt (a login's, or an e-mail update's first or second). */
const StatusBody = v.object({
  attemptId: AttemptId,
  step: v.optional(v.picklist(['login', 'update_primary', 'update_secondary']), 'login'),
})
const UpdateStartBody = v.object({ newEmail: Email })

const HOUR = 3_600_000
const MAX_LOCK_MS = FAILURE_WINDOW_MS

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

  const realm = (projectId: string) => realmOf(projectId, options.sharedWallets)

  /**
   * The send quotas, counted against the requester (its device key and its address) rather than
   * the address the code goes to: the spec §5 gap and an hourly cap per device key and e-mail,
   * an hourly cap per device key and per client address, and one cap per e-mail for everyone
   * together (against mail bombing) that no single requester can fill alone.
   */
  const sendLimits = (
    to: { realm: string; email: string },
    jkt: string,
    ip: string,
  ): WindowLimit[] => [
    { bucket: `send-gap|${to.realm}|${to.email}|${jkt}`, windowMs: limits.sendGapMs, max: 1 },
    {
      bucket: `send-email|${to.realm}|${to.email}|${jkt}`,
      windowMs: HOUR,
      max: limits.sendsPerEmailPerHour,
    },
    { bucket: `send-device|${jkt}`, windowMs: HOUR, max: limits.sendsPerDevicePerHour },
    { bucket: `send-ip|${ip}`, windowMs: HOUR, max: limits.sendsPerIpPerHour },
    {
      bucket: `send-to|${to.realm}|${to.email}`,
      windowMs: HOUR,
      max: limits.sendsToEmailPerHour,
    },
  ]

  const rateLimited = (retryAfterMs: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    return new EmbeddedError(429, 'RATE_LIMITED', `Please try again after ${seconds} seconds`, {
      headers: { 'retry-after': String(seconds) },
    })
  }

  const emailLocked = (until: number) => {
    const seconds = Math.max(1, Math.ceil((until - context.now()) / 1000))
    return new EmbeddedError(
      429,
      'EMAIL_LOCKED',
      `Too many wrong codes for this e-mail; try again after ${new Date(until).toISOString()}`,
      { headers: { 'retry-after': String(seconds) } },
    )
  }

  /** The end of the lock of `email` in `realm` after too many wrong codes, if it is locked. */
  const lockedUntil = async (tx: Queryable, to: { realm: string; email: string }) => {
    const [row] = await tx.query<{ locked_until: Date }>(
      'select locked_until from embedded.email_locks where realm = $1 and email = $2',
      [to.realm, to.email],
    )
    const until = row?.locked_until.getTime()
    return until !== undefined && until > context.now() ? until : undefined
  }

  /**
   * Counts one wrong code against the e-mail's 30-day total; at the cap the e-mail is locked,
   * each new lock twice as long as the one before (NIST SP 800-63B 5.2.2), and told by mail.
   */
  const countFailure = async (tx: Queryable, code: { project_id: string; email: string }) => {
    const to = { realm: realm(code.project_id), email: code.email }
    const now = context.now()
    const bucket = `${FAILURE_BUCKET}${to.realm}|${to.email}`
    await recordEvent(tx, bucket, now)
    if ((await countEvents(tx, bucket, FAILURE_WINDOW_MS, now)) < limits.failedCodesPer30Days) {
      return undefined
    }
    const [row] = await tx.query<{ locks: number }>(
      `select locks from embedded.email_locks where realm = $1 and email = $2 for update`,
      [to.realm, to.email],
    )
    const locks = (row?.locks ?? 0) + 1
    const until = now + Math.min(limits.emailLockMs * 2 ** (locks - 1), MAX_LOCK_MS)
    await tx.query(
      `insert into embedded.email_locks (realm, email, locked_until, locks) values ($1, $2, $3, $4)
       on conflict (realm, email) do update set locked_until = $3, locks = $4`,
      [to.realm, to.email, new Date(until), locks],
    )
    const name = await projectName(tx, code.project_id)
    return {
      until,
      mail: {
        to: to.email,
        subject: `Logins to your wallet on ${name} are locked`,
        text: [
          `Too many wrong codes were typed to sign in to your wallet on ${name} with this e-mail.`,
          `Logins with it are locked until ${mailTime(until)}.`,
          '',
          'If that was not you, someone is guessing codes for your address. Your wallet stays',
          'safe while the logins are locked; each new lock lasts twice as long.',
        ].join('\n'),
      },
    }
  }

  /**
   * Issues a code under the send quotas, answers at once, and mails the code after the answer
   * (a failure is recorded on the attempt and reported when the frame polls or verifies).
   */
  const sendCode = async (
    ip: string,
    input: Parameters<typeof issueCode>[2],
    mailTo: string,
  ): Promise<void> => {
    const now = context.now()
    const to = { realm: realm(input.projectId), email: mailTo }
    const otp = await db.transaction(async (tx) => {
      const until = await lockedUntil(tx, to)
      if (until !== undefined) return { locked: until }
      const limit = await takeLimits(tx, sendLimits(to, input.jkt, ip), now)
      if (!limit.ok) return limit
      return issueCode(tx, options.authSecret, input, now, limits.otpTtlMs)
    })
    if (typeof otp !== 'string') {
      throw 'locked' in otp ? emailLocked(otp.locked) : rateLimited(otp.retryAfterMs)
    }
    afterAnswer(
      context,
      'code mail',
      async () => {
        // The project as configured, read when the mail leaves: its name and its own origins,
        // never the origin that asked (a wildcard may admit a page nobody vouched for).
        const project = await getProject(db, input.projectId)
        await options.mailer.sendOtp({
          to: mailTo,
          otp,
          project: {
            name: project?.name ?? input.projectId,
            allowedOrigins: project?.allowedOrigins ?? [],
          },
          purpose: input.purpose,
          ttlMinutes: Math.round(limits.otpTtlMs / 60_000),
        })
        await setMailStatus(db, input.flowId, input.purpose, 'sent')
      },
      () => setMailStatus(db, input.flowId, input.purpose, 'failed'),
    )
  }

  const mailFailed = () =>
    new EmbeddedError(502, 'MAIL_FAILED', 'The e-mail could not be sent; try again')

  /**
   * Checks a code under the per-address cap of checks and the e-mail's lock; only the device
   * key `jkt` that asked for the code may check it. The check's result is committed.
   */
  const check = async <T>(
    ip: string,
    input: { flowId: string; purpose: CodePurpose; otp: string; jkt: string },
    onValid: (tx: Queryable, result: Extract<CheckResult, { ok: true }>) => Promise<T>,
  ): Promise<T> => {
    const now = context.now()
    type Outcome =
      | { kind: 'limited'; retryAfterMs: number }
      | { kind: 'locked'; until: number }
      | { kind: 'refused'; result: Extract<CheckResult, { ok: false }> }
      | { kind: 'valid'; value: T }
    let lockMail: { to: string; subject: string; text: string } | undefined
    const outcome = await db.transaction(async (tx): Promise<Outcome> => {
      const limit = await takeLimits(
        tx,
        [{ bucket: `verify-ip|${ip}`, windowMs: 10 * 60_000, max: limits.verifiesPerIpPer10Min }],
        now,
      )
      if (!limit.ok) return { kind: 'limited', retryAfterMs: limit.retryAfterMs }
      const code = await findCode(tx, input.flowId, input.purpose)
      if (code && code.jkt === input.jkt) {
        const until = await lockedUntil(tx, { realm: realm(code.project_id), email: code.email })
        if (until !== undefined) return { kind: 'locked', until }
      }
      const result = await checkCode(tx, options.authSecret, input, now, limits.otpMaxTries)
      if (result.ok) return { kind: 'valid', value: await onValid(tx, result) }
      if (result.code && (result.reason === 'wrong' || result.reason === 'locked')) {
        const locked = await countFailure(tx, result.code)
        if (locked) {
          lockMail = locked.mail
          return { kind: 'locked', until: locked.until }
        }
      }
      return { kind: 'refused', result }
    })
    if (lockMail) sendNotice(context, lockMail)
    if (outcome.kind === 'limited') throw rateLimited(outcome.retryAfterMs)
    if (outcome.kind === 'locked') throw emailLocked(outcome.until)
    if (outcome.kind === 'valid') return outcome.value
    const { result } = outcome
    switch (result.reason) {
      case 'other-device':
        throw new EmbeddedError(
          401,
          'INVALID_PROOF',
          'This code was asked for on another device; ask for a new one here',
          { field: 'OpenModal-Proof' },
        )
      case 'mail-failed':
        throw mailFailed()
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
          { field: 'otp' },
        )
    }
  }

  /** Updates need a login of the last few minutes, like the shares. */
  const requireFresh = (session: Session) => {
    if (context.now() - session.authenticatedAt > limits.freshSessionMs) {
      throw new EmbeddedError(
        403,
        'SESSION_NOT_FRESH',
        'Sign in again with a new code to change the e-mail',
      )
    }
  }

  /**
   * The e-mail of a wallet changes only from a device that holds its share and is not held: a
   * device that recovered the wallet waits out its hold (embedded/holds.ts), and a device that
   * never recovered it (one code, another key) cannot move the account away from its owner.
   */
  const requireSettledDevice = async (session: Session) => {
    if (!(await walletCommitment(db, session.userId))) return
    const { heldUntil } = await holdOf(db, session.userId, session.jkt, context.now())
    if (heldUntil !== undefined) throw holdError(heldUntil, 'email')
    const [device] = await db.query(
      'select 1 from embedded.wallet_devices where user_id = $1 and jkt = $2',
      [session.userId, session.jkt],
    )
    if (!device) throw recoveryRequired()
  }

  app.post('/v1/auth/email/start', bounded, async (c) => {
    const body = parseBody(StartBody, await readJson(c))
    const project = await loginProject(context, body.projectId, body.dappOrigin)
    if (project.features.email === false) {
      throw new EmbeddedError(403, 'FEATURE_DISABLED', 'E-mail login is off for this project')
    }
    // The attempt belongs to the device key that asks: only a proof of that key verifies it.
    const jkt = await requireProof(context, c)
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
        jkt,
      },
      body.email,
    )
    return c.json({ attemptId: flowId, action: 'VERIFY_OTP' as const })
  })

  // Whether the code's mail left (it is sent after the answer): the frame polls this, for a
  // login's code and for each code of an e-mail update.
  app.post('/v1/auth/email/status', bounded, async (c) => {
    const body = parseBody(StatusBody, await readJson(c))
    // A login's code: the device that asked. An update's: the session that started it.
    const jkt =
      body.step === 'login' ? await requireProof(context, c) : (await authenticate(context, c)).jkt
    const code = await findCode(db, body.attemptId, body.step)
    if (!code || code.jkt !== jkt) {
      throw new EmbeddedError(404, 'BAD_REQUEST', 'No such attempt on this device', {
        field: 'attemptId',
      })
    }
    if (code.mail_status === 'failed') throw mailFailed()
    return c.json({ mail: code.mail_status })
  })

  app.post('/v1/auth/email/verify', bounded, async (c) => {
    const body = parseBody(VerifyBody, await readJson(c))
    const jkt = await requireProof(context, c)
    const now = context.now()
    const answer = await check(
      clientAddress(context, c),
      { flowId: body.attemptId, purpose: 'login', otp: body.otp, jkt },
      async (tx, { code }) => {
        requireProject(c, code.project_id)
        const { user, isNew } = await findOrCreateUser(tx, realm(code.project_id), code.email, now)
        if (user.lockedAt) return 'locked' as const
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
    if (answer === 'locked') {
      throw new EmbeddedError(
        403,
        'ACCOUNT_LOCKED',
        'This wallet was locked from a notice mail; ask the operator of this app to unlock it',
      )
    }
    return c.json(answer)
  })

  app.post('/v1/auth/email/update/start', bounded, async (c) => {
    const session = await authenticate(context, c)
    requireFresh(session)
    const body = parseBody(UpdateStartBody, await readJson(c))
    await requireSettledDevice(session)
    if (session.email === null) {
      throw new EmbeddedError(400, 'BAD_REQUEST', 'This wallet has no e-mail to change')
    }
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
        jkt: session.jkt,
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
    await requireSettledDevice(session)
    const ip = clientAddress(context, c)
    const code = await check(
      ip,
      { flowId: body.attemptId, purpose: 'update_primary', otp: body.otp, jkt: session.jkt },
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
        jkt: session.jkt,
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
    await requireSettledDevice(session)
    const result = await check(
      clientAddress(context, c),
      { flowId: body.attemptId, purpose: 'update_secondary', otp: body.otp, jkt: session.jkt },
      async (tx, { code }) => {
        if (code.user_id !== session.userId || !code.new_email) return 'not-yours' as const
        const taken = await tx.query(
          'select 1 from embedded.users where realm = $1 and email = $2',
          [realm(session.projectId), code.new_email],
        )
        if (taken.length > 0) return 'taken' as const
        await tx.query('update embedded.users set email = $2 where id = $1', [
          session.userId,
          code.new_email,
        ])
        // A changed e-mail ends every other session: whoever held one must prove the new one.
        await deleteOtherSessions(tx, session.userId, session.id)
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
    const name = await projectName(db, session.projectId)
    const text = [
      `The e-mail of your wallet on ${name} changed from ${session.email} to ${result} at ${mailTime(context.now())}.`,
      'Every other session of this wallet was signed out.',
      '',
      `If you did not do this, contact the operator of ${name} at once.`,
    ].join('\n')
    for (const to of [session.email, result]) {
      sendNotice(context, { to, subject: `The e-mail of your wallet on ${name} changed`, text })
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
    // A device that recovered the wallet lately: until when it cannot change the factor or
    // the e-mail (the frame says so before it asks for a code).
    const { heldUntil } = await holdOf(db, session.userId, session.jkt, context.now())
    return c.json({
      user: { id: session.userId, email: session.email },
      wallet: commitment ? { commitment } : null,
      ...(heldUntil === undefined ? {} : { hold: { until: new Date(heldUntil).toISOString() } }),
    })
  })

  app.onError(embeddedErrorAnswer(context.logger))
  return app
}
