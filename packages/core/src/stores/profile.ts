// The identity (name and avatar) of each namespace's connected account (spec §5, kept 5 min,
// spec §9). The account state shows it while it belongs to the account the namespace's
// connection shows.
import { map } from 'nanostores'
import { getAdapter } from '../adapters/registry.js'
import { errorMessage } from '../errors/base.js'
import type { ChainNamespace } from '../types/network.js'
import { connectedTarget, connectionKey } from './connection.js'
import { emitEvent } from './events.js'

export interface Profile {
  /** The account and network it is of (`connectionKey`). */
  key: string
  name?: string
  avatar?: string
}

/** Per namespace: the identity of the connected account, when it has one. */
export const $profiles = map<Partial<Record<ChainNamespace, Profile>>>({})

/** Identity names and avatars are kept this long (spec §9). */
export const PROFILE_CACHE_MS = 5 * 60 * 1000
const cache = new Map<string, { at: number; name?: string; avatar?: string }>()

/** Forgets cached identities (tests, or a host that knows a name changed). */
export function clearProfileCache(): void {
  cache.clear()
  $profiles.set({})
}

/**
 * Sets the name or avatar shown for the account `namespace` is connected with now (a name
 * just registered); the fields not given stay.
 *
 * @example setProfile('eip155', { name: 'alice.eth' })
 */
export function setProfile(
  namespace: ChainNamespace,
  profile: { name?: string | undefined; avatar?: string | undefined },
): void {
  const key = connectionKey(namespace)
  if (!key) return
  const shown = $profiles.get()[namespace]
  $profiles.setKey(namespace, { ...(shown?.key === key ? shown : {}), ...profile, key })
}

/**
 * Looks up the name and avatar of the account `namespace` is connected with. Identity names
 * are fetched only for non-test EVM networks; elsewhere they are cleared (spec §5).
 *
 * @example await refreshProfile('eip155')
 */
export async function refreshProfile(namespace: ChainNamespace): Promise<void> {
  const adapter = getAdapter(namespace)
  const target = connectedTarget(namespace)
  if (!target || namespace !== 'eip155' || target.network.testnet || !adapter?.getProfile) {
    $profiles.setKey(namespace, undefined)
    return
  }
  const { key, address, network } = target
  let entry = cache.get(key)
  if (!entry || Date.now() - entry.at >= PROFILE_CACHE_MS) {
    try {
      const profile = await adapter.getProfile({ address, network })
      entry = {
        at: Date.now(),
        ...(profile.name ? { name: profile.name } : {}),
        ...(profile.avatar ? { avatar: profile.avatar } : {}),
      }
      cache.set(key, entry)
    } catch (error) {
      emitEvent('ERROR', { message: errorMessage(error), where: 'profile' })
      entry = { at: 0 }
    }
  }
  // The account may have changed while the name was looked up.
  if (connectionKey(namespace) !== key) return
  $profiles.setKey(namespace, {
    key,
    ...(entry.name ? { name: entry.name } : {}),
    ...(entry.avatar ? { avatar: entry.avatar } : {}),
  })
}
