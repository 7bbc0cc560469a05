// Wallet discovery for the Solana adapter: the wallet-standard registry (`getWallets()`),
// which dispatches `wallet-standard:app-ready` and listens for `register-wallet` once used.
import { type Connector, createConnectorList, issueWarning } from '@openmodal/core/internal'
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
  let registry: Wallets | undefined
  let offs: Array<() => void> = []
  const scheduleFlush = () => list.changed()

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

  const start = () => {
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
  const stop = () => {
    for (const off of offs) off()
    offs = []
  }

  const list = createConnectorList({
    start,
    stop,
    connectors: () => [...byId.values()].map((e) => e.connector),
    find: (connectorId) => byId.get(connectorId)?.wallet,
  })

  return {
    subscribe: list.subscribe,
    wallet(connectorId) {
      return byId.get(connectorId)?.wallet
    },
    waitFor: list.waitFor,
  }
}
