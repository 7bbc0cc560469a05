// The listener sets every adapter and wallet object repeats: one place decides that a
// listener's error is logged and never stops the others or reaches the code that emitted.

/** Listeners by event name; `Events` maps each name to its payload. */
export interface Emitter<Events extends object> {
  /** Adds a listener; returns the function that removes it. */
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void
  off<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): void
  /** Calls the event's listeners in order; one that throws is logged and the next still runs. */
  emit<E extends keyof Events>(event: E, payload: Events[E]): void
}

/**
 * Creates an event emitter whose listeners cannot break the emitter or each other.
 *
 * @example
 * const events = createEmitter<{ change: { accounts: string[] } }>()
 * const off = events.on('change', ({ accounts }) => console.log(accounts))
 * events.emit('change', { accounts: [] })
 */
/* @__NO_SIDE_EFFECTS__ */
export function createEmitter<Events extends object>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>()
  const off: Emitter<Events>['off'] = (event, listener) => {
    listeners.get(event)?.delete(listener)
  }
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => off(event, listener)
    },
    off,
    emit(event, payload) {
      // A copy: a listener may remove itself (or another) while the event is delivered.
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (payload: Events[typeof event]) => void)(payload)
        } catch (error) {
          console.error(error)
        }
      }
    },
  }
}
