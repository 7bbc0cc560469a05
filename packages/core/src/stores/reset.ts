// What a test puts back between tests: each store that keeps state joins here where it is
// defined (`onReset`), and `resetStores()` (testing/reset-stores.ts) runs them all, so no
// central list names the stores. Development only: in a production build `onReset` is an empty
// function, and the bundler drops its calls with their closures (as `issueWarning`'s).
import { DEV } from 'esm-env'

const resets = new Set<() => void>()

/**
 * Joins `reset` (put this module's state back to its first value) to what `resetStores()`
 * runs; nothing in production builds.
 *
 * @example onReset(() => $registeredName.set(undefined))
 */
export function onReset(reset: () => void): void {
  if (DEV) resets.add(reset)
}

/** Runs every joined reset, in the order the modules joined. */
export function runResets(): void {
  for (const reset of resets) reset()
}
