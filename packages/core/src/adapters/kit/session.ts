// The session scaffold every ChainAdapter repeats: one wallet session at a time, the wallet's
// event subscription that lives exactly as long as it, the adapter's listeners, and the
// connectors the user disconnected (which must not reconnect silently on this page).
import { kitError } from '../../errors/errors.js'
import type { AdapterAccount, AdapterEvent } from '../types.js'
import { createEmitter } from './emitter.js'

/** What every adapter session holds; an adapter adds its own fields (chain, wallet accounts). */
export interface AdapterSessionState {
  connectorId: string
  /** The wallet object (an EIP-1193 provider, a wallet-standard wallet): it names the session. */
  provider: unknown
  accounts: readonly AdapterAccount[]
}

export interface AdapterSession<S extends AdapterSessionState> {
  /** The live session, if any. */
  readonly current: S | undefined
  /**
   * Makes `next` the live session and returns it. The same provider keeps its session object
   * and its subscription (`next`'s fields are copied onto it); another provider ends the live
   * session and `subscribe`s to the new one, whose returned function runs when it ends.
   */
  begin(next: S, subscribe: () => () => void): S
  /**
   * Ends the live session (unsubscribing from its wallet) and returns it. `byUser` remembers
   * its connector so `userDisconnected` keeps a later silent reconnect from bringing it back.
   */
  end(options?: { byUser?: boolean }): S | undefined
  /** The live session; throws `CONNECTOR_NOT_CONNECTED` without one. */
  requireSession(): S
  /** Whether the user disconnected `connectorId` on this page since it last connected. */
  userDisconnected(connectorId: string): boolean
  /** Tells the adapter's listeners; a listener that throws is logged and the rest still run. */
  emit(event: AdapterEvent): void
  /** `ChainAdapter.on`: adds a listener of the adapter's events; returns its remover. */
  on(listener: (event: AdapterEvent) => void): () => void
}

/**
 * Creates the session scaffold of a ChainAdapter.
 *
 * @example
 * const session = createAdapterSession<{ connectorId: string; provider: Eip1193Provider; accounts: AdapterAccount[] }>()
 * session.begin({ connectorId, provider, accounts }, () => watch(provider))
 * session.emit({ type: 'accountsChanged', accounts })
 * const { provider } = session.requireSession()
 */
/* @__NO_SIDE_EFFECTS__ */
export function createAdapterSession<S extends AdapterSessionState>(): AdapterSession<S> {
  const events = createEmitter<{ event: AdapterEvent }>()
  const disconnectedByUser = new Set<string>()
  let current: S | undefined
  let unsubscribe: (() => void) | undefined

  const end: AdapterSession<S>['end'] = ({ byUser = false } = {}) => {
    const ended = current
    const stop = unsubscribe
    current = undefined
    unsubscribe = undefined
    stop?.()
    if (ended && byUser) disconnectedByUser.add(ended.connectorId)
    return ended
  }

  return {
    get current() {
      return current
    },
    begin(next, subscribe) {
      disconnectedByUser.delete(next.connectorId)
      if (current && current.provider === next.provider) return Object.assign(current, next)
      end()
      // Subscribed before the session is live, as the adapters always did: an event the
      // wallet fires from inside its `on` belongs to no session yet and is ignored.
      const stop = subscribe()
      current = next
      unsubscribe = stop
      return next
    },
    end,
    requireSession() {
      if (!current) throw kitError('CONNECTOR_NOT_CONNECTED')
      return current
    },
    userDisconnected(connectorId) {
      return disconnectedByUser.has(connectorId)
    },
    emit(event) {
      events.emit('event', event)
    },
    on(listener) {
      return events.on('event', listener)
    },
  }
}
