// Project-scoped access shared by every route family: projectId, rate limit, Origin, CORS.
import type { Context, Handler } from 'hono'
import * as v from 'valibot'
import type { Db } from '../db/db.js'
import { ProjectIdSchema } from '../projects/schema.js'
import { getProject, type Project } from '../projects/store.js'
import { clientAddressOf } from './client-address.js'
import { HttpError, parseInput } from './errors.js'
import { isProjectOrigin } from './origins.js'
import { splitList } from './params.js'
import type { RateLimiter } from './rate-limit.js'

/** The app's context variables: the projectId of the request, for the request log. */
export type AppEnv = { Variables: { projectId: string | undefined } }

const CORS_METHODS = 'GET, POST, OPTIONS'
const CORS_HEADERS = ['content-type']

export interface AccessOptions {
  db: Db
  /** Undefined turns rate limiting off. */
  limiter?: RateLimiter | undefined
  /**
   * Reverse proxies in front of the server: the client address is that many X-Forwarded-For
   * entries from the right (`true` = 1; 0 or undefined = the socket's peer).
   */
  trustProxy?: boolean | number | undefined
  /**
   * Origins allowed for every project besides its own list: the embedded wallet's secure
   * origin, whose frame reads the chains through the RPC proxy.
   */
  trustedOrigins?: readonly string[] | undefined
}

export interface AccessCheck {
  /** Refuse a request without an Origin header (default false). */
  requireOrigin?: boolean | undefined
  /**
   * The answer sets or reads a session (CORS with credentials): only the project's own origins,
   * never its development origins (default false).
   */
  credentials?: boolean | undefined
}

export interface AccessControl {
  /**
   * Project-scoped access: projectId format, rate limit, existence, then the Origin (when
   * present, or always with `requireOrigin`) against the project's own origins (plus its
   * development origins when it opts in and the answer is not `credentials`). Sets CORS
   * headers for an allowed origin only.
   */
  access(
    c: Context<AppEnv>,
    rawProjectId: string | undefined,
    check?: AccessCheck,
  ): Promise<Project>
  /**
   * The CORS preflight handler of a route whose projectId `projectIdOf` reads; `headers` are
   * request headers allowed beside content-type, `credentials` allows cookies.
   */
  preflight(
    projectIdOf: (c: Context<AppEnv>) => string | undefined,
    options?: { headers?: readonly string[]; credentials?: boolean },
  ): Handler<AppEnv>
  /** Takes a token of `scope` for the client's address, or throws 429. */
  rateLimit(c: Context<AppEnv>, scope: string): void
}

/** Reads the projectId from the query (most routes) for `preflight`. */
export const projectIdInQuery = (c: Context<AppEnv>) => c.req.query('projectId')

/**
 * The access checks over one database and rate limiter.
 *
 * @example
 * const { access, preflight } = createAccessControl({ db, limiter })
 * app.options('/v1/wallets', preflight(projectIdInQuery))
 * app.get('/v1/wallets', async (c) => { const project = await access(c, c.req.query('projectId')) })
 */
export function createAccessControl(options: AccessOptions): AccessControl {
  const { db, limiter } = options

  const clientAddress = (c: Context<AppEnv>) => clientAddressOf(c, options.trustProxy)

  const rateLimit = (c: Context<AppEnv>, scope: string) => {
    if (!limiter) return
    const taken = limiter.take(`${scope}|${clientAddress(c)}`)
    if (!taken.ok) {
      throw new HttpError(
        429,
        'RATE_LIMITED',
        `Too many requests; retry in ${taken.retryAfterSeconds} s`,
        { headers: { 'retry-after': String(taken.retryAfterSeconds) } },
      )
    }
  }

  const access = async (
    c: Context<AppEnv>,
    rawProjectId: string | undefined,
    check: AccessCheck = {},
  ): Promise<Project> => {
    c.set('projectId', rawProjectId?.slice(0, 64))
    c.header('vary', 'Origin')
    const projectId = parseInput(
      v.pipe(v.string('projectId is required'), ProjectIdSchema),
      rawProjectId,
      'projectId',
    )
    rateLimit(c, projectId)
    const project = await getProject(db, projectId)
    if (!project) {
      throw new HttpError(404, 'PROJECT_NOT_FOUND', `No project with projectId ${projectId}`)
    }
    const origin = c.req.header('origin')
    if (origin === undefined) {
      if (!check.requireOrigin) return project
      throw new HttpError(403, 'INVALID_APP_CONFIGURATION', 'The Origin header is required')
    }
    const trusted = !check.credentials && (options.trustedOrigins?.includes(origin) ?? false)
    if (
      !trusted &&
      !isProjectOrigin(project, origin, check.credentials ? 'credentialed' : 'public')
    ) {
      throw new HttpError(
        403,
        'INVALID_APP_CONFIGURATION',
        `Origin ${origin} is not allowed for project ${projectId}`,
      )
    }
    c.header('access-control-allow-origin', origin)
    return project
  }

  const preflight =
    (
      projectIdOf: (c: Context<AppEnv>) => string | undefined,
      options: { headers?: readonly string[]; credentials?: boolean } = {},
    ): Handler<AppEnv> =>
    async (c) => {
      await access(c, projectIdOf(c), { requireOrigin: true, credentials: options.credentials })
      const allowed = [...CORS_HEADERS, ...(options.headers ?? [])]
      const requested = splitList(c.req.header('access-control-request-headers') ?? '')
      const unknown = requested.filter((name) => !allowed.includes(name.toLowerCase()))
      if (unknown.length) {
        c.header('access-control-allow-origin', undefined)
        throw new HttpError(
          403,
          'BAD_REQUEST',
          `Request headers not allowed: ${unknown.join(', ')}`,
        )
      }
      return c.body(null, 204, {
        'access-control-allow-methods': CORS_METHODS,
        'access-control-allow-headers': allowed.join(', '),
        ...(options.credentials ? { 'access-control-allow-credentials': 'true' } : {}),
        'access-control-max-age': '600',
      })
    }

  return { access, preflight, rateLimit }
}
