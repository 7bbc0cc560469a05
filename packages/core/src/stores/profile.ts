// The identity (name and avatar) of each namespace's connected account (spec §5, kept 5 min,
// spec §9). The account state shows it while it belongs to the account the namespace's
// connection shows. It is looked up by actions/account-reads.ts, which actions/refresh-account.ts
// loads with import(): the fetcher it looks up through costs no initial JS.
import { map } from 'nanostores'
import type { ChainNamespace } from '../types/network.js'
import { connectionKey } from './connection.js'

export interface Profile {
  /** The account and network it is of (`connectionKey`). */
  key: string
  name?: string
  avatar?: string
}

/** Per namespace: the identity of the connected account, when it has one. */
export const $profiles = map<Partial<Record<ChainNamespace, Profile>>>({})

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
