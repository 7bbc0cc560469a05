// Social login of the embedded wallet (issue 26): POST /v1/auth/social/start and /status from
// the secure frame, and the callback the provider sends the visitor's popup to. The server
// completes the attempt itself; the frame that started it collects the session by polling, so a
// popup that lost its opener or runs in partitioned storage cannot leave the frame waiting.
import { Hono } from 'hono'
import * as v from 'valibot'
import { realmOf } from '../embedded/config.js'
import {
  BODY_MAX_BYTES,
  type EmbeddedContext,
  loginProject,
  pruneSometimes,
  readJson,
  requestUrl,
  requireProof,
  secureOriginOnly,
} from '../embedded/context.js'
import { EmbeddedError, embeddedErrorAnswer, parseBody } from '../embedded/errors.js'
import { createSession } from '../embedded/sessions.js'
import {
  type AttemptRow,
  claimAttempt,
  exchange,
  startAttempt,
  userOfIdentity,
} from '../embedded/social/flow.js'
import {
  BUILT_PROVIDERS,
  type BuiltProvider,
  type ProviderConfig,
} from '../embedded/social/providers.js'
import { type TelegramConfig, verifyTelegramResult } from '../embedded/social/telegram.js'
import type { AppEnv } from '../http/access.js'
import { limitBody } from '../http/middleware.js'
import { ProjectIdSchema } from '../projects/schema.js'
import { getProject } from '../projects/store.js'

const AttemptId = v.pipe(v.string('Required'), v.regex(/^[A-Za-z0-9_-]{10,64}$/, 'Invalid input'))
const StartBody = v.object({
  projectId: ProjectIdSchema,
  provider: v.picklist(BUILT_PROVIDERS, 'Unknown social provider'),
  dappOrigin: v.pipe(v.string('Required'), v.url('Invalid input')),
  // Telegram mini apps: the page to come back to (no popup there), on the page's own origin.
  // Its fragment carries Telegram's launch data (often over 1 kB): kept, so the app restarts.
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(8192), v.url('Invalid input'))),
})
const StatusBody = v.object({ attemptId: AttemptId })

/** The spec's §8 text for a login the provider did not complete. */
export const SOCIAL_FAILED = 'Failed to initiate social connection'

/** The page of the secure site the popup ends on; it tells the frame and closes. */
const LOADING_PATH = '/loading'

/**
 * The social login routes. `follow`: reads a pending attempt where it completes elsewhere (a
 * Farcaster login through an upstream relay) before the status poll answers.
 *
 * @example
 * app.route('/', socialAuthRoutes(context, { follow: farcaster.follow }))
 */
