import { $options, createModalClient, type ModalInstance, type ModalOptions } from '@openmodal/core'
import { defineElements } from './elements/define-elements.js'

let appended: HTMLElement | undefined

/**
 * Creates the modal: core's `createModalClient(options)`, the public elements defined, and
 * one `<w3m-modal>` appended to `document.body` — unless `disableAppendToBody` or
 * `enableEmbedded` is set, in which case place `<w3m-modal>` yourself (embedded, it renders
 * inline and always open). Calling it again never appends a second modal.
 *
 * @example
 * import { createModal } from '@openmodal/ui'
 * const modal = createModal({ projectId: 'demo', networks: [mainnet], adapters: [evm] })
 * document.querySelector('#connect').onclick = () => modal.open()
 */
export function createModal(options: ModalOptions): ModalInstance {
  const instance = createModalClient(options)
  defineElements()
  const resolved = $options.get()
  const append = !resolved?.disableAppendToBody && !resolved?.enableEmbedded
  if (append && !appended?.isConnected && !document.querySelector('w3m-modal')) {
    const modal = document.createElement('w3m-modal')
    document.body.append(modal)
    appended = modal
  }
  return instance
}
