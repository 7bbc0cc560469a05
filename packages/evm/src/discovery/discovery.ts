// Wallet discovery for the EVM adapter: EIP-6963 announcements, plus the legacy
// `window.ethereum` as one "Browser Wallet" when no announcement stands for it.
import { type Connector, createConnectorList, issueWarning } from '@openmodal/core/internal'
import type { Eip1193Provider } from '../provider/types.js'
import { type Announcement, isProvider, parseAnnouncement } from './announcement.js'

export interface DiscoveryOptions {
  /** Where announcements are dispatched; default `window` (`globalThis`). */
  target?: EventTarget
  /** At most this many announced wallets are kept (default 100); later ones are ignored. */
  maxWallets?: number
  /** How long to wait for announcements before offering `window.ethereum` (default 100 ms). */
  legacyDelayMs?: number
  /** Offer `window.ethereum` as "Browser Wallet" (default true). */
  legacy?: boolean
}

export interface Discovery {
  /** Starts discovery (if needed) and reports the connectors now and on every change. */
  subscribe(listener: (connectors: readonly Connector[]) => void): () => void
  /** The provider behind a connector id, if discovered. */
  provider(connectorId: string): Eip1193Provider | undefined
  /** The type of the accounts a connector gives (default `eoa`; a Safe's are `smartAccount`). */
  accountType?(connectorId: string): 'eoa' | 'smartAccount'
  /** The connector to connect on load without asking, if any (see `ConnectorSource`). */
  autoConnectorId?(): Promise<string | undefined>
  /** Starts discovery (if needed) and waits up to `timeoutMs` for `connectorId` to appear. */
  waitFor(connectorId: string, timeoutMs: number): Promise<Eip1193Provider | undefined>
}

export const INJECTED_CONNECTOR_ID = 'injected'
const NAMESPACES = ['eip155'] as const

interface Entry {
  connector: Connector
  provider: Eip1193Provider
}

/**
 * Creates a discovery. Nothing happens until `subscribe` or `waitFor`: then it listens for
 * `eip6963:announceProvider` and dispatches `eip6963:requestProvider`. The wallets that answer
 * the request at once are in the first report; later bursts of announcements are reported once
 * (coalesced in a microtask). Connector ids are the rdns when valid and not
 * taken, else the uuid; the first announcement of a uuid wins.
 *
 * @example
 * const stop = createDiscovery().subscribe((connectors) => render(connectors))
 */
export function createDiscovery(options: DiscoveryOptions = {}): Discovery {
  const target = options.target ?? (globalThis as unknown as EventTarget)
  const maxWallets = options.maxWallets ?? 100
  const legacyDelayMs = options.legacyDelayMs ?? 100
  const byUuid = new Map<string, Entry>()
  const byId = new Map<string, Entry>()
  /** rdns values announced by more than one provider. */
  const contested = new Set<string>()
  let legacyWindowOver = false
  let legacyTimer: ReturnType<typeof setTimeout> | undefined
  let legacy: Entry | undefined

  const readLegacy = (): Eip1193Provider | undefined => {
    if (options.legacy === false) return undefined
    try {
      const candidate = (target as { ethereum?: unknown }).ethereum
      return isProvider(candidate) ? candidate : undefined
    } catch {
      return undefined
    }
  }

  const legacyEntry = (): Entry | undefined => {
    const provider = readLegacy()
    if (!provider) return undefined
    if (!legacyWindowOver && byUuid.size === 0) return undefined
    for (const entry of byUuid.values()) if (entry.provider === provider) return undefined
    if (legacy?.provider !== provider) {
      legacy = {
        provider,
        connector: {
          id: INJECTED_CONNECTOR_ID,
          type: 'INJECTED',
          name: 'Browser Wallet',
          namespaces: NAMESPACES,
          installed: true,
        },
      }
    }
    return legacy
  }

  /** The announced wallets, then the legacy `window.ethereum` one when it is none of them. */
  const connectors = (): readonly Connector[] => {
    const injected = legacyEntry()
    if (injected) byId.set(INJECTED_CONNECTOR_ID, injected)
    else byId.delete(INJECTED_CONNECTOR_ID)
    return [...byUuid.values(), ...(injected ? [injected] : [])].map((e) => e.connector)
  }
  const scheduleFlush = () => list.changed()

  const add = (announcement: Announcement) => {
    if (byUuid.has(announcement.uuid)) return
    if (byUuid.size >= maxWallets) {
      issueWarning('evm-too-many-wallets', `Ignored EIP-6963 wallets beyond ${maxWallets}`)
      return
    }
    const { uuid, name, icon, rdns, provider } = announcement
    // An rdns that two providers claim identifies neither: both are known by their uuid, so
    // an impostor announcing first never inherits the real wallet's Recent tag or its silent
    // reconnect (both are keyed by connector id).
    if (rdns && byId.has(rdns)) {
      contested.add(rdns)
      const holder = byId.get(rdns)
      const holderUuid = [...byUuid].find(([, entry]) => entry === holder)?.[0]
      if (holder && holderUuid) {
        const moved: Entry = { ...holder, connector: { ...holder.connector, id: holderUuid } }
        byId.delete(rdns)
        byId.set(holderUuid, moved)
        byUuid.set(holderUuid, moved)
      }
    }
    const id = rdns && !contested.has(rdns) ? rdns : uuid
    const entry: Entry = {
      provider,
      connector: {
        id,
        type: 'ANNOUNCED',
        name,
        namespaces: NAMESPACES,
        installed: true,
        ...(icon ? { imageUrl: icon } : {}),
        ...(rdns ? { rdns } : {}),
      },
    }
    byUuid.set(uuid, entry)
    byId.set(id, entry)
    scheduleFlush()
  }

  const onAnnounce = (event: Event) => {
    let detail: unknown
    try {
      detail = (event as CustomEvent).detail
    } catch {
      detail = undefined
    }
    const announcement = parseAnnouncement(detail)
    if (!announcement) {
      issueWarning('evm-invalid-announcement', 'Ignored an invalid EIP-6963 announcement')
      return
    }
    add(announcement)
  }

  // No event target (server rendering, workers without one): discovery finds nothing.
  const canListen = typeof (target as Partial<EventTarget>).addEventListener === 'function'

  const start = () => {
    if (!canListen) return
    target.addEventListener('eip6963:announceProvider', onAnnounce)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
    if (!legacyWindowOver && legacyTimer === undefined) {
      legacyTimer = setTimeout(() => {
        legacyWindowOver = true
        scheduleFlush()
      }, legacyDelayMs)
    }
  }
  const stop = () => {
    if (!canListen) return
    target.removeEventListener('eip6963:announceProvider', onAnnounce)
    if (!legacyWindowOver) {
      clearTimeout(legacyTimer)
      legacyTimer = undefined
    }
  }
  const provider = (connectorId: string) =>
    connectorId === INJECTED_CONNECTOR_ID
      ? legacyEntry()?.provider
      : byId.get(connectorId)?.provider

  // Wallets answer the request synchronously: the first subscriber's first value lists them
  // (a view renders once instead of empty, then again).
  const list = createConnectorList({ start, stop, connectors, find: provider, reportSync: true })

  return { subscribe: list.subscribe, provider, waitFor: list.waitFor }
}
