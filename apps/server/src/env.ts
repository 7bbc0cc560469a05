// Settings from the environment (main, CLI and bench): every variable read in one place.
// Each one is listed in turbo.json globalPassThroughEnv.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { DEFAULT_POOL } from './db/db.js'
import { type EmbeddedEnv, readEmbeddedEnv } from './embedded/config.js'
import { parseTrustProxy } from './http/client-address.js'
import { isLogLevel, type LogLevel } from './http/logger.js'

export interface ServerSettings {
  databaseUrl: string | undefined
  dataDir: string
  configPath: string
  /** The config path came from OPENMODAL_CONFIG (so it must exist). */
  configExplicit: boolean
  host: string
  port: number
  logLevel: LogLevel
  publicUrl: string | undefined
  /** Reverse proxies in front of the server (OPENMODAL_TRUST_PROXY: a count, true = 1). */
  trustProxy: number
  rateLimit: { burst: number; perSecond: number }
  /**
   * The embedded routes' per-address bucket (OPENMODAL_EMBEDDED_RATE_BURST, default 30 then
   * 0.5 a second): raised for tests where many visitors share one loopback address.
   */
  embeddedRateLimit: { burst: number; perSecond: number } | undefined
  /** Index the projects' EVM chains in this process (OPENMODAL_INDEXER=off turns it off). */
  indexer: boolean
  /** Spec §9 polling 4 s by default. */
  indexerPollMs: number
  /** Blocks read per indexer batch. */
  indexerBatch: number
  /** How often an instance not indexing tries the shared indexer lock (PostgreSQL only). */
  indexerLockRetryMs: number
  /** Days analytics events are kept (OPENMODAL_ANALYTICS_RETENTION_DAYS, default 30). */
  analyticsRetentionDays: number
  /** A JSON `{ "SYMBOL": usd }` file replacing the default price table. */
  pricesFile: string | undefined
  /** The 1inch swap provider's key and base URL (OPENMODAL_1INCH_API_KEY, OPENMODAL_1INCH_URL). */
  oneInch: { apiKey: string; baseUrl: string | undefined } | undefined
  /** The 0x swap provider's key and base URL (OPENMODAL_0X_API_KEY, OPENMODAL_0X_URL). */
  zeroEx: { apiKey: string; baseUrl: string | undefined } | undefined
  /** The embedded wallet (OPENMODAL_SECURE_ORIGIN and the keys of embedded/config.ts), or off. */
  embedded: EmbeddedEnv | undefined
  /**
   * The secure site served on a second listener (OPENMODAL_SECURE_PORT, OPENMODAL_SECURE_HOST,
   * OPENMODAL_SECURE_SITE_DIR; its public origin OPENMODAL_SECURE_ORIGIN), or not served.
   */
  secureSite: { host: string; port: number; dist: string; origin: string | undefined } | undefined
  /** PostgreSQL pool: connections, longest wait for one, statement timeout (0 = none). */
  pool: { poolSize: number; connectionWaitMs: number; statementTimeoutMs: number }
  /** GET /metrics answers this bearer token only (OPENMODAL_METRICS_TOKEN); off when unset. */
  metricsToken: string | undefined
  /** On SIGTERM, how long requests in flight may take before they are cut. */
  shutdownGraceMs: number
}

const Positive = v.pipe(v.string(), v.transform(Number), v.number(), v.minValue(0.001))
const WholeNumber = (min: number, max: number) =>
  v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max))
const OnOff = v.pipe(
  v.string(),
  v.transform((raw) => raw.toLowerCase()),
  v.picklist(['1', '0', 'on', 'off', 'true', 'false'], 'expected on or off'),
  v.transform((raw) => ['1', 'on', 'true'].includes(raw)),
)
const Port = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535))

function read<T>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: v.GenericSchema<string, T>,
  fallback: T,
): T {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const result = v.safeParse(schema, raw)
  if (!result.success) throw new Error(`${name}=${raw} is invalid: ${result.issues[0]?.message}`)
  return result.output
}

/**
 * Reads DATABASE_URL, OPENMODAL_DATA_DIR, OPENMODAL_CONFIG, OPENMODAL_HOST, OPENMODAL_PORT,
 * LOG_LEVEL, OPENMODAL_PUBLIC_URL, OPENMODAL_TRUST_PROXY, OPENMODAL_RATE_BURST,
 * OPENMODAL_RATE_PER_SECOND, OPENMODAL_EMBEDDED_RATE_BURST, OPENMODAL_EMBEDDED_RATE_PER_SECOND,
 * OPENMODAL_INDEXER, OPENMODAL_INDEXER_POLL_MS,
 * OPENMODAL_INDEXER_BATCH, OPENMODAL_INDEXER_LOCK_RETRY_MS, OPENMODAL_ANALYTICS_RETENTION_DAYS,
 * OPENMODAL_PRICES_FILE, OPENMODAL_1INCH_API_KEY, OPENMODAL_1INCH_URL, OPENMODAL_0X_API_KEY, OPENMODAL_0X_URL and the
 * embedded wallet's OPENMODAL_SECURE_ORIGIN,
 * OPENMODAL_AUTH_SECRET, OPENMODAL_VAULT_KEY, OPENMODAL_VAULT_READ_KEYS, OPENMODAL_SMTP_URL,
 * OPENMODAL_MAIL_FROM,
 * OPENMODAL_SECURE_PORT, OPENMODAL_SECURE_HOST and OPENMODAL_SECURE_SITE_DIR, and the
 * operations' OPENMODAL_DB_POOL, OPENMODAL_DB_WAIT_MS, OPENMODAL_DB_STATEMENT_TIMEOUT_MS,
 * OPENMODAL_METRICS_TOKEN and OPENMODAL_SHUTDOWN_GRACE_MS; relative paths resolve against the
 * working directory. An invalid value throws an error naming the variable.
 *
 * @example
 * const settings = readSettings(process.env)
 */
