// Wallet discovery for the Bitcoin adapter, from two sources:
// - sats-connect providers: `window.btc_providers` lists `{ id, name, icon }`, where `id` is
//   the provider's path on `window` (e.g. `XverseProviders.BitcoinProvider`). The list has no
//   event, so it is read when watching starts and again a few times while the page settles.
// - wallet-standard wallets with a `bitcoin:` chain and `bitcoin:connect`, from the
//   registry of @wallet-standard/app (loaded only when a `window` exists).
import {
  type Connector,
  cleanName,
  createConnectorList,
  isSafeIcon,
  issueWarning,
} from '@openmodal/core/internal'
import { getWallets, type Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { SatsConnectProvider } from '../adapter/sats-connect.js'

export interface DiscoveryOptions {
  /** Where `btc_providers` and the providers live; default `globalThis` (the page's window). */
  scope?: Record<string, unknown>
  /** The wallet-standard registry; default `getWallets()`, or none without a `window`. */
  wallets?: Wallets | null
  /** At most this many wallets are kept (default 100). */
  maxWallets?: number
}

export type DiscoveredWallet =
  | { kind: 'sats-connect'; provider: SatsConnectProvider }
  | { kind: 'wallet-standard'; wallet: Wallet }

export interface Discovery {
  subscribe(listener: (connectors: readonly Connector[]) => void): () => void
  wallet(connectorId: string): DiscoveredWallet | undefined
  waitFor(connectorId: string, timeoutMs: number): Promise<DiscoveredWallet | undefined>
}

const NAMESPACES = ['bip122'] as const
/** Re-reads of `btc_providers` after watching starts (ms): extensions inject at their pace. */
const RESCANS_MS = [50, 250, 1000, 3000]
const PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*){0,4}$/
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor'])

/** The provider at a dotted `path` of `scope`, if it has a `request` function. */
export function providerAt(
  scope: Record<string, unknown>,
  path: string,
): SatsConnectProvider | undefined {
  if (!PATH.test(path)) return undefined
  let at: unknown = scope
  for (const part of path.split('.')) {
    if (FORBIDDEN.has(part) || typeof at !== 'object' || at === null) return undefined
    at = Object.hasOwn(at, part) || part in at ? (at as Record<string, unknown>)[part] : undefined
  }
  return typeof (at as { request?: unknown } | undefined)?.request === 'function'
    ? (at as SatsConnectProvider)
    : undefined
}

/**
 * Creates a discovery; nothing is read until `subscribe` or `waitFor`. A sats-connect
 * connector's id is its provider path; a wallet-standard one's its cleaned name. The first
 * wallet of a name (case-insensitive) wins, so a page script cannot pass for one already listed.
 *
 * @example const stop = createDiscovery().subscribe((connectors) => render(connectors))
 */
export function createDiscovery(options: DiscoveryOptions = {}): Discovery {
  const scope = options.scope ?? (globalThis as unknown as Record<string, unknown>)
  const maxWallets = options.maxWallets ?? 100
  const byId = new Map<string, { connector: Connector; wallet: DiscoveredWallet }>()
  let timers: ReturnType<typeof setTimeout>[] = []
  let offs: Array<() => void> = []
  // Listeners hear of later changes in a microtask (a burst of wallets is one report).
  const scheduleFlush = () => list.changed()

  const add = (id: string, name: string, icon: unknown, wallet: DiscoveredWallet) => {
    if (byId.has(id)) return false
    const key = name.toLowerCase()
    if ([...byId.values()].some((e) => e.connector.name.toLowerCase() === key)) {
      issueWarning('bitcoin-duplicate-wallet', `Ignored a second Bitcoin wallet named "${name}"`)
      return false
    }
    if (byId.size >= maxWallets) return false
    byId.set(id, {
      connector: {
        id,
        type: 'ANNOUNCED',
        name,
        ...(isSafeIcon(icon) ? { imageUrl: icon } : {}),
        namespaces: NAMESPACES,
        installed: true,
      },
      wallet,
    })
    return true
  }

  const scanProviders = () => {
    let list: unknown
    try {
      list = scope.btc_providers
    } catch {
      return
    }
    if (!Array.isArray(list)) return
    let changed = false
    for (const entry of list.slice(0, maxWallets)) {
      try {
        if (typeof entry !== 'object' || entry === null) continue
        const { id, name, icon } = entry as Record<string, unknown>
        if (typeof id !== 'string' || byId.has(id)) continue
        const provider = providerAt(scope, id)
        const cleaned = cleanName(name)
        if (!provider || !cleaned) {
          issueWarning(
            'bitcoin-invalid-provider',
            'Ignored a btc_providers entry without a provider',
          )
          continue
        }
        changed = add(id, cleaned, icon, { kind: 'sats-connect', provider }) || changed
      } catch {
        // a hostile entry (throwing getters) is not a wallet
      }
    }
    if (changed) scheduleFlush()
  }

  const addStandard = (wallet: Wallet) => {
    try {
      const { name, icon, chains, features } = wallet as unknown as Record<string, unknown>
      if (
        !Array.isArray(chains) ||
        !chains.some((c) => typeof c === 'string' && c.startsWith('bitcoin:'))
      ) {
        return
      }
      const connect = (features as Record<string, { connect?: unknown }> | undefined)?.[
        'bitcoin:connect'
      ]?.connect
      const cleaned = cleanName(name)
      if (typeof connect !== 'function' || !cleaned) return
      if (add(cleaned, cleaned, icon, { kind: 'wallet-standard', wallet })) scheduleFlush()
    } catch {
      // a hostile wallet is simply not a wallet
    }
  }

  const start = () => {
    scanProviders()
    timers = RESCANS_MS.map((ms) => setTimeout(scanProviders, ms))
    const hasWindow = typeof (globalThis as { window?: unknown }).window === 'object'
    const registry =
      options.wallets === undefined ? (hasWindow ? getWallets() : null) : options.wallets
    if (registry) {
      for (const wallet of registry.get()) addStandard(wallet)
      offs.push(registry.on('register', (...wallets: Wallet[]) => wallets.forEach(addStandard)))
    }
  }
  const stop = () => {
    for (const timer of timers) clearTimeout(timer)
    for (const off of offs) off()
    timers = []
    offs = []
  }

  const list = createConnectorList({
    start,
    stop,
    connectors: () => [...byId.values()].map((e) => e.connector),
    find: (connectorId) => byId.get(connectorId)?.wallet,
    poll: scanProviders,
  })

  return {
    subscribe: list.subscribe,
    wallet(connectorId) {
      return byId.get(connectorId)?.wallet
    },
    waitFor(connectorId, timeoutMs) {
      scanProviders()
      return list.waitFor(connectorId, timeoutMs)
    },
  }
}
