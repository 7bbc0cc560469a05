// What the embedded wallet's routes share: CORS for the secure site only, the client address,
// JSON bodies, and authentication (bearer session + device-key proof).
import type { Context, MiddlewareHandler } from 'hono'
import type { Db } from '../db/db.js'
import type { AppEnv } from '../http/access.js'
import { clientAddressOf } from '../http/client-address.js'
import type { Logger } from '../http/logger.js'
import { isProjectOrigin } from '../http/origins.js'
import { getProject, type Project } from '../projects/store.js'
import { DEFAULT_EMBEDDED_LIMITS, type EmbeddedLimits, type EmbeddedOptions } from './config.js'
import { EmbeddedError } from './errors.js'
import { verifyProof } from './proof.js'
import { pruneEmbedded } from './rate-limits.js'
import { findSession, type Session } from './sessions.js'

export interface EmbeddedContext {
  db: Db
  options: EmbeddedOptions
  limits: EmbeddedLimits
  logger: Logger
  now: () => number
  publicUrl: string | undefined
  /** Trusted reverse proxies (hops counted from the right of X-Forwarded-For; true = 1). */
  trustProxy: boolean | number
}

export const BODY_MAX_BYTES = 16 * 1024
const ALLOWED_HEADERS = 'content-type, authorization, openmodal-proof, openmodal-project'
const PRUNE_EVERY_MS = 60_000

/**
 * The shared context of the embedded routes.
 *
 * @example
 * const context = embeddedContext({ db, options, logger })
 */
export function embeddedContext(input: {
  db: Db
  options: EmbeddedOptions
  logger: Logger
  now?: (() => number) | undefined
  publicUrl?: string | undefined
  trustProxy?: boolean | number | undefined
}): EmbeddedContext {
  return {
    db: input.db,
    options: input.options,
    limits: { ...DEFAULT_EMBEDDED_LIMITS, ...input.options.limits },
    logger: input.logger,
    now: input.now ?? Date.now,
    publicUrl: input.publicUrl,
    trustProxy: input.trustProxy ?? false,
  }
}

/**
 * CORS for the secure site's origin only: any other Origin is refused before the handler runs;
 * preflights are answered here.
 */
export function secureOriginOnly(context: EmbeddedContext): MiddlewareHandler<AppEnv> {
  const { secureOrigin } = context.options
  return async (c, next) => {
    c.header('vary', 'Origin')
    const origin = c.req.header('origin')
    if (origin !== undefined && origin !== secureOrigin) {
      throw new EmbeddedError(403, 'ORIGIN_NOT_ALLOWED', `Origin ${origin} may not call this API`)
    }
    if (origin !== undefined) {
      c.header('access-control-allow-origin', origin)
      // The frame reads a 429's wait (spec §5: "Please try again after N seconds").
      c.header('access-control-expose-headers', 'retry-after')
    }
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
      })
    }
    // Codes, tokens and shares must never sit in a cache.
    c.header('cache-control', 'no-store')
    await next()
  }
}

/** The client's address (X-Forwarded-For only behind trusted proxies: http/client-address.ts). */
export function clientAddress(context: EmbeddedContext, c: Context<AppEnv>): string {
  return clientAddressOf(c, context.trustProxy)
}

/** The body as JSON, or a 400. */
export async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text())
  } catch (error) {
    if (error instanceof Error && error.name === 'BodyLimitError') throw error
    throw new EmbeddedError(400, 'BAD_REQUEST', 'The body is not valid JSON')
  }
}

/** The URL the client addressed (the proof's `htu`): the public URL when configured. */
export function requestUrl(context: EmbeddedContext, c: Context<AppEnv>): string {
  const url = new URL(c.req.url)
  return context.publicUrl
    ? `${context.publicUrl.replace(/\/$/, '')}${url.pathname}`
    : `${url.origin}${url.pathname}`
}

/**
 * Verifies the request's device-key proof and returns the key's thumbprint.
 *
 * @example
 * const jkt = await requireProof(context, c)
 */
