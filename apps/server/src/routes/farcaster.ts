// Sign In With Farcaster (issue 26). Two sets of routes:
// - the relay `@farcaster/auth-client` talks to, with the open-source relay's API under
//   `/farcaster`: POST /farcaster/v1/channel, POST /farcaster/v1/channel/authenticate,
//   GET /farcaster/v1/channel/status (the channel token as a bearer token);
// - the secure frame's login: POST /v1/auth/farcaster/start opens a channel bound to the
//   frame's device key, POST /v1/auth/farcaster/cancel gives it up (the modal closed); the
//   frame collects the session at /v1/auth/social/status like any social login.
// Unlike the open-source relay, ours checks the custody signature when the wallet posts it, and
// for a login channel completes the attempt itself.
// With an upstream relay (`relayUrl`, OPENMODAL_FARCASTER_RELAY_URL) a login's channel is opened
// there instead (a Farcaster wallet app posts to the relay it is set up for); the frame's status
// poll reads the upstream's status (`follow`) and the server verifies what it carries itself.
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import * as v from 'valibot'
import type { Hex } from 'viem'
import type { Queryable } from '../db/db.js'
import { realmOf } from '../embedded/config.js'
import {
  BODY_MAX_BYTES,
  type EmbeddedContext,
  loginProject,
  pruneSometimes,
  readJson,
  requireProof,
  secureOriginOnly,
} from '../embedded/context.js'
import { randomId, tokenHash } from '../embedded/crypto.js'
import { EmbeddedError, embeddedErrorAnswer, parseBody } from '../embedded/errors.js'
import {
  type FarcasterChain,
  FarcasterSignInError,
  farcasterChain,
  SIWF_URL,
  verifySignIn,
} from '../embedded/social/farcaster.js'
import {
  type UpstreamRelay,
  UpstreamRelayError,
  upstreamRelay,
} from '../embedded/social/farcaster-upstream.js'
import { ATTEMPT_TTL_MS, type AttemptRow, userOfIdentity } from '../embedded/social/flow.js'
import type { AppEnv } from '../http/access.js'
import { limitBody } from '../http/middleware.js'
import { ProjectIdSchema } from '../projects/schema.js'

/** The open-source relay keeps a channel for an hour. */
const CHANNEL_TTL_MS = 60 * 60_000
/** Where the relay's routes live: `@farcaster/auth-client`'s `relay` is `<server>/farcaster`. */
const RELAY = '/farcaster/v1/channel'

/** The spec's §8 text for a Farcaster login that did not complete. */
export const FARCASTER_FAILED = 'Failed to connect to farcaster'

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max))
const CreateChannelBody = v.object({
  siweUri: v.pipe(v.string('Required'), v.url('Invalid input'), v.maxLength(512)),
  domain: v.pipe(v.string('Required'), v.regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Invalid input')),
  nonce: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,96}$/, 'Invalid nonce'))),
  notBefore: v.optional(Text(64)),
  expirationTime: v.optional(Text(64)),
  requestId: v.optional(Text(256)),
  redirectUrl: v.optional(v.pipe(v.string(), v.url('Invalid input'), v.maxLength(512))),
  acceptAuthAddress: v.optional(v.boolean()),
})
const AuthenticateBody = v.object({
  message: Text(4096),
  signature: v.pipe(v.string('Required'), v.regex(/^0x[0-9a-fA-F]{2,4096}$/, 'Invalid signature')),
  fid: v.pipe(v.number('Required'), v.integer(), v.minValue(1)),
  authMethod: v.optional(v.picklist(['custody', 'authAddress'])),
  username: v.optional(Text(64)),
  displayName: v.optional(Text(256)),
  bio: v.optional(Text(1024)),
  pfpUrl: v.optional(Text(1024)),
})
const StartBody = v.object({
  projectId: ProjectIdSchema,
  dappOrigin: v.pipe(v.string('Required'), v.url('Invalid input')),
})
const CancelBody = v.object({
  attemptId: v.pipe(v.string('Required'), v.regex(/^[A-Za-z0-9_-]{10,64}$/, 'Invalid input')),
})

