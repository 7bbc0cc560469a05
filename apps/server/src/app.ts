// The HTTP API (Hono): project config, wallet registry, RPC proxy, analytics ingest.
import { getConnInfo } from '@hono/node-server/conninfo'
import { DEFAULT_ALLOWED_ANCESTORS, isOriginAllowed } from '@openmodal/core'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import * as v from 'valibot'
import {
  type AnalyticsIngestResponse,
  API_LIMITS,
  type HealthResponse,
  JSON_RPC_ERRORS,
  type ProjectConfigResponse,
  type RecommendedWalletsResponse,
  type Wallet,
  type WalletListResponse,
} from './api-types.js'
import { type PriceSource, staticPriceSource } from './blockchain/prices.js'
import { registerBlockchainRoutes } from './blockchain/routes.js'
import type { Db } from './db/db.js'
import { HttpError, parseInput } from './http/errors.js'
import { createLogger, type Logger, type LogLevel } from './http/logger.js'
import { createRateLimiter, type RateLimiter } from './http/rate-limit.js'
import { ProjectIdSchema } from './projects/schema.js'
import { getProject, type Project } from './projects/store.js'
import { acceptsUpstream, assemble, failAll, planRpc, rpcError } from './rpc/json-rpc.js'
import {
  DEFAULT_UPSTREAM_OPTIONS,
  describeFailures,
  forwardToUpstreams,
  type UpstreamOptions,
} from './rpc/upstream.js'
import { WalletIdSchema } from './wallets/explorer-import.js'
import { monogramSvg } from './wallets/monogram.js'
import { getWallet, listWallets, type WalletRecord } from './wallets/store.js'

export interface AppOptions {
  db: Db
  /** Token bucket per projectId + client address; `false` turns rate limiting off. */
  rateLimit?: { burst: number; perSecond: number } | false
  /** Retry and timeout rules of the RPC proxy (spec §9 defaults). */
  rpc?: Partial<UpstreamOptions>
  /** Default 'info'; tests pass 'silent'. */
  logLevel?: LogLevel
  logger?: Logger
  /** Base of absolute URLs in answers (image and RPC URLs); default: the request's origin. */
  publicUrl?: string
  /** Take the client address from X-Forwarded-For (only behind a trusted reverse proxy). */
  trustProxy?: boolean
  /** Token prices of the balance endpoint; default the static table of blockchain/prices.ts. */
  prices?: PriceSource
  /** The clock of name registration (tests move it); default Date.now. */
  now?: () => number
}

export const DEFAULT_RATE_LIMIT = { burst: 120, perSecond: 20 } as const

type Env = { Variables: { projectId: string | undefined } }

const NO_BODY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const CORS_METHODS = 'GET, POST, OPTIONS'
const CORS_HEADERS = ['content-type']
// After refusing a body unread, the connection cannot carry another request.
const CLOSE = { connection: 'close' }

// A syntactically plain origin (not 'null') can be echoed so an SDK can read config errors.
function isEchoableOrigin(origin: string | undefined): origin is string {
  return origin !== undefined && /^https?:\/\/[^/\s]+$/i.test(origin)
}

const IntParam = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, 'Expected a whole number'),
    v.transform(Number),
    v.minValue(min, `Expected a number from ${min} to ${max}`),
    v.maxValue(max, `Expected a number from ${min} to ${max}`),
  )

const splitList = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

const IdListParam = v.pipe(
  v.string(),
  v.maxLength(API_LIMITS.walletIdListMax * 130),
  v.transform(splitList),
  v.maxLength(API_LIMITS.walletIdListMax, `Expected at most ${API_LIMITS.walletIdListMax} ids`),
  v.array(WalletIdSchema),
)

const ChainListParam = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.transform(splitList),
  v.maxLength(50, 'Expected at most 50 chains'),
  v.array(
    v.pipe(
      v.string(),
      v.regex(
        /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/,
        'Expected CAIP-2 chain ids (eip155:1) or namespaces (solana)',
      ),
    ),
  ),
)

const WalletQuerySchema = v.object({
  page: v.optional(IntParam(1, 100_000)),
  entries: v.optional(IntParam(1, API_LIMITS.walletMaxPageSize)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(API_LIMITS.walletSearchMaxLength))),
  include: v.optional(IdListParam),
  exclude: v.optional(IdListParam),
  chains: v.optional(ChainListParam),
})

const RecommendedQuerySchema = v.object({
  exclude: v.optional(IdListParam),
  chains: v.optional(ChainListParam),
})

