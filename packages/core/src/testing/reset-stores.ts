// Test-only: puts core's caches and counters back to their first state between tests, like
// nanostores' cleanStores(). It throws in production builds, where no test runs.
import { clearBalanceCache, clearProfileCache } from '../actions/refresh-account.js'
import { $registeredName } from '../actions/register-name.js'
import { clearTokenBalances } from '../stores/balances.js'
import { $attempts, $connections } from '../stores/connection.js'
import { resetAnalyticsLimit } from '../stores/events.js'
import { clearAccountNames } from '../stores/names.js'
import { resetRemoteConfig } from '../stores/project-config.js'
import { resetSendDraft } from '../stores/send.js'
import { resetTransactions } from '../stores/transactions.js'

declare const process: { env: { NODE_ENV?: string } }

/**
 * Forgets the connections, clears the balance, profile, token, name and activity caches, the
 * analytics error limit and the remote config. For tests only: it throws when `process.env.NODE_ENV` is `'production'`.
 *
 * @example beforeEach(() => resetStores())
 */
export function resetStores(): void {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('resetStores() is for tests and cannot be used in production')
  }
  $connections.set({})
  $attempts.set({})
  clearBalanceCache()
  clearProfileCache()
  clearTokenBalances()
  clearAccountNames()
  resetTransactions()
  $registeredName.set(undefined)
  resetAnalyticsLimit()
  resetRemoteConfig()
  resetSendDraft()
}
