// Names registered on our server for addresses (`GET /v1/names/reverse/:address`). The Account
// view asks once per address to know whether to offer "Choose a name".
import { map } from 'nanostores'
import { ApiRequestError } from '../api/client.js'
import type { NameResponse } from '../api/types.js'
import { $api } from './api.js'

/** Identity answers are kept this long (spec §9 "ENS and identity 5 min"). */
export const NAME_CACHE_MS = 5 * 60 * 1000

/** Lower-case address → its registered name, or `null` when it has none. Unknown: absent. */
export const $accountNames = map<Record<string, string | null>>({})

const checkedAt = new Map<string, number>()
const pending = new Map<string, Promise<string | null | undefined>>()

/**
 * The name registered for `address` on our server: the name, `null` when it has none (404
 * `NAME_NOT_FOUND`), or `undefined` when the server could not say. Answers are kept 5 minutes
 * in `$accountNames`.
 *
 * @example
 * await lookupAccountName('0xAb…') // 'alice-01', or null
 */
export async function lookupAccountName(address: string): Promise<string | null | undefined> {
  const key = address.toLowerCase()
  const at = checkedAt.get(key)
  if (at !== undefined && Date.now() - at < NAME_CACHE_MS && key in $accountNames.get()) {
    return $accountNames.get()[key]
  }
  const running = pending.get(key)
  if (running) return running
  const promise = (async () => {
    try {
      const found = await $api
        .get()
        .get<NameResponse>(`/v1/names/reverse/${encodeURIComponent(address)}`)
      setAccountName(address, found.name)
      return found.name
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) {
        setAccountName(address, null)
        return null
      }
      return undefined
    } finally {
      pending.delete(key)
    }
  })()
  pending.set(key, promise)
  return promise
}

/**
 * Records what is known of `address`'s name (after a registration, and in tests).
 *
 * @example setAccountName('0xAb…', 'alice-01')
 */
export function setAccountName(address: string, name: string | null): void {
  const key = address.toLowerCase()
  checkedAt.set(key, Date.now())
  $accountNames.setKey(key, name)
}

/**
 * Forgets every known name.
 *
 * @example clearAccountNames()
 */
export function clearAccountNames(): void {
  checkedAt.clear()
  pending.clear()
  $accountNames.set({})
}
