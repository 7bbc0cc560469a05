// Connector sources beside EIP-6963 discovery: one Discovery listing the announced wallets,
// then the sources' connectors. An entry whose `replacedBy` rdns is announced is hidden, as is
// one whose id an announced wallet holds.
import type { Connector } from '@openmodal/core/internal'
import type { Discovery } from '../discovery/discovery.js'
import type { Eip1193Provider } from '../provider/types.js'
import type { ConnectorEntry, ConnectorSource } from './source.js'

/**
 * Wraps `inner` (EIP-6963 discovery) so it also lists `sources`' connectors. The sources are
 * watched only while the connectors are (a subscriber or a `waitFor`).
 *
 * @example
 * const discovery = withSources(createDiscovery(), [safeConnector()])
 */
export function withSources(inner: Discovery, sources: readonly ConnectorSource[]): Discovery {
  const sourced = new Map<number, readonly ConnectorEntry[]>()
  const listeners = new Set<(connectors: readonly Connector[]) => void>()
  const waiters = new Set<() => void>()
  let announced: readonly Connector[] = []
  let reported: readonly Connector[] = []
  let users = 0
  let stops: (() => void)[] = []

  const visible = (): ConnectorEntry[] => {
    const rdns = new Set(announced.map((c) => c.rdns))
    const ids = new Set(announced.map((c) => c.id))
    return [...sourced.values()]
      .flat()
      .filter((e) => !(e.replacedBy && rdns.has(e.replacedBy)) && !ids.has(e.connector.id))
  }
  const entry = (id: string) => visible().find((e) => e.connector.id === id)
  const report = () => {
    const next = [...announced, ...visible().map((e) => e.connector)]
    for (const waiter of [...waiters]) waiter()
    if (next.length === reported.length && next.every((c, i) => c === reported[i])) return
    reported = next
    for (const listener of [...listeners]) listener(reported)
  }
  const acquire = () => {
    if (users++ > 0) return
    stops = sources.map((source, index) =>
      source.watch((entries) => {
        sourced.set(index, entries)
        report()
      }),
    )
    stops.push(
      inner.subscribe((connectors) => {
        announced = connectors
        report()
      }),
    )
  }
  const release = () => {
    if (--users > 0) return
    for (const stop of stops) stop()
    stops = []
  }
  const provider = (id: string): Eip1193Provider | undefined =>
    entry(id)?.provider ?? inner.provider(id)

  return {
    subscribe(listener) {
      acquire()
      listeners.add(listener)
      listener(reported)
      let active = true
      return () => {
        if (!active) return
        active = false
        listeners.delete(listener)
        release()
      }
    },
    provider,
    accountType: (id) => entry(id)?.accountType ?? 'eoa',
    // Only when a source may connect on load: core then waits for it before reconnecting.
    ...(sources.some((source) => source.autoConnect)
      ? {
          async autoConnectorId() {
            for (const source of sources) {
              const id = await source.autoConnect?.()
              if (id) return id
            }
            return undefined
          },
        }
      : {}),
    waitFor(id, timeoutMs) {
      const found = provider(id)
      if (found) return Promise.resolve(found)
      acquire()
      return new Promise((resolve) => {
        const done = (result: Eip1193Provider | undefined) => {
          clearTimeout(timer)
          waiters.delete(check)
          release()
          resolve(result)
        }
        const check = () => {
          const result = provider(id)
          if (result) done(result)
        }
        const timer = setTimeout(() => done(provider(id)), timeoutMs)
        waiters.add(check)
      })
    },
  }
}
