import type { RouterEntry } from '@openmodal/core/internal'

/**
 * Fired on `<w3m-modal>` before its view changes to another (a push, a replace above the first
 * view, or the way back). `preventDefault()` keeps the current view. A new history
 * (`open({ view })`, the modal's own resets) does not fire it.
 *
 * @example
 * modal.addEventListener('w3m-before-navigate', (event) => {
 *   if (event.to.view === 'Swap') event.preventDefault()
 * })
 */
export class W3mBeforeNavigateEvent extends Event {
  constructor(
    readonly from: RouterEntry,
    readonly to: RouterEntry,
  ) {
    super('w3m-before-navigate', { bubbles: true, composed: true, cancelable: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'w3m-before-navigate': W3mBeforeNavigateEvent
  }
}
