import {
  $isConnected,
  $options,
  createModalClient,
  type ModalInstance,
  type ModalOptions,
  setLocale,
} from '@openmodal/core/internal'
import { defineElements } from './elements/define-elements.js'
import { pageLocale } from './i18n/index.js'
import { preloadView } from './modal/load-modal.js'
import { warmImage } from './utils/warm.js'

let appended: HTMLElement | undefined

/**
 * Creates the modal: core's `createModalClient(options)`, the public elements defined, and
 * one `<w3m-modal>` appended to `document.body` — unless `disableAppendToBody` or
 * `enableEmbedded` is set, in which case place `<w3m-modal>` yourself (embedded, it renders
 * inline and always open). Calling it again never appends a second modal. Without a `locale`
 * option the modal speaks the page's language: `<html lang>`, else the browser's
 * `navigator.languages`, the first one a catalog speaks for, else English (`pageLocale`).
 *
 * @example
 * import { createModal } from '@openmodal/ui'
 * const modal = createModal({ projectId: 'demo', networks: [mainnet], adapters: [evm] })
 * document.querySelector('#connect').onclick = () => modal.open()
 */
export function createModal(options: ModalOptions): ModalInstance {
  const instance = createModalClient(options)
  if (options.locale === undefined) setLocale(pageLocale())
  defineElements()
  const resolved = $options.get()
  const append = !resolved?.disableAppendToBody && !resolved?.enableEmbedded
  if (append && !appended?.isConnected && !document.querySelector('w3m-modal')) {
    const modal = document.createElement('w3m-modal')
    document.body.append(modal)
    appended = modal
  }
  preloadWhenIdle()
  return instance
}

/**
 * Once the page is idle, loads the modal shell and the view group the first `open()` will
 * show, so the click that opens the modal does not wait for a fetch. It never competes with
 * the page's own loading. A failure here is retried (and reported) when the modal is needed.
 */
function preloadWhenIdle(): void {
  const preload = () => {
    preloadView($isConnected.get() ? 'Account' : 'Connect')
    // WalletConnect is listed without discovery: its icon can be ready before the first open.
    warmImage($options.get()?.walletConnect?.imageUrl)
  }
  if (typeof requestIdleCallback === 'function') requestIdleCallback(preload, { timeout: 5000 })
  else setTimeout(preload, 2000)
}
