// Wallet discovery for the Solana adapter: the wallet-standard registry (`getWallets()`),
// which dispatches `wallet-standard:app-ready` and listens for `register-wallet` once used.
import { type Connector, issueWarning } from '@openmodal/core/internal'
import { getWallets, type Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { DEV } from 'esm-env'
import { parseWallet } from './wallet.js'

export interface DiscoveryOptions {
  /** The registry; default `getWallets()` of @wallet-standard/app, first called on watch. */
  wallets?: Wallets
  /** At most this many wallets are kept (default 100); later ones are ignored. */
  maxWallets?: number
}

export interface Discovery {
  /** Starts discovery (if needed) and reports the connectors now and on every change. */
  subscribe(listener: (connectors: readonly Connector[]) => void): () => void
  /** The wallet behind a connector id, if discovered. */
  wallet(connectorId: string): Wallet | undefined
  /** Starts discovery (if needed) and waits up to `timeoutMs` for `connectorId` to appear. */
  waitFor(connectorId: string, timeoutMs: number): Promise<Wallet | undefined>
}

const NAMESPACES = ['solana'] as const

interface Entry {
  connector: Connector
  wallet: Wallet
}

/**
 * Creates a discovery. Nothing happens until `subscribe` or `waitFor`. A connector's id is
 * its cleaned name (wallet-standard has no other stable id); the first wallet of a name
 * (case-insensitive) wins and later ones with the same name are ignored, so a page script
 * cannot pass for a wallet already listed.
 *
 * @example
 * const stop = createDiscovery().subscribe((connectors) => render(connectors))
 */
export function createDiscovery(options: DiscoveryOptions = {}): Discovery {
  const maxWallets = options.maxWallets ?? 100
  const byId = new Map<string, Entry>()
  const subscribers = new Set<(connectors: readonly Connector[]) => void>()
  const waiters = new Set<() => void>()
  let registry: Wallets | undefined
  let offs: Array<() => void> = []
  let users = 0
  let flushQueued = false
  let reported: readonly Connector[] = []

  const flush = () => {
    flushQueued = false
    for (const waiter of [...waiters]) waiter()
    const next = [...byId.values()].map((e) => e.connector)
    if (next.length === reported.length && next.every((c, i) => c === reported[i])) return
    reported = next
    for (const subscriber of [...subscribers]) subscriber(reported)
  }
  const scheduleFlush = () => {
    if (flushQueued) return
    flushQueued = true
    queueMicrotask(flush)
  }

  const add = (wallet: Wallet) => {
    for (const entry of byId.values()) if (entry.wallet === wallet) return
    const parsed = parseWallet(wallet)
    if (!parsed) {
      if (DEV) {
        issueWarning(
          'solana-invalid-wallet',
          'Ignored a wallet-standard wallet without a name, a solana chain or standard:connect',
        )
      }
      return
    }
    const key = parsed.name.toLowerCase()
    if ([...byId.keys()].some((id) => id.toLowerCase() === key)) {
      if (DEV) {
        issueWarning('solana-duplicate-wallet', `Ignored a second wallet named "${parsed.name}"`)
      }
      return
    }
    if (byId.size >= maxWallets) {
      if (DEV) {
        issueWarning(
          'solana-too-many-wallets',
          `Ignored wallet-standard wallets beyond ${maxWallets}`,
        )
      }
      return
    }
    byId.set(parsed.name, {
      wallet,
      connector: {
        id: parsed.name,
        type: 'ANNOUNCED',
        name: parsed.name,
        namespaces: NAMESPACES,
        installed: true,
        ...(parsed.icon ? { imageUrl: parsed.icon } : {}),
      },
    })
    scheduleFlush()
  }
  const remove = (wallet: Wallet) => {
    for (const [id, entry] of byId) {
      if (entry.wallet === wallet) {
        byId.delete(id)
        scheduleFlush()
      }
    }
  }

  const acquire = () => {
    if (users++ > 0) return
    registry ??= options.wallets ?? getWallets()
    offs = [
      registry.on('register', (...wallets) => wallets.forEach(add)),
      registry.on('unregister', (...wallets) => wallets.forEach(remove)),
    ]
    const present = registry.get()
    // Wallets unregistered while nobody watched are gone.
    for (const entry of [...byId.values()])
      if (!present.includes(entry.wallet)) remove(entry.wallet)
    for (const wallet of present) add(wallet)
    scheduleFlush()
  }
  const release = () => {
    if (--users > 0) return
    for (const off of offs) off()
    offs = []
  }

  return {
    subscribe(listener) {
      subscribers.add(listener)
      acquire()
      listener(reported)
      let active = true
      return () => {
        if (!active) return
        active = false
        subscribers.delete(listener)
        release()
      }
    },
    wallet(connectorId) {
      return byId.get(connectorId)?.wallet
    },
    waitFor(connectorId, timeoutMs) {
      acquire()
      const found = byId.get(connectorId)?.wallet
      if (found) {
        release()
        return Promise.resolve(found)
      }
      return new Promise((resolve) => {
        const done = (wallet: Wallet | undefined) => {
          clearTimeout(timer)
          waiters.delete(check)
          release()
          resolve(wallet)
        }
        const check = () => {
          const wallet = byId.get(connectorId)?.wallet
          if (wallet) done(wallet)
        }
        const timer = setTimeout(() => done(byId.get(connectorId)?.wallet), timeoutMs)
        waiters.add(check)
      })
    },
  }
}
