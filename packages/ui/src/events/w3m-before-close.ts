/** What asked the modal to close. */
export type CloseSource = 'close-button' | 'keyboard' | 'backdrop'

/**
 * Fired on `<w3m-modal>` before the visitor closes it (close button, Escape, backdrop click).
 * `preventDefault()` keeps it open. Closes the host asks for itself (`modal.close()`) and the
 * modal's own ones after a flow ends do not fire it: the host already decided those.
 *
 * @example
 * modal.addEventListener('w3m-before-close', (event) => {
 *   if (event.source === 'backdrop') event.preventDefault()
 * })
 */
export class W3mBeforeCloseEvent extends Event {
  constructor(readonly source: CloseSource) {
    super('w3m-before-close', { bubbles: true, composed: true, cancelable: true })
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'w3m-before-close': W3mBeforeCloseEvent
  }
}
