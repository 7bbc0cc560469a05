// What every route shares: the request log, bounded bodies, the 404 and error answers.
import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { isDatabaseBusy } from '../db/db.js'
import type { AppEnv } from './access.js'
import { HttpError } from './errors.js'
import type { Logger } from './logger.js'

/** After refusing a body unread, the connection cannot carry another request. */
export const CLOSE_CONNECTION = { connection: 'close' }

const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** One JSON line per request. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const start = performance.now()
    await next()
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      projectId: c.get('projectId') ?? null,
    })
  }
}

/** Bodies are bounded everywhere: none at all on GET/HEAD/OPTIONS ({@link limitBody} on POST). */
export const noBodyOnReads: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (NO_BODY_METHODS.has(c.req.method)) {
    const length = Number(c.req.header('content-length') ?? 0)
    if (length > 0 || c.req.header('transfer-encoding')) {
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${c.req.method} requests take no body`, {
        headers: CLOSE_CONNECTION,
      })
    }
  }
  await next()
}

/**
 * A route's body limit; `tooLarge` answers (or throws) when the body is larger.
 *
 * @example
 * app.post('/e', limitBody(API_LIMITS.analyticsBodyMaxBytes, tooLarge), handler)
 */
export function limitBody(
  maxSize: number,
  tooLarge: (c: Context<AppEnv>) => Response,
): MiddlewareHandler<AppEnv> {
  return bodyLimit({ maxSize, onError: (c) => tooLarge(c as Context<AppEnv>) })
}

/** The JSON 404 of every unknown route. */
export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json({ code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404)

/** Seconds a client is asked to wait when the database is too slow or gone. */
export const SHED_RETRY_AFTER_SECONDS = 2

/**
 * The 503 of a request shed because the database is overloaded or unreachable, or undefined
 * when `error` is something else. `body` shapes it for the route family.
 */
export function shedAnswer(
  error: unknown,
  c: Context<AppEnv>,
  logger: Logger,
  body: (error: { code: 'SERVER_ERROR'; message: string }) => unknown = (e) => e,
): Response | undefined {
  if (!isDatabaseBusy(error)) return undefined
  logger.warn('request shed', { path: c.req.path, error: String(error) })
  const headers: Record<string, string> = { 'retry-after': String(SHED_RETRY_AFTER_SECONDS) }
  // An answer already made readable cross-origin (config route) stays readable.
  const allowOrigin = error instanceof HttpError && error.headers['access-control-allow-origin']
  if (allowOrigin) headers['access-control-allow-origin'] = allowOrigin
  return c.json(
    body({ code: 'SERVER_ERROR', message: 'The server is busy; try again shortly' }),
    503,
    headers,
  )
}

/** HttpError as its JSON answer; anything else is logged and answered as a 500. */
export function errorAnswer(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const shed = shedAnswer(error, c, logger)
    if (shed) return shed
    if (error instanceof HttpError) {
      if (error.status >= 500) {
        logger.error('request failed', { path: c.req.path, error: String(error.cause ?? error) })
      }
      return c.json(error.toJSON(), error.status, error.headers)
    }
    if (error.name === 'BodyLimitError') {
      return c.json({ code: 'PAYLOAD_TOO_LARGE', message: 'Body too large' }, 413, CLOSE_CONNECTION)
    }
    logger.error('request failed', {
      path: c.req.path,
      error: String(error),
      stack: error.stack,
    })
    return c.json({ code: 'SERVER_ERROR', message: 'Internal server error' }, 500)
  }
}
