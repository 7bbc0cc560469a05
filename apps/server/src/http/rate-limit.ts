// Token buckets in memory, one per key (projectId + client address), per instance.

export interface RateLimitOptions {
  /** Requests a client may make at once (bucket size). */
  burst: number
  /** Tokens added back per second. */
  perSecond: number
  /** Buckets kept; the least recently used go first (default 100 000). */
  maxKeys?: number
  /** Clock in ms (tests). */
  now?: () => number
}

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number }

interface Bucket {
  tokens: number
  at: number
}

/**
 * Token-bucket rate limiter.
 *
 * @example
 * const limiter = createRateLimiter({ burst: 60, perSecond: 20 })
 * if (!limiter.take('demo|127.0.0.1').ok) return tooManyRequests()
 */
export function createRateLimiter(options: RateLimitOptions) {
  const { burst, perSecond } = options
  const maxKeys = options.maxKeys ?? 100_000
  const now = options.now ?? Date.now
  const buckets = new Map<string, Bucket>()

  return {
    take(key: string, cost = 1): TakeResult {
      const time = now()
      const bucket = buckets.get(key) ?? { tokens: burst, at: time }
      bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond)
      bucket.at = time
      // Re-inserting keeps the Map in least-recently-used order for eviction.
      buckets.delete(key)
      buckets.set(key, bucket)
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value
        if (oldest !== undefined) buckets.delete(oldest)
      }
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost
        return { ok: true }
      }
      const missing = cost - bucket.tokens
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(missing / perSecond)) }
    },
    get size() {
      return buckets.size
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
