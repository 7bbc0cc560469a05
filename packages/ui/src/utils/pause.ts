/**
 * Waits `ms`, or less when `signal` aborts: a view's debounce before async work that a newer
 * attempt (an `AttemptController` run) supersedes.
 */
export const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
