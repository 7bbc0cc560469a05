// The kit's localStorage (spec §3 "Local storage keeps"). Every read is validated, and
// storage that throws (sandboxed iframes, opaque origins, full quota) degrades to memory.
import * as v from 'valibot'
import { BaseError } from '../errors/base.js'
import { type CaipNetworkId, NAMESPACES } from '../types/network.js'
import { isCaipNetworkId } from '../utils/caip.js'

/** Prefix of every key the kit writes. */
export const STORAGE_PREFIX = '@openmodal/'
/** At most this many recent wallets are kept, newest first (spec §9). */
export const RECENT_WALLETS_MAX = 2

const caipNetworkId = v.custom<CaipNetworkId>(isCaipNetworkId)
const recentWallet = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  rdns: v.optional(v.string()),
})

/** The valibot schema of each stored key. */
export const STORAGE_SCHEMAS = {
  email: v.string(),
  emailLoginUsed: v.boolean(),
  lastEmailLoginTime: v.pipe(v.number(), v.finite()),
  socialUsername: v.string(),
  socialProvider: v.string(),
  /** A social login started in a Telegram mini app, until the page comes back (spec §2). */
  telegramSocialProvider: v.string(),
  lastUsedChain: caipNetworkId,
  smartAccountEnabledNetworks: v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  recentWallets: v.pipe(v.array(recentWallet), v.maxLength(RECENT_WALLETS_MAX)),
  connectedConnectorIds: v.record(v.picklist(NAMESPACES), v.string()),
  /** Legacy: no longer written; read once and moved to `lastUsedChain` (stores/chain.ts). */
  activeCaipNetworkId: caipNetworkId,
  themeMode: v.picklist(['light', 'dark']),
  locale: v.pipe(v.string(), v.minLength(1)),
} as const

export type StorageKey = keyof typeof STORAGE_SCHEMAS
export type StorageValue<K extends StorageKey> = v.InferOutput<(typeof STORAGE_SCHEMAS)[K]>
export type RecentWallet = StorageValue<'recentWallets'>[number]

/** Cached e-mail/social login data, deleted on disconnect (spec §4). */
export const LOGIN_DATA_KEYS = [
  'emailLoginUsed',
  'email',
  'lastUsedChain',
  'socialUsername',
  'socialProvider',
] as const satisfies readonly StorageKey[]

interface Codec {
  encode(value: unknown): string
  decode(raw: string): unknown
}

const json: Codec = { encode: (value) => JSON.stringify(value), decode: (raw) => JSON.parse(raw) }

// Stored as '1,137' (spec §3); '' is the empty list a failed fetch leaves (spec §4).
const commaList: Codec = {
  encode: (value) => (value as readonly number[]).join(','),
  decode: (raw) =>
    raw === '' ? [] : raw.split(',').map((part) => (part ? Number(part) : Number.NaN)),
}

const codecFor = (key: StorageKey): Codec =>
  key === 'smartAccountEnabledNetworks' ? commaList : json

export interface KitStorage {
  /**
   * The stored value, or `undefined` when absent. A corrupted or mistyped entry is removed
   * and reads as `undefined`; never throws.
   */
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined
  /** Stores `value`; throws a BaseError when it does not fit the key's schema. */
  set<K extends StorageKey>(key: K, value: StorageValue<K>): void
  remove(key: StorageKey): void
  /** Deletes the cached login data: flag, e-mail, chain, social user (spec §4). */
  clearLoginData(): void
  /** Puts `wallet` first in the recent list, without duplicates, at most 2; returns the list. */
  addRecentWallet(wallet: RecentWallet): RecentWallet[]
}

// A Map behind the part of the Web Storage interface used here.
function memoryBackend(
  entries: Map<string, string>,
): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  }
}

function defaultBackend(): Storage | undefined {
  return globalThis.localStorage
}

/**
 * Creates a storage over `backend()` (read lazily, on first use). When the backend is missing,
 * or getting it or any call on it throws (SecurityError in a sandboxed iframe,
 * QuotaExceededError on write), this instance moves to an in-memory Map, keeping what it could
 * still read, and goes on working.
 *
 * @example
 * const storage = createStorage(() => window.sessionStorage)
 * storage.set('themeMode', 'dark')
 * storage.get('themeMode') // 'dark'
 */
export function createStorage(backend: () => Storage | undefined = defaultBackend): KitStorage {
  let memory: Map<string, string> | undefined

  function toMemory(previous: Storage | undefined): Map<string, string> {
    const entries = new Map<string, string>()
    for (const key of Object.keys(STORAGE_SCHEMAS)) {
      try {
        const raw = previous?.getItem(STORAGE_PREFIX + key)
        if (typeof raw === 'string') entries.set(STORAGE_PREFIX + key, raw)
      } catch {
        // Unreadable: that entry is lost, the rest still moves over.
      }
    }
    memory = entries
    return entries
  }

  function withBackend<T>(
    run: (store: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) => T,
  ): T {
    if (memory) return run(memoryBackend(memory))
    let store: Storage | undefined
    try {
      store = backend()
    } catch {
      return run(memoryBackend(toMemory(undefined)))
    }
    if (!store) return run(memoryBackend(toMemory(undefined)))
    try {
      return run(store)
    } catch {
      return run(memoryBackend(toMemory(store)))
    }
  }

  function remove(key: StorageKey): void {
    withBackend((store) => store.removeItem(STORAGE_PREFIX + key))
  }

  function get<K extends StorageKey>(key: K): StorageValue<K> | undefined {
    const raw = withBackend((store) => store.getItem(STORAGE_PREFIX + key))
    if (raw === null) return undefined
    let decoded: unknown
    try {
      decoded = codecFor(key).decode(raw)
    } catch {
      remove(key)
      return undefined
    }
    const result = v.safeParse(STORAGE_SCHEMAS[key], decoded)
    if (result.success) return result.output as StorageValue<K>
    remove(key)
    return undefined
  }

  function set<K extends StorageKey>(key: K, value: StorageValue<K>): void {
    const result = v.safeParse(STORAGE_SCHEMAS[key], value)
    if (!result.success) {
      throw new BaseError(`Invalid value for storage key \`${key}\``, {
        code: 'INVALID_STORAGE_VALUE',
        details: v.summarize(result.issues),
        cause: new v.ValiError(result.issues),
      })
    }
    const raw = codecFor(key).encode(result.output)
    withBackend((store) => store.setItem(STORAGE_PREFIX + key, raw))
  }

  return {
    get,
    set,
    remove,
    clearLoginData() {
      for (const key of LOGIN_DATA_KEYS) remove(key)
    },
    addRecentWallet(wallet) {
      const next = [wallet, ...(get('recentWallets') ?? []).filter((w) => w.id !== wallet.id)]
      const list = next.slice(0, RECENT_WALLETS_MAX)
      set('recentWallets', list)
      return list
    },
  }
}

/** The kit's storage over `globalThis.localStorage`, touched only on first use. */
export const storage: KitStorage = /* @__PURE__ */ createStorage()
