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
  return new Promise<T>((resolve, reject) => {
    const inner = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = () => fail(signal?.reason)
    const settle = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    function fail(reason: unknown) {
      settle()
      reject(reason)
      inner.abort(reason)
    }

    if (signal?.aborted) {
      // A promise already under way may still reject: that answer has no one to reach.
      if (typeof work !== 'function') Promise.resolve(work).catch(() => undefined)
      fail(signal.reason)
      return
    }
    signal?.addEventListener('abort', onAbort)
    if (timeout > 0) timer = setTimeout(() => fail(errorInstance), timeout)
    let promise: PromiseLike<T>
    try {
      promise = typeof work === 'function' ? work({ signal: inner.signal }) : work
    } catch (error) {
      fail(error)
      return
    }
    Promise.resolve(promise).then(
      (value) => {
        settle()
        resolve(value)
      },
      (error: unknown) => {
        settle()
        reject(error)
      },
    )
  })
}
