// The one connector-list flush of the adapters' wallet discovery (EVM EIP-6963, Solana
// wallet-standard, Bitcoin sats-connect and wallet-standard): who listens, when discovery runs,
// and how a burst of wallets becomes one report.
import type { Connector } from '../types.js'

/** What an adapter's discovery knows; `createConnectorList` does the rest. */
export interface ConnectorListSource<T> {
  /** Starts listening for wallets (the first subscriber or waiter came). */
  start(): void
  /** Stops listening (the last one left). */
  stop(): void
  /** The connectors found so far, in the order to report them; read at each flush. */
  connectors(): readonly Connector[]
  /** The wallet behind `connectorId`, if found. */
  find(connectorId: string): T | undefined
  /** Called while a `waitFor` waits, every 25 ms (a wallet that announces by no event). */
  poll?(): void
  /**
   * Report to a new subscriber from inside `subscribe` (EIP-6963 wallets answer the request
   * synchronously: the first value already lists them). Otherwise the first report comes in a
   * microtask, so a listener may use the function `subscribe` returns.
   */
  reportSync?: boolean
}

export interface ConnectorList<T> {
  /** Something changed: report once, in a microtask (a burst of wallets is one report). */
  changed(): void
  /** Reports now: waiters look again; subscribers hear of a changed list. */
  flush(): void
  /** Starts discovery (if needed); reports the connectors now and on every change. */
  subscribe(listener: (connectors: readonly Connector[]) => void): () => void
  /** Starts discovery (if needed) and waits up to `timeoutMs` for `connectorId` to appear. */
  waitFor(connectorId: string, timeoutMs: number): Promise<T | undefined>
}

/**
 * The subscribers, waiters and coalesced reports of an adapter's wallet discovery. Discovery
 * runs (`source.start`) while anyone subscribes or waits; a report reaches subscribers only
 * when the list changed (same connector objects in the same order is no change).
 *
 * @example
 * const list = createConnectorList({ start, stop, connectors: () => [...byId.values()], find })
 * const stop = list.subscribe((connectors) => render(connectors))
 */
/* @__NO_SIDE_EFFECTS__ */
export function createConnectorList<T>(source: ConnectorListSource<T>): ConnectorList<T> {
  const subscribers = new Set<(connectors: readonly Connector[]) => void>()
  const waiters = new Set<() => void>()
  let users = 0
  let queued = false
  let reported: readonly Connector[] = []

  /** Reports to waiters and, when the list changed, to subscribers; whether it changed. */
  const report = (): boolean => {
    queued = false
    for (const waiter of [...waiters]) waiter()
    const next = source.connectors()
    if (next.length === reported.length && next.every((c, i) => c === reported[i])) return false
    reported = next
    for (const subscriber of [...subscribers]) subscriber(reported)
    return true
  }
  const flush = () => {
    report()
  }
  const changed = () => {
    if (queued) return
    queued = true
    queueMicrotask(flush)
  }
  const use = () => {
    if (users++ === 0) source.start()
    let released = false
    return () => {
      if (released) return
      released = true
      if (--users === 0) source.stop()
    }
  }

  return {
    changed,
    flush,
    subscribe(listener) {
      const release = use()
      if (source.reportSync) {
        flush()
        subscribers.add(listener)
        listener(reported)
      } else {
        subscribers.add(listener)
        queueMicrotask(() => {
          if (subscribers.has(listener) && !report() && reported.length > 0) listener(reported)
        })
      }
      return () => {
        subscribers.delete(listener)
        release()
      }
    },
    waitFor(connectorId, timeoutMs) {
      const release = use()
      const found = source.find(connectorId)
      if (found) {
        release()
        return Promise.resolve(found)
      }
      return new Promise((resolve) => {
        const poll = source.poll && setInterval(source.poll, 25)
        const done = (wallet: T | undefined) => {
          if (poll) clearInterval(poll)
          clearTimeout(timer)
          waiters.delete(check)
          release()
          resolve(wallet)
        }
        const check = () => {
          const wallet = source.find(connectorId)
          if (wallet) done(wallet)
        }
        const timer = setTimeout(() => done(source.find(connectorId)), timeoutMs)
        waiters.add(check)
      })
    },
  }
}
