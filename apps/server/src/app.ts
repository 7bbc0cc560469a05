// The HTTP API (Hono): one sub-app per route family under routes/, composed here with the
// access checks and middleware every route shares.
import { Hono } from 'hono'
import type { EnsOptions } from './blockchain/ens.js'
import { type PriceSource, staticPriceSource } from './blockchain/prices.js'
import type { Db } from './db/db.js'
import type { EmbeddedOptions } from './embedded/config.js'
import type { Mailer } from './embedded/mailer.js'
import { type AppEnv, createAccessControl } from './http/access.js'
import { createLogger, type Logger, type LogLevel } from './http/logger.js'
import { countRequests, createMetrics, type Metrics, metricsHandler } from './http/metrics.js'
import { errorAnswer, noBodyOnReads, notFound, requestLog } from './http/middleware.js'
import { createRateLimiter } from './http/rate-limit.js'
import type { ProviderDeps } from './onramp/provider.js'
import { onrampRoutes } from './onramp/routes.js'
import { type AnalyticsLimits, analyticsRoutes } from './routes/analytics.js'
import { type AuthOptions, authRoutes } from './routes/auth.js'
import { blockchainRoutes } from './routes/blockchain.js'
import { configRoutes } from './routes/config.js'
import { embeddedRoutes } from './routes/embedded.js'
import { healthRoutes } from './routes/health.js'
import { registryRoutes } from './routes/registry.js'
import { rpcRoutes } from './routes/rpc.js'
import { DEFAULT_UPSTREAM_OPTIONS, type UpstreamOptions } from './rpc/upstream.js'
import type { OneInchOptions } from './swap/one-inch.js'
import { swapRoutes } from './swap/routes.js'
import type { ZeroExOptions } from './swap/zero-ex.js'

export interface AppOptions {
  db: Db
  /** Token bucket per projectId + client address; `false` turns rate limiting off. */
  rateLimit?: { burst: number; perSecond: number } | false
  /**
   * Token bucket per client address ahead of every embedded wallet route (default
   * routes/embedded.ts DEFAULT_EMBEDDED_RATE_LIMIT); off when `rateLimit` is `false`.
   */
  embeddedRateLimit?: { burst: number; perSecond: number }
  /** Retry and timeout rules of the RPC proxy (spec §9 defaults). */
  rpc?: Partial<UpstreamOptions>
  /** Default 'info'; tests pass 'silent'. */
  logLevel?: LogLevel
  logger?: Logger
  /** The embedded wallet's routes (e-mail login, sessions, share vault); off when undefined. */
  embedded?: EmbeddedOptions
  /** Base of absolute URLs in answers (image and RPC URLs); default: the request's origin. */
  publicUrl?: string
  /**
   * Reverse proxies in front of the server: the client address is that many X-Forwarded-For
   * entries from the right (`true` = 1; default none: the socket's peer).
   */
  trustProxy?: boolean | number
  /** Token prices of the balance endpoint; default the static table of blockchain/prices.ts. */
  prices?: PriceSource
  /** The clock of name registration and of the ENS cache (tests move it); default Date.now. */
  now?: () => number
  /** Timeout and cache of the name endpoints' ENS lookups (spec §9 defaults). */
  ens?: EnsOptions
  /** The analytics quota per project and the retention period (routes/analytics.ts defaults). */
  analytics?: Partial<AnalyticsLimits>
  /** Nonce and session lifetimes of Sign-In With X (5 min / 7 days by default). */
  auth?: AuthOptions
  /** The swap providers' server-side settings (the 1inch key); see swap/routes.ts. */
  swap?: { oneInch?: OneInchOptions | undefined; zeroEx?: ZeroExOptions | undefined }
  /** How on-ramp providers reach their APIs (tests: loopback stand-ins). */
  onramp?: ProviderDeps
  /** Where requests, codes sent and indexer lag are counted; default a registry of its own. */
  metrics?: Metrics
  /** GET /metrics answers `Authorization: Bearer <metricsToken>` only; not served without. */
  metricsToken?: string | undefined
  /** True once a shutdown began (GET /ready answers 503). */
  draining?: () => boolean
}

export const DEFAULT_RATE_LIMIT = { burst: 120, perSecond: 20 } as const

/**
 * Builds the API over a migrated database.
 *
 * @example
 * const app = createApp({ db, logLevel: 'silent' })
 * const response = await app.request('/health')
 */
export function createApp(options: AppOptions): Hono<AppEnv> {
  const { db, publicUrl } = options
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info')
  const metrics = options.metrics ?? createMetrics()
  const embedded = options.embedded && {
    ...options.embedded,
    mailer: countCodes(options.embedded.mailer, metrics),
  }
  const access = createAccessControl({
    db,
    limiter:
      options.rateLimit === false
        ? undefined
        : createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT),
    trustProxy: options.trustProxy,
    trustedOrigins: options.embedded ? [options.embedded.secureOrigin] : [],
  })

  const app = new Hono<AppEnv>()
    .use('*', countRequests(metrics))
    .use('*', requestLog(logger))
    .use('*', noBodyOnReads)
  if (options.metricsToken) app.get('/metrics', metricsHandler(metrics, options.metricsToken))
  return app
    .route('/', healthRoutes({ db, draining: options.draining }))
    .route(
      '/',
      embeddedRoutes({
        db,
        logger,
        embedded,
        now: options.now,
        publicUrl,
        trustProxy: options.trustProxy,
        rateLimit: options.rateLimit === false ? false : options.embeddedRateLimit,
      }),
    )
    .route('/', configRoutes({ access, publicUrl, farcaster: Boolean(embedded?.farcaster) }))
    .route('/', registryRoutes({ db, access, publicUrl }))
    .route(
      '/',
      onrampRoutes({
        ...options,
        access,
        logger,
        prices: options.prices ?? staticPriceSource(),
        providers: options.onramp,
      }),
    )
    .route(
      '/',
      blockchainRoutes({
        db,
        access,
        prices: options.prices ?? staticPriceSource(),
        now: options.now,
        ens: options.ens,
        publicUrl,
        logger,
      }),
    )
    .route('/', rpcRoutes({ access, upstream: { ...DEFAULT_UPSTREAM_OPTIONS, ...options.rpc } }))
    .route(
      '/',
      analyticsRoutes({ db, access, limits: options.analytics, logger, now: options.now }),
    )
    .route('/', authRoutes({ db, access, now: options.now, publicUrl, ...options.auth }))
    .route(
      '/',
      swapRoutes({
        access,
        prices: options.prices ?? staticPriceSource(),
        oneInch: options.swap?.oneInch,
        zeroEx: options.swap?.zeroEx,
        now: options.now,
      }),
    )
    .notFound(notFound)
    .onError(errorAnswer(logger))
}

/** The mailer, counting each code it hands to the SMTP server. */
function countCodes(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    sendOtp: async (mail) => {
      await mailer.sendOtp(mail)
      metrics.codesSent.inc({ purpose: mail.purpose })
    },
    sendNotice: (mail) => mailer.sendNotice(mail),
    close: () => mailer.close(),
  }
}
