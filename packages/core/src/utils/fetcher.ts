// The one "fetch, cache, drop stale answers" primitive of core (issue 14): every store that
// reads our server (token balances, NFTs, activity, names, the wallet registry, the project
// config) asks through a fetcher instead of keeping its own cache, in-flight map and request
// counter. Why not @nanostores/query: packages/core/README.md, "Fetching". Keys of an account on a
// network are `accountKey()` (utils/account-key.ts). It imports nothing, so a module loaded with
// import() can use it without reaching the initial JS (actions/account-reads.ts); the
// nanostores helpers beside it are in poll.ts and mutation.ts.

/** What a fetch came to. */
export type FetchResult<T> =
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown }
  /** A fetch for another key, or a reset, came after it: this answer must not be shown. */
  | { status: 'stale' }
  /** Within the retry gap after a failure: nothing was asked. */
  | { status: 'blocked' }

export interface FetcherOptions {
  /** An answer is reused this long (ms) for its key; 0 (the default): never. */
  cacheMs?: number
  /** After a failure no request at all is made for this long (ms), forced or not. */
  retryGapMs?: number
  /**
   * The store shows one key at a time (the default): an answer for a key older than the last
   * one asked for is stale. False for a cache of many keys read side by side (names).
   */
  newestWins?: boolean
  /**
   * Called once per failed request whose answer is not stale (a toast, say): callers that
   * shared the request all get its `error` result, but the failure happened once.
   */
  onError?: (error: unknown, key: string) => void
}

export interface Fetcher<T> {
  /**
   * Fetches `key` with `load`, unless an answer younger than `cacheMs` is cached (skipped with
   * `force`), a failure happened less than `retryGapMs` ago, or a fetch of the same key is
   * running (then its result is shared: one request). Never rejects.
   */
  fetch(key: string, load: () => Promise<T>, options?: { force?: boolean }): Promise<FetchResult<T>>
  /** The cached answer for `key` while it is fresh. */
  cached(key: string): T | undefined
  /** Caches `data` as the answer for `key` now (a value learnt otherwise, e.g. by a mutation). */
  seed(key: string, data: T): void
  /** Drops the cached answer of `key`, or every cached answer. */
  expire(key?: string): void
  /** Forgets everything (cache, retry gap): answers of running fetches become stale. */
  reset(): void
}

/**
 * Creates a fetcher: one cache of answers by key, shared in-flight requests, a retry gap after
 * failures, and stale answers (a newer key asked meanwhile, or a reset) reported as `stale`.
 *
 * @example
 * const balances = createFetcher<TokenBalance[]>({ cacheMs: 30_000, retryGapMs: 30_000 })
 * const result = await balances.fetch(accountKey('eip155:1', address), () => api.get(…))
 * if (result.status === 'success') $balances.setKey('balances', result.data)
 */
/* @__NO_SIDE_EFFECTS__ */
export function createFetcher<T>({
  cacheMs = 0,
  retryGapMs = 0,
  newestWins = true,
  onError,
}: FetcherOptions = {}): Fetcher<T> {
  const cache = new Map<string, { at: number; data: T }>()
  const running = new Map<string, Promise<FetchResult<T>>>()
  let epoch = 0
  let newest: string | undefined
  let failedAt: number | undefined

  const cached = (key: string) => {
    const hit = cache.get(key)
    return hit && Date.now() - hit.at < cacheMs ? hit : undefined
  }

  return {
    fetch(key, load, { force } = {}) {
      newest = key
      const hit = cached(key)
      if (hit && !force) return Promise.resolve({ status: 'success', data: hit.data })
      if (failedAt !== undefined && Date.now() - failedAt < retryGapMs) {
        return Promise.resolve({ status: 'blocked' })
      }
      const joined = running.get(key)
      if (joined) return joined
      const mine = epoch
      const settle = (result: FetchResult<T>): FetchResult<T> => {
        if (running.get(key) === promise) running.delete(key)
        if (mine !== epoch || (newestWins && newest !== key)) return { status: 'stale' }
        return result
      }
      const promise: Promise<FetchResult<T>> = load().then(
        (data) => {
          if (mine === epoch) cache.set(key, { at: Date.now(), data })
          return settle({ status: 'success', data })
        },
        (error: unknown) => {
          if (mine === epoch) failedAt = Date.now()
          const result = settle({ status: 'error', error })
          if (result.status === 'error') onError?.(error, key)
          return result
        },
      )
      running.set(key, promise)
      return promise
    },
    cached: (key) => cached(key)?.data,
    seed(key, data) {
      cache.set(key, { at: Date.now(), data })
    },
    expire(key) {
      if (key === undefined) cache.clear()
      else cache.delete(key)
    },
    reset() {
      epoch++
      newest = undefined
      failedAt = undefined
      cache.clear()
      running.clear()
    },
  }
}
