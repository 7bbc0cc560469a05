// The host's `embeddedWallet` option: a few hundred bytes in the initial bundle. The frame side
// (the secure frame, its provider and the modal glue) loads with `import()` only when a visitor
// picks e-mail, or when core restores a past e-mail login (spec §3 flag `emailLoginUsed`).
import {
  $chain,
  $connections,
  $modal,
  $options,
  $router,
  closeModal,
  connect,
  type EmbeddedWalletEntry,
  type EmbeddedWalletLoaded,
  goBack,
  lazyCode,
  openModal,
  openView,
  push,
  reset,
  SDK_VERSION,
  setModalCovered,
  showAlert,
  showSnack,
  storage,
} from '@openmodal/core/internal'
import type { FrameTimeouts } from '../host/timeouts.js'
import { EMBEDDED_CONNECTOR_ID } from './identity.js'

/** What `embeddedWallet()` takes. */
export interface EmbeddedWalletOptions {
  /** The secure site's origin, exactly (`https://secure.example.com`). */
  secureOrigin: string
  /**
   * `passphrase`: offer a recovery passphrase before a passkey. Operator-held (`custodial`)
   * recovery is a project setting on the server, not a page option.
   */
  recovery?: 'passphrase'
  /** Let the frame log to its console (spec §2 `enableLogger`). */
  enableLogger?: boolean
  /** The connector's name in the account and events (default "Email"). */
  name?: string
  /**
   * Where the provider is announced (EIP-6963) for the EVM adapter to find; default `window`.
   * Give the same target as `evmAdapter({ target })`.
   */
  target?: EventTarget
  /** Spec §9 timeouts; override only in tests. */
  timeouts?: Partial<FrameTimeouts>
}

/**
 * The embedded-wallet entry for `createModal({ embeddedWallet })`: "Continue with email" on
 * Connect when the `email` feature is on. `projectId` and the chain come from the modal.
 *
 * @example
 * import { embeddedWallet } from '@openmodal/embedded/connector'
 * createModal({
 *   projectId, networks, adapters: [evmAdapter()],
 *   embeddedWallet: embeddedWallet({ secureOrigin: 'https://secure.example.com' }),
 * })
 */
export function embeddedWallet(options: EmbeddedWalletOptions): EmbeddedWalletEntry {
  // A failed load (offline chunk, frame blocked) is retried on the next pick.
  const load = lazyCode((): Promise<EmbeddedWalletLoaded> => {
    // The frame opens on the active EVM network, else the first configured one.
    const { networks, activeCaipNetworkId } = $chain.get()
    const evm = networks.filter((n) => n.chainNamespace === 'eip155')
    const network = evm.find((n) => n.caipNetworkId === activeCaipNetworkId) ?? evm[0]
    const context = {
      projectId: $options.get()?.projectId ?? '',
      chainId: network?.id ?? 1,
      version: SDK_VERSION,
      defaultAccountType: $options.get()?.defaultAccountTypes?.eip155,
      // The lazy module imports no core store: see ModalContext in load.ts.
      kit: {
        $chain,
        $connections,
        $modal,
        $router,
        closeModal,
        connect,
        goBack,
        openModal,
        openView,
        push,
        reset,
        setModalCovered,
        showAlert,
        showSnack,
        storage,
      },
    }
    return import('./load.js').then((module) => module.loadEmbeddedWallet(options, context))
  })
  // Spec §2: a Telegram mini app back from a social login (`result_uri`): the frame loads and
  // completes it (load.ts), once the modal that is being created holds its options.
  if (
    (globalThis as { Telegram?: { WebApp?: unknown } }).Telegram?.WebApp &&
    /[?&]result_uri=/.test(globalThis.location?.search)
  ) {
    setTimeout(() => void load().catch(() => undefined))
  }
  return {
    id: EMBEDDED_CONNECTOR_ID,
    name: options.name ?? 'Email',
    namespaces: ['eip155'],
    // Social login: the popup opens here inside the click, before the frame is asked anything.
    socialPopupUrl: new URL('/loading', options.secureOrigin).href,
    load,
  }
}
