import {
  $isConnected,
  $options,
  type AccountState,
  BaseError,
  createModalClient,
  disconnect,
  kitError,
  type ModalInstance,
  type ModalOptions,
  type PublicState,
  parseOptions,
  setLocale,
  switchNetwork,
} from '@openmodal/core/internal'
import { BROWSER } from 'esm-env'
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
 * On a server (no `window`: server rendering, a Next.js prerender) it only validates the
 * options and returns an inert instance (see `createServerModal`), so it can sit at the top of
 * a module that also runs there.
 *
 * @example
 * import { createModal } from '@openmodal/ui'
 * const modal = createModal({ projectId: 'demo', networks: [mainnet], adapters: [evm] })
 * document.querySelector('#connect').onclick = () => modal.open()
 */
export function createModal(options: ModalOptions): ModalInstance {
  // BROWSER is `true` in browser builds (the `browser` export condition), which drop this
  // branch and the server instance; elsewhere the window check decides (jsdom has one).
  if (!BROWSER && typeof window === 'undefined') return createServerModal(options)
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
  // Sign-In With X (spec §4): core's flow rides in the connect group's chunk (the sign view
  // follows a connect), loaded now only for hosts that set `siwx` or the older `siweConfig`.
  if (options.siwx || options.siweConfig) {
    void import('./features/connect/chunk.js').then((m) =>
      m.startSiwx(options, { disconnect, switchNetwork }),
    )
  }
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

const noop = () => {}

function browserOnly(action: string): Promise<never> {
  return Promise.reject(
    new BaseError(`${action}() runs in the browser only`, {
      details: 'createModal() was called on a server, where no wallet can connect.',
    }),
  )
}

/**
 * The instance `createModal` returns on a server. It validates `options` (a bad option throws
 * the same error as in the browser) and touches nothing else: no store of the shared server
 * process, no DOM, no storage, no request. Reads give the state of a page before any wallet
 * or modal activity; `open`, `close`, the setters and the subscriptions do nothing;
 * `disconnect` resolves (nothing is connected); `connect` and `switchNetwork` reject, and
 * `getProvider` throws, as they would in a browser without a connected wallet.
 */
function createServerModal(options: ModalOptions): ModalInstance {
  parseOptions(options)
  // What a page shows before any wallet or modal activity; the React hooks' server snapshots
  // hold the same values, so server HTML and the first client render agree.
  const state: PublicState = Object.freeze({
    open: false,
    loading: false,
    view: 'Connect',
    selectedNetworkId: undefined,
    activeChain: undefined,
  })
  const account: AccountState = Object.freeze({ status: 'disconnected', allAccounts: [] })
  return {
    open: noop,
    close: noop,
    getState: () => state,
    subscribeState: () => noop,
    setThemeMode: noop,
    setThemeVariables: noop,
    setLocale: noop,
    switchNetwork: () => browserOnly('switchNetwork'),
    disconnect: () => Promise.resolve(),
    getAccount: () => account,
    getProvider(namespace) {
      throw kitError('PROVIDER_NOT_FOUND', { details: `${namespace} is not connected (server)` })
    },
    subscribeEvents: () => noop,
    connect: () => browserOnly('connect'),
  }
}
