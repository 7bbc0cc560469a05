// One timeout race for every adapter (viem's `withTimeout`, plus an abort signal): the timer
// is always cleared, and the work is told through its own signal when nobody waits any more.

export interface WithTimeoutParameters {
  /** Milliseconds to wait; 0 (or less) waits without a limit. */
  timeout: number
  /** The error to reject with when the time is up. */
  errorInstance: Error
  /** Aborting it rejects at once with its `reason` (and clears the timer). */
  signal?: AbortSignal
}

/**
 * Resolves or rejects as `work` does, unless `timeout` ms pass first (then rejects with
 * `errorInstance`) or `signal` aborts first (then rejects with its reason). When `work` is a
 * function it is called with a signal that aborts in both cases, so it can stop.
 *
 * @example
 * const accounts = await withTimeout(provider.request({ method: 'eth_accounts' }), {
 *   timeout: 5_000,
 *   errorInstance: kitError('FAILED_TO_CONNECT', { details: 'eth_accounts: no answer in 5000 ms' }),
 * })
 */
export function withTimeout<T>(
  work: PromiseLike<T> | ((context: { signal: AbortSignal }) => PromiseLike<T>),
  { timeout, errorInstance, signal }: WithTimeoutParameters,
): Promise<T> {
  const inner = new AbortController()
  const onAbort = () => inner.abort(signal?.reason)
  let timer: ReturnType<typeof setTimeout> | undefined
  return new Promise<T>((resolve, reject) => {
    // Whoever stops the wait (the timer, the caller's signal) aborts `inner`: one rejection.
    inner.signal.addEventListener('abort', () => reject(inner.signal.reason))
    if (signal?.aborted) onAbort()
    signal?.addEventListener('abort', onAbort)
    if (timeout > 0) timer = setTimeout(() => inner.abort(errorInstance), timeout)
    // A promise is always followed, so a late rejection of it is never unhandled.
    if (typeof work !== 'function') work.then(resolve, reject)
    else if (!inner.signal.aborted) work({ signal: inner.signal }).then(resolve, reject)
  }).finally(() => {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  })
}
