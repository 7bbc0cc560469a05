// The relay's settings, from the environment, validated at start: a bad value stops the process
// with a message naming the variable, before anything listens.
import * as v from 'valibot'

export interface RelaySettings {
  host: string
  port: number
  /** Redis (or Valkey) for N instances; `undefined`: one instance, messages in memory. */
  redisUrl: string | undefined
  /** Prefix of the relay's Redis keys (several relays can share one Redis). */
  redisPrefix: string
  /** Longest TTL a publish may ask for, in seconds. */
  maxTtlSeconds: number
  /** Socket ping interval; sign-client drops a socket without a ping for 35 s. */
  pingIntervalMs: number
  /** On SIGTERM, how long in-flight requests may take before the sockets are closed. */
  shutdownDrainMs: number
  /** Logs every frame in and out. */
  verbose: boolean
}

const WholeNumber = (min: number, max: number) =>
  v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max))
const RedisUrl = v.pipe(
  v.string(),
  v.url(),
  v.check((url) => /^rediss?:$/.test(new URL(url).protocol), 'must be a redis:// or rediss:// URL'),
)
const Flag = v.picklist(['0', '1', 'true', 'false'])

function read<T>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: v.GenericSchema<string, T>,
  fallback: T,
): T {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const result = v.safeParse(schema, raw)
  if (!result.success) {
    // A URL may carry a password: never echo it.
    const shown = name === 'OPENMODAL_REDIS_URL' ? '(hidden)' : raw
    throw new Error(`${name}=${shown} is invalid: ${result.issues[0]?.message}`)
  }
  return result.output
}

/**
 * Reads OPENMODAL_RELAY_HOST (default 127.0.0.1), OPENMODAL_RELAY_PORT (8788),
 * OPENMODAL_REDIS_URL (unset: one instance in memory), OPENMODAL_RELAY_REDIS_PREFIX
 * (`openmodal:relay:`), OPENMODAL_RELAY_MAX_TTL_SECONDS (30 days), OPENMODAL_RELAY_PING_MS
 * (15,000), OPENMODAL_RELAY_SHUTDOWN_MS (5,000) and OPENMODAL_RELAY_VERBOSE (false).
 * Throws an Error naming the first invalid variable.
 *
 * @example
 * const settings = readRelaySettings(process.env)
 */
export function readRelaySettings(env: NodeJS.ProcessEnv = process.env): RelaySettings {
  return {
    host: read(env, 'OPENMODAL_RELAY_HOST', v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
    port: read(env, 'OPENMODAL_RELAY_PORT', WholeNumber(0, 65_535), 8788),
    redisUrl: read<string | undefined>(env, 'OPENMODAL_REDIS_URL', RedisUrl, undefined),
    redisPrefix: read(
      env,
      'OPENMODAL_RELAY_REDIS_PREFIX',
      v.pipe(v.string(), v.regex(/^[\w:.-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 _ : . -')),
      'openmodal:relay:',
    ),
    maxTtlSeconds: read(
      env,
      'OPENMODAL_RELAY_MAX_TTL_SECONDS',
      WholeNumber(1, 30 * 86_400),
      30 * 86_400,
    ),
    pingIntervalMs: read(env, 'OPENMODAL_RELAY_PING_MS', WholeNumber(10, 30_000), 15_000),
    shutdownDrainMs: read(env, 'OPENMODAL_RELAY_SHUTDOWN_MS', WholeNumber(0, 60_000), 5_000),
    verbose: ['1', 'true'].includes(read(env, 'OPENMODAL_RELAY_VERBOSE', Flag, 'false')),
  }
}