const ShortText = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max))

const AnalyticsQuerySchema = v.object({ st: ShortText(64), sv: ShortText(64) })

const AnalyticsEventSchema = v.strictObject({
  eventId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Expected an event id')),
  url: v.pipe(v.string(), v.maxLength(2048), v.url('Expected a URL')),
  domain: ShortText(255),
  timestamp: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(946_684_800_000, 'Expected milliseconds since the epoch'),
    v.maxValue(4_102_444_800_000, 'Expected milliseconds since the epoch'),
  ),
  props: v.strictObject({
    type: ShortText(64),
    event: ShortText(128),
    errorType: v.optional(v.pipe(v.string(), v.maxLength(128))),
    errorMessage: v.optional(v.pipe(v.string(), v.maxLength(4096))),
    stackTrace: v.optional(v.pipe(v.string(), v.maxLength(32_768))),
  }),
})

/**
 * Builds the API over a migrated database.
 *
 * @example
 * const app = createApp({ db, logLevel: 'silent' })
 * const response = await app.request('/health')
 */
export function createApp(options: AppOptions): Hono<Env> {
  const { db } = options
  const logger = options.logger ?? createLogger(options.logLevel ?? 'info')
  const upstreamOptions: UpstreamOptions = { ...DEFAULT_UPSTREAM_OPTIONS, ...options.rpc }
  const limiter: RateLimiter | undefined =
    options.rateLimit === false
      ? undefined
      : createRateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT)
  const app = new Hono<Env>()

  const baseUrl = (c: Context<Env>) => options.publicUrl ?? new URL(c.req.url).origin

  const clientAddress = (c: Context<Env>): string => {
    if (options.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      if (forwarded) return forwarded
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown'
    } catch {
      return 'unknown'
    }
  }

  const rateLimit = (c: Context<Env>, scope: string) => {
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

  /**
   * Project-scoped access: projectId format, rate limit, existence, then the Origin (when
   * present, or always with `requireOrigin`) against the project's origins and the defaults
   * of spec §5. Sets CORS headers for an allowed origin only.
   */
  const access = async (
    c: Context<Env>,
    rawProjectId: string | undefined,
    requireOrigin = false,
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
      if (!requireOrigin) return project
      throw new HttpError(403, 'INVALID_APP_CONFIGURATION', 'The Origin header is required')
    }
    if (!isOriginAllowed(origin, [...project.allowedOrigins, ...DEFAULT_ALLOWED_ANCESTORS])) {
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
    (projectIdOf: (c: Context<Env>) => string | undefined) => async (c: Context<Env>) => {
      await access(c, projectIdOf(c), true)
      const requested = splitList(c.req.header('access-control-request-headers') ?? '')
      const unknown = requested.filter((name) => !CORS_HEADERS.includes(name.toLowerCase()))
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
        'access-control-allow-headers': CORS_HEADERS.join(', '),
        'access-control-max-age': '600',
      })
    }

  const toWallet = (c: Context<Env>, w: WalletRecord): Wallet => ({
    id: w.id,
    name: w.name,
    imageUrl: `${baseUrl(c)}/v1/wallets/${encodeURIComponent(w.id)}/image`,
    rdns: w.rdns,
    homepage: w.homepage,
    mobileLink: w.mobileLink,
    desktopLink: w.desktopLink,
    webappLink: w.webappLink,
    appStore: w.appStore,
    playStore: w.playStore,
    chains: w.chains,
    featured: w.featured,
  })

  // One JSON line per request.
  app.use('*', async (c, next) => {
    const start = performance.now()
    await next()
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      projectId: c.get('projectId') ?? null,
    })
  })

  // Bodies are bounded everywhere: none at all on GET/HEAD/OPTIONS, per route on POST.
  app.use('*', async (c, next) => {
    if (NO_BODY_METHODS.has(c.req.method)) {
      const length = Number(c.req.header('content-length') ?? 0)
      if (length > 0 || c.req.header('transfer-encoding')) {
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `${c.req.method} requests take no body`, {
          headers: CLOSE,
        })
      }
    }
    await next()
  })

  const limitBody = (maxSize: number, tooLarge: (c: Context<Env>) => Response) =>
    bodyLimit({ maxSize, onError: (c) => tooLarge(c as Context<Env>) })

  app.get('/health', async (c) => {
    try {
      await db.query('select 1')
    } catch (cause) {
      throw new HttpError(503, 'SERVER_ERROR', 'The database is unavailable', { cause })
    }
    return c.json({ status: 'ok', database: db.kind } satisfies HealthResponse)
  })

  // (1) Remote project configuration and allowed origins.
  const configPath = '/v1/projects/:projectId/config'
  app.options(
    configPath,
    preflight((c) => c.req.param('projectId')),
  )
  app.get(configPath, async (c) => {
    const origin = c.req.header('origin')
    let project: Project
    try {
      project = await access(c, c.req.param('projectId'), true)
    } catch (error) {
      // The SDK must read why it was refused (spec §8 alerts), so errors are readable
      // cross-origin; they carry nothing about the project.
      const http =
        error instanceof HttpError
          ? error
          : new HttpError(500, 'SERVER_ERROR', 'Could not load the project configuration', {
              cause: error,
            })
      if (isEchoableOrigin(origin)) http.headers['access-control-allow-origin'] = origin
      throw http
    }
    const base = baseUrl(c)
    const body: ProjectConfigResponse = {
      projectId: project.projectId,
      name: project.name,
      features: project.features,
      allowedOrigins: project.allowedOrigins,
      chains: project.chains.map((chain) => ({
        caipNetworkId: chain.caipNetworkId,
        rpcUrl: `${base}/v1/rpc/${project.projectId}/${chain.caipNetworkId}`,
      })),
    }
    return c.json(body, 200, { 'cache-control': 'no-store' })
  })

  // (2) Wallet registry.
  app.options(
    '/v1/wallets',
    preflight((c) => c.req.query('projectId')),
  )
  app.options(
    '/v1/wallets/recommended',
    preflight((c) => c.req.query('projectId')),
  )
  app.get('/v1/wallets', async (c) => {
    await access(c, c.req.query('projectId'))
    const query = parseInput(WalletQuerySchema, c.req.query(), 'query')
    const page = query.page ?? 1
    const entries =
      query.entries ?? (query.search ? API_LIMITS.walletSearchPageSize : API_LIMITS.walletPageSize)
    const { count, data } = await listWallets(
      db,
      {
        search: query.search,
        include: query.include,
        exclude: query.exclude,
        chains: query.chains,
      },
      { page, entries },
    )
    const body: WalletListResponse = { count, page, entries, data: data.map((w) => toWallet(c, w)) }
    return c.json(body)
  })

  app.get('/v1/wallets/recommended', async (c) => {
    await access(c, c.req.query('projectId'))
    const query = parseInput(RecommendedQuerySchema, c.req.query(), 'query')
    // Featured wallets have their own group in the modal: recommendations are the others.
    const { data } = await listWallets(
      db,
      { exclude: query.exclude, chains: query.chains, featured: false },
      { page: 1, entries: API_LIMITS.recommendedWallets },
    )
    const body: RecommendedWalletsResponse = {
      count: data.length,
      data: data.map((w) => toWallet(c, w)),
    }
    return c.json(body)
  })

  // Images are loaded by <img>, which sends no projectId: rate-limited per address only.
  app.get('/v1/wallets/:id/image', async (c) => {
    rateLimit(c, 'wallet-image')
    const id = parseInput(WalletIdSchema, c.req.param('id'), 'wallet id')
    const wallet = await getWallet(db, id)
    if (!wallet) throw new HttpError(404, 'WALLET_NOT_FOUND', `No wallet with id ${id}`)
    return c.body(monogramSvg(wallet.name, wallet.color), 200, {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    })
  })

  // (3) Blockchain API: balances, history, NFTs, gas price, names (indexed by src/indexer).
  registerBlockchainRoutes(app, {
    db,
    prices: options.prices ?? staticPriceSource(),
    access: (c, projectId) => access(c as Context<Env>, projectId),
    preflight: preflight((c) => c.req.query('projectId')),
    ...(options.now ? { now: options.now } : {}),
  })

  // (4) RPC proxy.
  const rpcTooLarge = (c: Context<Env>) =>
    c.json(
      rpcError(
        null,
        JSON_RPC_ERRORS.INVALID_REQUEST,
        `Body exceeds ${API_LIMITS.rpcBodyMaxBytes} bytes`,
      ),
      413,
      CLOSE,
    )

  const proxy = async (
    c: Context<Env>,
    projectId: string | undefined,
    chainId: string | undefined,
  ) => {
    const project = await access(c, projectId)
    const chain = project.chains.find((candidate) => candidate.caipNetworkId === chainId)
    if (!chain) {
      throw new HttpError(
        404,
        'CHAIN_NOT_CONFIGURED',
        `Project ${project.projectId} has no chain ${String(chainId)}`,
      )
    }
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch (error) {
      if ((error as Error).name === 'BodyLimitError') throw error
      return c.json(
        rpcError(null, JSON_RPC_ERRORS.PARSE_ERROR, 'Parse error: the body is not valid JSON'),
        400,
      )
    }
    const parsed = planRpc(body, chain.caipNetworkId.split(':')[0] ?? '')
    if (!parsed.ok) return c.json(parsed.response, parsed.status)
    const { plan } = parsed
    let responses = assemble(plan, [])
    let status: 200 | 502 = 200
    if (plan.forwarded > 0) {
      const result = await forwardToUpstreams(
        JSON.stringify(plan.upstreamPayload),
        chain.rpcUrls,
        acceptsUpstream(plan),
        upstreamOptions,
      )
      if (result.ok) {
        responses = assemble(plan, result.json)
      } else {
        responses = failAll(plan, describeFailures(result.failures))
        status = 502
      }
    }
    if (responses.length === 0) return c.body(null, 204)
    return c.json(plan.batch ? responses : responses[0], status)
  }

  app.options(
    '/v1/rpc/:projectId/:caipNetworkId',
    preflight((c) => c.req.param('projectId')),
  )
  app.options(
    '/v1/rpc',
    preflight((c) => c.req.query('projectId')),
  )
  app.post(
    '/v1/rpc/:projectId/:caipNetworkId',
    limitBody(API_LIMITS.rpcBodyMaxBytes, rpcTooLarge),
    (c) => proxy(c, c.req.param('projectId'), c.req.param('caipNetworkId')),
  )
  // Spec §7: the "GET-style" URL with chainId and projectId in the query.
  app.post('/v1/rpc', limitBody(API_LIMITS.rpcBodyMaxBytes, rpcTooLarge), (c) =>
    proxy(c, c.req.query('projectId'), c.req.query('chainId')),
  )

  // (5) Analytics ingest (spec §7). Any content type: sendBeacon posts text/plain.
  app.options(
    '/e',
    preflight((c) => c.req.query('projectId')),
  )
  app.post(
    '/e',
    limitBody(API_LIMITS.analyticsBodyMaxBytes, () => {
      throw new HttpError(
        413,
        'PAYLOAD_TOO_LARGE',
        `Body exceeds ${API_LIMITS.analyticsBodyMaxBytes} bytes`,
        { headers: CLOSE },
      )
    }),
    async (c) => {
      const project = await access(c, c.req.query('projectId'))
      const query = parseInput(AnalyticsQuerySchema, c.req.query(), 'query')
      let json: unknown
      try {
        json = JSON.parse(await c.req.text())
      } catch (error) {
        if (error instanceof HttpError) throw error
        throw new HttpError(400, 'BAD_REQUEST', 'Invalid event: the body is not valid JSON')
      }
      const event = parseInput(AnalyticsEventSchema, json, 'event')
      await db.query(
        `insert into analytics_events (project_id, event_id, sdk_type, sdk_version, url, domain,
           occurred_at, type, event, error_type, error_message, stack_trace)
         values ($1, $2, $3, $4, $5, $6, to_timestamp($7::double precision / 1000), $8, $9, $10, $11, $12)
         on conflict (project_id, event_id) do nothing`,
        [
          project.projectId,
          event.eventId,
          query.st,
          query.sv,
          event.url,
          event.domain,
          event.timestamp,
          event.props.type,
          event.props.event,
          event.props.errorType ?? null,
          event.props.errorMessage ?? null,
          event.props.stackTrace ?? null,
        ],
      )
      return c.json({ accepted: true } satisfies AnalyticsIngestResponse, 202)
    },
  )

  app.notFound((c) =>
    c.json({ code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404),
  )

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.status >= 500) {
        logger.error('request failed', { path: c.req.path, error: String(error.cause ?? error) })
      }
      return c.json(error.toJSON(), error.status, error.headers)
    }
    if (error.name === 'BodyLimitError') {
      return c.json({ code: 'PAYLOAD_TOO_LARGE', message: 'Body too large' }, 413, CLOSE)
    }
    logger.error('request failed', {
      path: c.req.path,
      error: String(error),
      stack: error.stack,
    })
    return c.json({ code: 'SERVER_ERROR', message: 'Internal server error' }, 500)
  })

  return app
}