interface ChannelRow extends Record<string, unknown> {
  token_hash: string
  attempt_id: string | null
  nonce: string
  domain: string
  siwe_uri: string
  url: string
  state: 'pending' | 'completed'
  result: Record<string, unknown> | null
  /** A login's channel at the upstream relay: its token there (null for our own channels). */
  upstream_token: string | null
}

/** A Farcaster username (fname: lowercase, digits, hyphens; or an ENS `.eth` name). */
const FNAME = /^(?:[a-z0-9][a-z0-9-]{0,15}|[a-z0-9][a-z0-9-]{0,62}\.eth)$/

const relayError = (c: Context<AppEnv>, status: 400 | 401 | 404 | 409, error: string) =>
  c.json({ error }, status)

/** A SIWE nonce: at least 8 alphanumerics (EIP-4361); from 24 random bytes. */
const newNonce = () =>
  randomId(24)
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(16, '0')

/** A channel's `url`: the sign-in page with what the wallet needs to build the message. */
function channelUrl(base: string, token: string, nonce: string, fields: Record<string, unknown>) {
  const url = new URL(base)
  url.searchParams.set('channelToken', token)
  url.searchParams.set('nonce', nonce)
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && key !== 'nonce') url.searchParams.set(key, String(value))
  }
  return url.href
}

/** The Farcaster routes, and the status poll's hook for a login through an upstream relay. */
export interface FarcasterLogin {
  routes: Hono<AppEnv>
  /**
   * Reads a pending Farcaster attempt's channel at the upstream relay and completes or fails
   * the attempt by what it says; returns the attempt as it then stands. Undefined without an
   * upstream relay.
   */
  follow: ((attempt: AttemptRow) => Promise<AttemptRow>) | undefined
}

/**
 * The relay and login routes (none when the server has no Farcaster settings), and with an
 * upstream relay the hook the social status poll calls.
 *
 * @example
 * const farcaster = farcasterLogin(context)
 * app.route('/', socialAuthRoutes(context, { follow: farcaster.follow })).route('/', farcaster.routes)
 */
