// The native balance of each namespace's connected account (spec §9: kept 30 s). The account
// state shows it while it belongs to the account the namespace's connection shows. It is read
// by actions/account-reads.ts, which actions/refresh-account.ts loads with import(): the fetcher
// it reads through costs no initial JS.
import { map } from 'nanostores'
import type { ChainNamespace } from '../types/network.js'

export interface NativeBalance {
  /** The account and network it is of (`connectionKey`). */
  key: string
  /** Formatted for display (3 decimals truncated). */
  balance?: string
  symbol?: string
  loading: boolean
  /** The last read failed (its network did not answer); `balance` is the last one known, if any. */
  failed?: boolean
}

/** Per namespace: the native balance last read or being read. */
export const $nativeBalance = map<Partial<Record<ChainNamespace, NativeBalance>>>({})