export function socialAuthRoutes(
  context: EmbeddedContext,
  { follow }: { follow?: ((attempt: AttemptRow) => Promise<AttemptRow>) | undefined } = {},
): Hono<AppEnv> {
  const { db, options } = context
  const app = new Hono<AppEnv>()
  const bounded = limitBody(BODY_MAX_BYTES, () => {
    throw new EmbeddedError(413, 'PAYLOAD_TOO_LARGE', 'Body too large')
  })
  app.use('/v1/auth/social/start', secureOriginOnly(context))
  app.use('/v1/auth/social/status', secureOriginOnly(context))

  const callbackUrl = (c: Parameters<typeof requestUrl>[1]) =>
    requestUrl(context, c).replace(/\/v1\/auth\/social\/start$/, '/v1/auth/social/callback')

  app.post('/v1/auth/social/start', bounded, async (c) => {
    const body = parseBody(StartBody, await readJson(c))
    const project = await loginProject(context, body.projectId, body.dappOrigin)
    const config = project.social[body.provider]
    const socials = project.features.socials || []
    if (!config || !socials.includes(body.provider)) {
      throw new EmbeddedError(
        403,
        'FEATURE_DISABLED',
        `${body.provider} login is off for this project`,
        {
          field: 'provider',
        },
      )
    }
    // The visitor comes back to the page that started the login, never elsewhere (no open
    // redirect through the callback).
    if (body.returnTo !== undefined && new URL(body.returnTo).origin !== body.dappOrigin) {
      throw new EmbeddedError(400, 'BAD_REQUEST', "returnTo must be on the page's origin", {
        field: 'returnTo',
      })
    }
    // The attempt belongs to the device key that asks: only a proof of that key collects it.
    const jkt = await requireProof(context, c)
    pruneSometimes(context)
    const common = {
      projectId: project.projectId,
      dappOrigin: body.dappOrigin,
      jkt,
      redirectUri: callbackUrl(c),
      returnTo: body.returnTo,
    }
    const started = await startAttempt(
      db,
      body.provider === 'telegram'
        ? {
            ...common,
            provider: 'telegram',
            config: config as TelegramConfig,
            secureOrigin: options.secureOrigin,
          }
        : { ...common, provider: body.provider, config: config as ProviderConfig },
      context.now(),
    )
    return c.json(started)
  })

  /** Marks a claimed attempt failed; the reason is logged, the frame reads SOCIAL_FAILED. */
  const fail = async (attempt: AttemptRow, reason: string) => {
    context.logger.warn('social login failed', { provider: attempt.provider, reason })
    await db.query(
      `update embedded.social_attempts set status = 'failed', error = $2 where id = $1`,
      [attempt.id, reason.slice(0, 500)],
    )
  }

  // The provider sends the popup here: GET with a query, or a form POST (`response_mode=form_post`).
  const callback = async (c: Parameters<typeof requestUrl>[1], params: URLSearchParams) => {
    const state = params.get('state')
    const attempt = state ? await claimAttempt(db, state, context.now()) : undefined
    const done = (outcome: 'done' | 'failed') => {
      const loading = `${options.secureOrigin}${LOADING_PATH}?social=${outcome}`
      if (!attempt?.return_to) return c.redirect(loading, 303)
      // Telegram mini app: back to the page, the outcome and attempt in `result_uri` (spec §2);
      // only the device key that started the attempt can collect it.
      const back = new URL(attempt.return_to)
      back.searchParams.set('result_uri', `${loading}&attempt=${attempt.id}`)
      return c.redirect(back.href, 303)
    }
    // An unknown or already used state: nothing to complete (a forged or replayed callback).
    if (!attempt) return done('failed')
    const project = await getProject(db, attempt.project_id)
    const config = project?.social[attempt.provider as BuiltProvider]
    if (!project || !config) {
      await fail(attempt, 'provider no longer configured')
      return done('failed')
    }
    if (params.has('error')) {
      await fail(attempt, `provider answered ${params.get('error')}`)
      return done('failed')
    }
    try {
      const profile =
        attempt.provider === 'telegram'
          ? await verifyTelegramResult(
              db,
              config as TelegramConfig,
              params.get('tgAuthResult'),
              context.now(),
            )
          : await exchange(attempt, config as ProviderConfig, params)
      const now = context.now()
      const outcome = await db.transaction(async (tx) => {
        const { user } = await userOfIdentity(
          tx,
          {
            realm: realmOf(attempt.project_id, options.sharedWallets),
            provider: attempt.provider,
            profile,
          },
          now,
        )
        if (user.lockedAt) return 'locked' as const
        await tx.query(
          `update embedded.social_attempts set status = 'done', user_id = $2 where id = $1`,
          [attempt.id, user.id],
        )
        return 'done' as const
      })
      if (outcome === 'locked') {
        await fail(attempt, 'account locked')
        return done('failed')
      }
      return done('done')
    } catch (error) {
      await fail(attempt, error instanceof Error ? error.message : String(error))
      return done('failed')
    }
  }
  app.get('/v1/auth/social/callback', (c) => callback(c, new URL(c.req.url).searchParams))
  app.post('/v1/auth/social/callback', bounded, async (c) => {
    const form = await c.req.text()
    return callback(c, new URLSearchParams(form))
  })

  // The frame polls its attempt; once the server completed it, the first poll gets the session.
  app.post('/v1/auth/social/status', bounded, async (c) => {
    const body = parseBody(StatusBody, await readJson(c))
    const jkt = await requireProof(context, c)
    const [found] = await db.query<AttemptRow>(
      'select * from embedded.social_attempts where id = $1',
      [body.attemptId],
    )
    if (!found || found.jkt !== jkt) {
      throw new EmbeddedError(404, 'BAD_REQUEST', 'No such attempt on this device', {
        field: 'attemptId',
      })
    }
    const attempt = follow ? await follow(found) : found
    if (attempt.status === 'failed') throw new EmbeddedError(400, 'SOCIAL_FAILED', SOCIAL_FAILED)
    if (attempt.status === 'collected') {
      throw new EmbeddedError(409, 'BAD_REQUEST', 'This login was already completed')
    }
    const now = context.now()
    if (attempt.status !== 'done') {
      if (attempt.expires_at.getTime() <= now) {
        throw new EmbeddedError(400, 'SOCIAL_FAILED', SOCIAL_FAILED)
      }
      return c.json({ status: 'pending' as const })
    }
    const answer = await db.transaction(async (tx) => {
      const [taken] = await tx.query<{ user_id: string }>(
        `update embedded.social_attempts set status = 'collected'
         where id = $1 and status = 'done' returning user_id`,
        [attempt.id],
      )
      if (!taken) return undefined
      const [user] = await tx.query<{ id: string; email: string | null; created_at: Date }>(
        'select id, email, created_at from embedded.users where id = $1',
        [taken.user_id],
      )
      const [identity] = await tx.query<{ username: string | null }>(
        `select username from embedded.social_identities
         where user_id = $1 and provider = $2 order by created_at desc limit 1`,
        [taken.user_id, attempt.provider],
      )
      if (!user) return undefined
      const session = await createSession(
        tx,
        { userId: user.id, projectId: attempt.project_id, dappOrigin: attempt.dapp_origin, jkt },
        now,
        context.limits.sessionTtlMs,
      )
      return {
        status: 'done' as const,
        session: { token: session.token, expiresAt: new Date(session.expiresAt).toISOString() },
        user: {
          id: user.id,
          email: user.email,
          provider: attempt.provider,
          username: identity?.username ?? null,
        },
      }
    })
    if (!answer) throw new EmbeddedError(409, 'BAD_REQUEST', 'This login was already completed')
    return c.json(answer)
  })
  app.onError(embeddedErrorAnswer(context.logger))
  return app
}
