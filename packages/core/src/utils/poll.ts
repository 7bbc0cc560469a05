// Polling a store's data while something watches it (Activity, spec §9).
import { onMount, type Store } from 'nanostores'

/**
 * While `store` is watched, calls `tick` every `ms` milliseconds, and once at once when it
 * starts being watched; ticks are skipped while the page is hidden (a background tab does not
 * poll). For lists that must show news without a reload (Activity, spec §9 "polling 4 s").
 *
 * @example pollWhileWatched($transactions, 4_000, () => void refreshTransactions(address()))
 */
export function pollWhileWatched(store: Store, ms: number, tick: () => void): void {
  const run = () => {
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') tick()
  }
  onMount(store, () => {
    run()
    const timer = setInterval(run, ms)
    return () => clearInterval(timer)
  })
}