export function requireProof(
  context: EmbeddedContext,
  c: Context<AppEnv>,
  token?: string,
): Promise<string> {
  return verifyProof(context.db, {
    proof: c.req.header('openmodal-proof'),
    method: c.req.method,
    url: requestUrl(context, c),
    token,
    now: context.now(),
    maxAgeMs: context.limits.proofMaxAgeMs,
  })
}

/**
 * The request's session: a live bearer token plus a proof from the device key the session was
 * bound to, asked for the project the session was made for (the `OpenModal-Project` header: a
 * session of project A is refused under project B, even when both share wallets). Anything else
 * is a 401.
 *
 * @example
 * const session = await authenticate(context, c)
 */
export async function authenticate(context: EmbeddedContext, c: Context<AppEnv>): Promise<Session> {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(c.req.header('authorization') ?? '')
  if (!match?.[1]) {
    throw new EmbeddedError(401, 'UNAUTHORIZED', 'A bearer token is required', {
      field: 'Authorization',
    })
  }
  const jkt = await requireProof(context, c, match[1])
  const session = await findSession(context.db, match[1], context.now())
  if (!session) throw new EmbeddedError(401, 'UNAUTHORIZED', 'Session Expired')
  if (session.jkt !== jkt) {
    throw new EmbeddedError(401, 'INVALID_PROOF', 'The proof was signed by another device key', {
      field: 'OpenModal-Proof',
    })
  }
  requireProject(c, session.projectId)
  return session
}

/** Refuses a request whose `OpenModal-Project` header is not `projectId`. */
export function requireProject(c: Context<AppEnv>, projectId: string): void {
  if (c.req.header('openmodal-project') !== projectId) {
    throw new EmbeddedError(401, 'UNAUTHORIZED', 'This session belongs to another project', {
      field: 'OpenModal-Project',
    })
  }
}

/**
 * Runs `task` after the answer (mail): a failure is logged and handed to `onError`, never
 * thrown into the request.
 *
 * @example
 * afterAnswer(context, 'notice mail', () => mailer.sendNotice(mail))
 */
export function afterAnswer(
  context: EmbeddedContext,
  what: string,
  task: () => Promise<void>,
  onError?: (error: unknown) => Promise<void>,
): void {
  setImmediate(() => {
    task().catch(async (error) => {
      context.logger.warn(`${what} failed`, { error: String(error) })
      await onError?.(error).catch(() => {})
    })
  })
}

/** Deletes stale rows at most once a minute per instance, off the request's path. */
export function pruneSometimes(context: EmbeddedContext): void {
  const now = context.now()
  const state = context as EmbeddedContext & { lastPrune?: number }
  if (state.lastPrune !== undefined && now - state.lastPrune < PRUNE_EVERY_MS) return
  state.lastPrune = now
  pruneEmbedded(context.db, now).catch((error) =>
    context.logger.warn('embedded prune failed', { error: String(error) }),
  )
}

/**
 * The project a login (e-mail or social) starts for, asked from `dappOrigin`: 404
 * PROJECT_NOT_FOUND when there is no such project, 403 ORIGIN_NOT_ALLOWED when the origin is
 * not one of its credentialed origins (the spec's development defaults never count here).
 *
 * @example
 * const project = await loginProject(context, body.projectId, body.dappOrigin)
 */
export async function loginProject(
  context: EmbeddedContext,
  projectId: string,
  dappOrigin: string,
): Promise<Project> {
  const project = await getProject(context.db, projectId)
  if (!project) {
    throw new EmbeddedError(404, 'PROJECT_NOT_FOUND', `No project with projectId ${projectId}`, {
      field: 'projectId',
    })
  }
  if (!isProjectOrigin(project, dappOrigin, 'credentialed')) {
    throw new EmbeddedError(
      403,
      'ORIGIN_NOT_ALLOWED',
      `Origin ${dappOrigin} is not allowed for project ${project.projectId}`,
      { field: 'dappOrigin' },
    )
  }
  return project
}
