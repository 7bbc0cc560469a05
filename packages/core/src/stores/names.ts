// Names registered on our server for addresses (`GET /v1/names/reverse/:address`). The Account
// view asks once per address to know whether to offer "Choose a name".
import { map } from 'nanostores'
import { ApiRequestError } from '../api/client.js'
import type { NameResponse } from '../api/types.js'
import { createFetcher } from '../utils/fetcher.js'
import { $api, hasApi } from './api.js'
import { onReset } from './reset.js'

/** Identity answers are kept this long (spec §9 "ENS and identity 5 min"). */
export const NAME_CACHE_MS = 5 * 60 * 1000

/** Lower-case address → its registered name, or `null` when it has none. Unknown: absent. */
export const $accountNames = map<Record<string, string | null>>({})

// Keyed by lower-case address; a 404 is an answer (no name), other failures are not cached.
const fetcher = createFetcher<string | null>({ cacheMs: NAME_CACHE_MS, newestWins: false })

/**
 * The name registered for `address` on our server: the name, `null` when it has none (404
 * `NAME_NOT_FOUND`), or `undefined` when the server could not say. Answers are kept 5 minutes
 * in `$accountNames`.
 *
 * @example
 * await lookupAccountName('0xAb…') // 'alice-01', or null
 */
export async function lookupAccountName(address: string): Promise<string | null | undefined> {
  if (!hasApi()) return undefined
  const key = address.toLowerCase()
  const result = await fetcher.fetch(key, async () => {
    try {
      return (
        await $api.get().get<NameResponse>(`/v1/names/reverse/${encodeURIComponent(address)}`)
      ).name
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return null
      throw error
    }
  })
  if (result.status !== 'success') return undefined
  if ($accountNames.get()[key] !== result.data) $accountNames.setKey(key, result.data)
  return result.data
}

/**
 * Records what is known of `address`'s name (after a registration, and in tests).
 *
 * @example setAccountName('0xAb…', 'alice-01')
 */
export function setAccountName(address: string, name: string | null): void {
  const key = address.toLowerCase()
  fetcher.seed(key, name)
  $accountNames.setKey(key, name)
}

/**
 * Forgets every known name.
 *
 * @example clearAccountNames()
 */
export function clearAccountNames(): void {
  fetcher.reset()
  $accountNames.set({})
}
onReset(clearAccountNames)