export function readSettings(env: NodeJS.ProcessEnv = process.env): ServerSettings {
  const logLevel = env.LOG_LEVEL ?? 'info'
  if (!isLogLevel(logLevel)) throw new Error(`LOG_LEVEL=${logLevel} is not a log level`)
  const host = env.OPENMODAL_HOST || '127.0.0.1'
  const embedded = readEmbeddedEnv(env)
  const securePort = read(env, 'OPENMODAL_SECURE_PORT', Port, undefined as number | undefined)
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.OPENMODAL_DATA_DIR || '.data'),
    configPath: resolve(env.OPENMODAL_CONFIG || 'openmodal.config.json'),
    configExplicit: Boolean(env.OPENMODAL_CONFIG),
    host,
    port: read(env, 'OPENMODAL_PORT', Port, 8787),
    logLevel,
    publicUrl: read(
      env,
      'OPENMODAL_PUBLIC_URL',
      v.pipe(v.string(), v.url()),
      undefined as string | undefined,
    ),
    trustProxy: parseTrustProxy(env.OPENMODAL_TRUST_PROXY),
    rateLimit: {
      burst: read(env, 'OPENMODAL_RATE_BURST', Positive, 120),
      perSecond: read(env, 'OPENMODAL_RATE_PER_SECOND', Positive, 20),
    },
    embeddedRateLimit: env.OPENMODAL_EMBEDDED_RATE_BURST
      ? {
          burst: read(env, 'OPENMODAL_EMBEDDED_RATE_BURST', Positive, 30),
          perSecond: read(env, 'OPENMODAL_EMBEDDED_RATE_PER_SECOND', Positive, 0.5),
        }
      : undefined,
    indexer: read(env, 'OPENMODAL_INDEXER', OnOff, true),
    indexerPollMs: read(env, 'OPENMODAL_INDEXER_POLL_MS', WholeNumber(50, 3_600_000), 4_000),
    indexerBatch: read(env, 'OPENMODAL_INDEXER_BATCH', WholeNumber(1, 1_000), 100),
    indexerLockRetryMs: read(
      env,
      'OPENMODAL_INDEXER_LOCK_RETRY_MS',
      WholeNumber(50, 3_600_000),
      5_000,
    ),
    analyticsRetentionDays: read(
      env,
      'OPENMODAL_ANALYTICS_RETENTION_DAYS',
      WholeNumber(1, 3650),
      30,
    ),
    pricesFile: env.OPENMODAL_PRICES_FILE ? resolve(env.OPENMODAL_PRICES_FILE) : undefined,
    oneInch: env.OPENMODAL_1INCH_API_KEY
      ? {
          apiKey: env.OPENMODAL_1INCH_API_KEY,
          baseUrl: read(
            env,
            'OPENMODAL_1INCH_URL',
            v.pipe(v.string(), v.url()),
            undefined as string | undefined,
          ),
        }
      : undefined,
    zeroEx: env.OPENMODAL_0X_API_KEY
      ? {
          apiKey: env.OPENMODAL_0X_API_KEY,
          baseUrl: read(
            env,
            'OPENMODAL_0X_URL',
            v.pipe(v.string(), v.url()),
            undefined as string | undefined,
          ),
        }
      : undefined,
    embedded,
    secureSite:
      securePort === undefined
        ? undefined
        : {
            host: env.OPENMODAL_SECURE_HOST || host,
            port: securePort,
            dist: env.OPENMODAL_SECURE_SITE_DIR
              ? resolve(env.OPENMODAL_SECURE_SITE_DIR)
              : defaultSecureSiteDist(),
            origin: embedded?.secureOrigin,
          },
    pool: {
      poolSize: read(env, 'OPENMODAL_DB_POOL', WholeNumber(1, 1_000), DEFAULT_POOL.poolSize),
      connectionWaitMs: read(
        env,
        'OPENMODAL_DB_WAIT_MS',
        WholeNumber(1, 600_000),
        DEFAULT_POOL.connectionWaitMs,
      ),
      statementTimeoutMs: read(
        env,
        'OPENMODAL_DB_STATEMENT_TIMEOUT_MS',
        WholeNumber(0, 3_600_000),
        DEFAULT_POOL.statementTimeoutMs,
      ),
    },
    metricsToken: read(
      env,
      'OPENMODAL_METRICS_TOKEN',
      v.pipe(v.string(), v.minLength(16, 'use at least 16 characters')),
      undefined as string | undefined,
    ),
    shutdownGraceMs: read(env, 'OPENMODAL_SHUTDOWN_GRACE_MS', WholeNumber(0, 600_000), 10_000),
  }
}

/** The secure site built in this workspace (`pnpm --filter @openmodal/secure-site build`). */
function defaultSecureSiteDist(): string {
  return join(
    dirname(fileURLToPath(import.meta.resolve('@openmodal/secure-site/serve'))),
    '../dist',
  )
}