export function farcasterLogin(context: EmbeddedContext): FarcasterLogin {
  const app = new Hono<AppEnv>()
  const settings = context.options.farcaster
  if (!settings) return { routes: app, follow: undefined }
  const { db } = context
  const chain: FarcasterChain = farcasterChain(settings)
  const upstream: UpstreamRelay | undefined = settings.relayUrl
    ? upstreamRelay(settings.relayUrl, settings.relayTimeoutMs)
    : undefined
  const bounded = limitBody(BODY_MAX_BYTES, () => {
    throw new EmbeddedError(413, 'PAYLOAD_TOO_LARGE', 'Body too large')
  })

  /** Opens a channel; `attemptId` ties it to a login of the secure frame. */
  const openChannel = async (
    fields: v.InferOutput<typeof CreateChannelBody>,
    attemptId: string | null,
  ) => {
    const token = randomId(24)
    const nonce = fields.nonce ?? newNonce()
    const url = channelUrl(settings.signInUrl ?? SIWF_URL, token, nonce, fields)
    const now = context.now()
    await db.query(
      `insert into embedded.farcaster_channels
         (token_hash, attempt_id, nonce, domain, siwe_uri, url, state, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8)`,
      [
        tokenHash(token),
        attemptId,
        nonce,
        fields.domain,
        fields.siweUri,
        url,
        new Date(now),
        new Date(now + CHANNEL_TTL_MS),
      ],
    )
    return { channelToken: token, url, connectUri: url, nonce }
  }

  const channelOf = async (c: Context<AppEnv>) => {
    const match = /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(c.req.header('authorization') ?? '')
    if (!match?.[1]) return undefined
    const [row] = await db.query<ChannelRow>(
      `select * from embedded.farcaster_channels
       where token_hash = $1 and expires_at > $2 and upstream_token is null`,
      [tokenHash(match[1]), new Date(context.now())],
    )
    return row
  }

  const publicView = (row: ChannelRow) => ({
    state: row.state,
    nonce: row.nonce,
    ...(row.result ?? {}),
  })

  /** Completes a taken attempt as the user of `fid` (a locked account fails it). */
  const completeLogin = async (
    tx: Queryable,
    attempt: { id: string; project_id: string },
    fid: number,
    username: string,
    now: number,
  ) => {
    const { user } = await userOfIdentity(
      tx,
      {
        realm: realmOf(attempt.project_id, context.options.sharedWallets),
        provider: 'farcaster' as never,
        profile: { subject: String(fid), username, verifiedEmail: undefined },
      },
      now,
    )
    await tx.query(
      `update embedded.social_attempts set status = $2, user_id = $3, error = $4
       where id = $1`,
      user.lockedAt
        ? [attempt.id, 'failed', null, 'account locked']
        : [attempt.id, 'done', user.id, null],
    )
  }

  /** Marks a login failed (the visitor reads "Failed to connect to farcaster"); logs why. */
  const failLogin = async (attemptId: string, reason: string) => {
    context.logger.warn('farcaster login failed', { reason })
    await db.query(
      `update embedded.social_attempts set status = 'failed', error = $2
       where id = $1 and status in ('pending', 'exchanging')`,
      [attemptId, reason.slice(0, 500)],
    )
    await db.query('delete from embedded.farcaster_channels where attempt_id = $1', [attemptId])
  }

  /** Opens the login's channel at the upstream relay, with our nonce; its `url` for the QR code. */
  const openUpstream = async (fields: { siweUri: string; domain: string }, attemptId: string) => {
    if (!upstream) throw new Error('No upstream relay')
    const nonce = newNonce()
    let channel: { channelToken: string; url: string }
    try {
      channel = await upstream.open({ ...fields, nonce })
    } catch (error) {
      await failLogin(attemptId, error instanceof Error ? error.message : String(error))
      throw new EmbeddedError(502, 'FARCASTER_FAILED', FARCASTER_FAILED, { cause: error })
    }
    const now = context.now()
    await db.query(
      `insert into embedded.farcaster_channels
         (token_hash, attempt_id, nonce, domain, siwe_uri, url, state, created_at, expires_at,
          upstream_token)
       values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)`,
      [
        tokenHash(channel.channelToken),
        attemptId,
        nonce,
        fields.domain,
        fields.siweUri,
        channel.url,
        new Date(now),
        new Date(now + CHANNEL_TTL_MS),
        channel.channelToken,
      ],
    )
    return channel.url
  }

  const attemptOf = async (id: string) =>
    (await db.query<AttemptRow>('select * from embedded.social_attempts where id = $1', [id]))[0]

  /**
   * One read of a pending login's channel at the upstream relay. The attempt is taken
   * (`exchanging`) for the read, so two polls never read it at once (the relay answers
   * `completed` only once); a cancel meanwhile wins. A completed channel is verified here as
   * if the wallet had posted to us: the channel's domain, uri and nonce, FIP-11, the custody
   * address in the IdRegistry. Anything else the relay says fails the login.
   */
  const follow = async (attempt: AttemptRow): Promise<AttemptRow> => {
    if (!upstream || (attempt.provider as string) !== 'farcaster' || attempt.status !== 'pending') {
      return attempt
    }
    const [taken] = await db.query<AttemptRow>(
      `update embedded.social_attempts set status = 'exchanging'
       where id = $1 and status = 'pending' and expires_at > $2 returning *`,
      [attempt.id, new Date(context.now())],
    )
    if (!taken) return (await attemptOf(attempt.id)) ?? attempt
    const [channel] = await db.query<ChannelRow>(
      'select * from embedded.farcaster_channels where attempt_id = $1 and upstream_token is not null',
      [taken.id],
    )
    try {
      if (!channel?.upstream_token) throw new UpstreamRelayError('no upstream channel')
      const status = await upstream.status(channel.upstream_token)
      if (status.state === 'gone') throw new UpstreamRelayError('the relay forgot the channel')
      if (status.state === 'pending') {
        await db.query(
          `update embedded.social_attempts set status = 'pending'
           where id = $1 and status = 'exchanging'`,
          [taken.id],
        )
        return (await attemptOf(taken.id)) ?? taken
      }
      // The relay is not trusted for the check: the same one as for a post to our relay.
      await verifySignIn(
        chain,
        { message: status.message, signature: status.signature, fid: status.fid },
        { nonce: channel.nonce, domain: channel.domain, siweUri: channel.siwe_uri },
        context.now(),
      )
      // The name is display text only; an fname's form, else the fid.
      const username =
        status.username && FNAME.test(status.username) ? status.username : `fid:${status.fid}`
      const now = context.now()
      await db.transaction(async (tx) => {
        const [still] = await tx.query<{ id: string }>(
          `update embedded.social_attempts set status = 'exchanging'
           where id = $1 and status = 'exchanging' returning id`,
          [taken.id],
        )
        // Cancelled while the relay answered: nobody is logged in.
        if (!still) return
        await completeLogin(tx, taken, status.fid, username, now)
        await tx.query('delete from embedded.farcaster_channels where attempt_id = $1', [taken.id])
      })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      await failLogin(taken.id, `upstream relay: ${reason}`)
    }
    return (await attemptOf(taken.id)) ?? taken
  }

  // Any page may use the relay (the app client may run in a browser); no cookies are involved.
  app.use(
    `${RELAY}/*`,
    cors({
      origin: '*',
      allowHeaders: ['content-type', 'authorization', 'x-farcaster-auth-relay-key'],
    }),
  )
  app.use(RELAY, cors({ origin: '*', allowHeaders: ['content-type'] }))

  app.post(RELAY, bounded, async (c) => {
    const parsed = v.safeParse(CreateChannelBody, await readJson(c))
    if (!parsed.success) return c.json({ error: 'Validation error' }, 400)
    pruneSometimes(context)
    return c.json(await openChannel(parsed.output, null), 201)
  })

  app.get(`${RELAY}/status`, async (c) => {
    const row = await channelOf(c)
    if (!row) return relayError(c, 401, 'Unauthorized')
    if (row.state !== 'completed') return c.json(publicView(row), 202)
    // As at the open-source relay, a completed channel is read once and closed.
    await db.query('delete from embedded.farcaster_channels where token_hash = $1', [
      row.token_hash,
    ])
    return c.json(publicView(row), 200)
  })

  app.post(`${RELAY}/authenticate`, bounded, async (c) => {
    const key =
      c.req.header('x-farcaster-auth-relay-key') ?? c.req.header('x-farcaster-connect-auth-key')
    const trustedWallet = settings.relayKey !== undefined && key === settings.relayKey
    if (settings.relayKey !== undefined && !trustedWallet) {
      return relayError(c, 401, 'Unauthorized')
    }
    const row = await channelOf(c)
    if (!row) return relayError(c, 401, 'Unauthorized')
    const parsed = v.safeParse(AuthenticateBody, await readJson(c))
    if (!parsed.success) return c.json({ error: 'Validation error' }, 400)
    if (row.state !== 'pending') return relayError(c, 409, 'Channel already completed')
    const body = parsed.output
    let custody: string
    try {
      const verified = await verifySignIn(
        chain,
        { message: body.message, signature: body.signature as Hex, fid: body.fid },
        { nonce: row.nonce, domain: row.domain, siweUri: row.siwe_uri },
        context.now(),
      )
      custody = verified.custody
    } catch (error) {
      // A bad signature never fails the visitor's login: anyone who saw the QR code could send
      // one. The channel stays open for the real wallet.
      const reason = error instanceof Error ? error.message : String(error)
      context.logger.warn('farcaster sign-in refused', { reason })
      return relayError(c, 401, error instanceof FarcasterSignInError ? reason : 'Unauthorized')
    }
    // Without the wallet app's key the names are the signer's word: show the fid instead.
    const username = trustedWallet && body.username ? body.username : `fid:${body.fid}`
    const result = {
      message: body.message,
      signature: body.signature,
      authMethod: 'custody',
      fid: body.fid,
      username,
      ...(trustedWallet
        ? { displayName: body.displayName, bio: body.bio, pfpUrl: body.pfpUrl }
        : {}),
      custody,
      verifications: [],
    }
    const now = context.now()
    const completed = await db.transaction(async (tx) => {
      const [taken] = await tx.query<ChannelRow>(
        `update embedded.farcaster_channels set state = 'completed', result = $2
         where token_hash = $1 and state = 'pending' returning *`,
        [row.token_hash, JSON.stringify(result)],
      )
      if (!taken) return undefined
      if (taken.attempt_id) {
        const [attempt] = await tx.query<{ id: string; project_id: string }>(
          `update embedded.social_attempts set status = 'exchanging'
           where id = $1 and status = 'pending' and expires_at > $2 returning id, project_id`,
          [taken.attempt_id, new Date(now)],
        )
        if (!attempt) return 'gone' as const
        await completeLogin(tx, attempt, body.fid, username, now)
      }
      return taken
    })
    if (!completed) return relayError(c, 409, 'Channel already completed')
    if (completed === 'gone') return relayError(c, 401, 'Unauthorized')
    return c.json(publicView(completed), 201)
  })

  // The secure frame's login.
  app.use('/v1/auth/farcaster/*', secureOriginOnly(context))

  app.post('/v1/auth/farcaster/start', bounded, async (c) => {
    const body = parseBody(StartBody, await readJson(c))
    const project = await loginProject(context, body.projectId, body.dappOrigin)
    if (!project.social.farcaster) {
      throw new EmbeddedError(403, 'FEATURE_DISABLED', 'farcaster login is off for this project', {
        field: 'provider',
      })
    }
    const jkt = await requireProof(context, c)
    pruneSometimes(context)
    const secure = new URL(context.options.secureOrigin)
    const attemptId = randomId()
    const now = context.now()
    // The attempt first (the channel names it); `state_hash` only has to be unique here.
    await db.query(
      `insert into embedded.social_attempts
         (id, state_hash, project_id, provider, dapp_origin, jkt, code_verifier, nonce,
          redirect_uri, status, created_at, expires_at)
       values ($1, $2, $3, 'farcaster', $4, $5, '', '', '', 'pending', $6, $7)`,
      [
        attemptId,
        `farcaster:${attemptId}`,
        project.projectId,
        body.dappOrigin,
        jkt,
        new Date(now),
        new Date(now + ATTEMPT_TTL_MS),
      ],
    )
    const fields = { siweUri: `${secure.origin}/`, domain: secure.host }
    if (upstream) return c.json({ attemptId, url: await openUpstream(fields, attemptId) })
    const channel = await openChannel(fields, attemptId)
    return c.json({ attemptId, url: channel.url })
  })

  app.post('/v1/auth/farcaster/cancel', bounded, async (c) => {
    const body = parseBody(CancelBody, await readJson(c))
    const jkt = await requireProof(context, c)
    const [attempt] = await db.query<{ id: string }>(
      `update embedded.social_attempts set status = 'failed', error = 'cancelled'
       where id = $1 and jkt = $2 and provider = 'farcaster'
         and status in ('pending', 'exchanging')
       returning id`,
      [body.attemptId, jkt],
    )
    if (attempt) {
      await db.query('delete from embedded.farcaster_channels where attempt_id = $1', [attempt.id])
    }
    return c.json({ cancelled: Boolean(attempt) })
  })

  app.onError(embeddedErrorAnswer(context.logger))
  return { routes: app, follow: upstream ? follow : undefined }
}
