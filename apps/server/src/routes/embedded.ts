// The embedded wallet's routes (e-mail login, sessions, share vault) as one sub-app, empty when
// the server has no embedded wallet settings. A token bucket per client address runs ahead of
// every one of them, before any body is parsed or proof verified.
import { Hono, type MiddlewareHandler } from 'hono'
import type { Db } from '../db/db.js'
import type { EmbeddedOptions } from '../embedded/config.js'
import { clientAddress, embeddedContext } from '../embedded/context.js'
import { EmbeddedError, embeddedErrorAnswer } from '../embedded/errors.js'
import type { AppEnv } from '../http/access.js'
import type { Logger } from '../http/logger.js'
import { createRateLimiter, type RateLimitOptions } from '../http/rate-limit.js'
import { emailAuthRoutes } from './email-auth.js'
import { farcasterLogin } from './farcaster.js'
import { socialAuthRoutes } from './social-auth.js'
import { walletVaultRoutes } from './wallet-vault.js'

/**
 * Requests one client address may make to the embedded routes: 30 at once, then one every
 * 2 s (a login is 3-6 requests). It bounds the proof checks (an ECDSA verification and a
 * database write each) any one address can make the server do.
 */
export const DEFAULT_EMBEDDED_RATE_LIMIT = { burst: 30, perSecond: 0.5 } as const

/** The paths of the embedded routes, each behind the per-address bucket. */
const EMBEDDED_PATHS = [
  '/v1/auth/email/*',
  '/v1/auth/social/*',
  '/v1/auth/farcaster/*',
  '/farcaster/*',
  '/v1/me',
  '/v1/wallet',
  '/v1/wallet/*',
]

/**
 * The routes of `email-auth.ts` and `wallet-vault.ts` over one shared context, or no routes
 * when `embedded` is undefined.
 *
 * @example
 * app.route('/', embeddedRoutes({ db, logger, embedded: options.embedded }))
 */
export function embeddedRoutes(input: {
  db: Db
  logger: Logger
  embedded: EmbeddedOptions | undefined
  now?: (() => number) | undefined
  publicUrl?: string | undefined
  trustProxy?: boolean | number | undefined
  /** The per-address bucket; `false` turns it off (default {@link DEFAULT_EMBEDDED_RATE_LIMIT}). */
  rateLimit?: Pick<RateLimitOptions, 'burst' | 'perSecond'> | false | undefined
}): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  if (!input.embedded) return app
  const context = embeddedContext({ ...input, options: input.embedded })
  if (input.rateLimit !== false) {
    const limiter = createRateLimiter({
      ...(input.rateLimit ?? DEFAULT_EMBEDDED_RATE_LIMIT),
      now: context.now,
    })
    const perAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
      // Preflights carry no proof and cost nothing: they are not counted.
      if (c.req.method !== 'OPTIONS') {
        const taken = limiter.take(clientAddress(context, c))
        if (!taken.ok) {
          // Readable by the secure frame, so it can say why.
          if (c.req.header('origin') === context.options.secureOrigin) {
            c.header('access-control-allow-origin', context.options.secureOrigin)
            c.header('access-control-expose-headers', 'retry-after')
            c.header('vary', 'Origin')
          }
          throw new EmbeddedError(
            429,
            'RATE_LIMITED',
            `Please try again after ${taken.retryAfterSeconds} seconds`,
            { headers: { 'retry-after': String(taken.retryAfterSeconds) } },
          )
        }
      }
      await next()
    }
    for (const path of EMBEDDED_PATHS) app.use(path, perAddress)
    app.onError(embeddedErrorAnswer(input.logger))
  }
  const farcaster = farcasterLogin(context)
  return app
    .route('/', emailAuthRoutes(context))
    .route('/', socialAuthRoutes(context, { follow: farcaster.follow }))
    .route('/', farcaster.routes)
    .route('/', walletVaultRoutes(context))
}
