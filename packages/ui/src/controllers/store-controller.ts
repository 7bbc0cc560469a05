import type { ReactiveController, ReactiveControllerHost } from 'lit'

/** The part of a nanostores store this controller needs (atom, map or computed). */
export interface ReadableStore<T> {
  get(): T
  listen(listener: (value: T) => void): () => void
}

/**
 * Binds a nanostores store to a Lit element: subscribes while the element is connected and
 * re-renders it on every change. `value` is always the store's current value.
 *
 * @example
 * class MyEl extends LitElement {
 *   modal = new StoreController(this, $modal)
 *   render() { return html`${this.modal.value.open}` }
 * }
 */
export class StoreController<T> implements ReactiveController {
  private unlisten: (() => void) | undefined

  constructor(
    private readonly host: ReactiveControllerHost,
    readonly store: ReadableStore<T>,
  ) {
    host.addController(this)
  }

  get value(): T {
    return this.store.get()
  }

  hostConnected(): void {
    this.unlisten = this.store.listen(() => this.host.requestUpdate())
    // The store may have changed while the element was detached.
    this.host.requestUpdate()
  }

  hostDisconnected(): void {
    this.unlisten?.()
    this.unlisten = undefined
  }
}
