// Test-only: puts core's stores, caches and counters back to their first state between tests,
// like nanostores' cleanStores(). Each store joins where it is defined (`onReset` in
// stores/reset.ts), so this names none of them. It throws in production builds, where no test
// runs.
import { runResets } from '../stores/reset.js'

declare const process: { env: { NODE_ENV?: string } }

/**
 * Runs every store's reset: the connections, the balance, profile, token, name and activity
 * caches, the analytics error limit, the remote config, the send draft, and whatever joins
 * later. For tests only: it throws when `process.env.NODE_ENV` is `'production'`.
 *
 * @example beforeEach(() => resetStores())
 */
export function resetStores(): void {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('resetStores() is for tests and cannot be used in production')
  }
  runResets()
}
