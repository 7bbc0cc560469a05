import { computed } from 'nanostores'
import { connect } from '../actions/connect.js'
import { disconnect } from '../actions/disconnect.js'
import { reconnect } from '../actions/reconnect.js'
import { switchNetwork } from '../actions/switch-network.js'
import { getAdapter, registerAdapter } from '../adapters/registry.js'
import type { ChainAdapter } from '../adapters/types.js'
import { InvalidOptionsError, kitError } from '../errors/errors.js'
import { type ModalOptions, parseOptions, parseSetting } from '../options/schema.js'
import { storage } from '../storage/storage.js'
import { $activeAccount, type AccountState, getAccountState } from '../stores/account.js'
import { clearAlert, showAlert } from '../stores/alerts.js'
import {
  $activeNamespace,
  $activeNetwork,
  $chain,
  rememberedNetwork,
  setNetworks,
} from '../stores/chain.js'
import { $recentWallets } from '../stores/connection.js'
import { type ModalEvent, subscribeEvents } from '../stores/events.js'
import { setLocale } from '../stores/locale.js'
import { $modal, closeModal, openModal } from '../stores/modal.js'
import { setOptions } from '../stores/options.js'
import { $remoteConfig, resetRemoteConfig } from '../stores/project-config.js'
import { $view, isView, type RouterData, reset, VIEWS, type View } from '../stores/router.js'
import {
  setThemeMode,
  setThemeVariables,
  type ThemeMode,
  type ThemeVariables,
} from '../stores/theme.js'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types/network.js'
import { issueWarning } from '../utils/dev.js'

/** What `getState()` returns and `subscribeState()` reports. */
export interface PublicState {
  open: boolean
  loading: boolean
  view: View
  /** CAIP-2 id of the active network (or of the unsupported placeholder). */
  selectedNetworkId: CaipNetworkId | undefined
  activeChain: ChainNamespace | undefined
}

export const $publicState = computed(
  [$modal, $view, $activeNetwork, $activeNamespace],
  (modal, view, network, namespace): PublicState => ({
    open: modal.open,
    loading: modal.loading,
    view: view.view,
    selectedNetworkId: network?.caipNetworkId,
    activeChain: namespace,
  }),
)

export interface ModalInstance {
  /**
   * Opens the modal on `view` (a view name, or `{ view, data }`), or on Account when
   * connected and Connect otherwise.
   */
  /** `open('Swap', { fromToken, toToken, amount })` opens Swap with those arguments (spec §2). */
  open(target?: OpenTarget, swap?: SwapArguments): void
  close(): void
  getState(): PublicState
  subscribeState(listener: (state: PublicState) => void): () => void
  setThemeMode(mode: ThemeMode): void
  setThemeVariables(variables: ThemeVariables): void
  setLocale(locale: string): void
  switchNetwork(network: CaipNetwork | CaipNetworkId): Promise<void>
  disconnect(namespace?: ChainNamespace): Promise<void>
  getAccount(namespace?: ChainNamespace): AccountState
  getProvider(namespace: ChainNamespace): unknown
  subscribeEvents(listener: (event: ModalEvent) => void): () => void
  /** Connects a connector by id without opening the modal. */
  connect(connectorId: string): Promise<void>
}

/**
 * Creates the modal's state from the host's options: validates them (a bad option throws
 * an error naming the field), loads the project's remote config from the server (unless
 * `basic`, or without `apiUrl`: local mode, no request to any server), registers the adapters and silently restores earlier connections. Framework-free: `@openmodal/ui`'s `createModal` adds the element.
 *
 * @example
 * const modal = createModalClient({ projectId: 'demo', networks: [mainnet] })
 * modal.open()
 */
export function createModalClient(input: ModalOptions): ModalInstance {
  const options = parseOptions(input)
  resetRemoteConfig()
  setOptions(options)
  clearAlert()
  if (!options.projectId) showAlert('PROJECT_ID_NOT_CONFIGURED')
  // Spec §5: the project's remote config, fetched by a module loaded on demand (no initial
  // JS); nothing at all in basic mode, without an apiUrl (local mode) or without a projectId.
  if (options.basic) $remoteConfig.set({ status: 'disabled', reason: 'basic' })
  else if (!options.apiUrl) {
    $remoteConfig.set({ status: 'disabled', reason: 'no-api' })
    issueWarning(
      'no-api-url',
      'No apiUrl set: OpenModal runs in local mode (no wallet registry, remote config, balances API or analytics). Set apiUrl to your OpenModal server to enable them.',
    )
  } else if (!options.projectId) $remoteConfig.set({ status: 'disabled', reason: 'no-project' })
  else {
    $remoteConfig.set({ status: 'loading' })
    const localKeys = Object.keys(input.features ?? {})
    // $chain is handed over, not imported there: a lazy chunk that imports a store module of
    // the page's entry made the bundler split the entry into more initial files (apps/size).
    void import('../actions/load-remote-config.js').then((m) =>
      m.loadRemoteConfig(localKeys, $chain),
    )
  }

  const stored = rememberedNetwork()
  const restored = options.networks.some((n) => n.caipNetworkId === stored) ? stored : undefined
  setNetworks(options.networks, restored ?? options.defaultNetwork)
  setThemeMode(options.themeMode)
  setThemeVariables(options.themeVariables)
  setLocale(options.locale)
  $recentWallets.set(storage.get('recentWallets') ?? [])
  for (const adapter of options.adapters as readonly ChainAdapter[]) registerAdapter(adapter)
  reset('Connect')
  void reconnect()

  return {
    open: openView,
    close() {
      closeModal()
    },
    getState: () => $publicState.get(),
    subscribeState: (listener) => $publicState.listen(listener),
    setThemeMode: (mode) => setThemeMode(parseSetting('themeMode', mode)),
    setThemeVariables: (variables) =>
      setThemeVariables(parseSetting('themeVariables', variables) as ThemeVariables),
    setLocale: (locale) => setLocale(parseSetting('locale', locale)),
    switchNetwork,
    disconnect,
    getAccount: (namespace) => (namespace ? getAccountState(namespace) : $activeAccount.get()),
    getProvider(namespace) {
      const adapter = getAdapter(namespace)
      if (!adapter) throw kitError('ADAPTER_NOT_FOUND')
      if (getAccountState(namespace).status !== 'connected') {
        throw kitError('PROVIDER_NOT_FOUND', { details: `${namespace} is not connected` })
      }
      return adapter.getProvider()
    },
    subscribeEvents,
    connect: (connectorId) => connect({ connectorId }),
  }
}

/** What `open()` takes: a view name, or a view with its data. */
export type OpenTarget = View | { view?: View; data?: RouterData }

/** Swap's arguments (spec §2 "Swap can be opened with swap arguments"): token addresses and
 * the amount sold in the token's units. */
export type SwapArguments = NonNullable<RouterData['swap']>

/**
 * Opens the modal on `target`'s view, or on Account when connected and Connect otherwise;
 * what `modal.open()` and React's `useModal().open` do. An unknown view name throws.
 * It returns at once: a connection started in the modal (or with `connect()`) is what
 * rejects with "Modal closed" when the visitor closes it (spec §4).
 *
 * @example
 * openView('Networks')
 * openView({ view: 'SwitchNetwork', data: { network } })
 * openView('Swap', { fromToken: '0xEeee…', toToken: '0xA0b8…', amount: '0.1' })
 */
export function openView(target: OpenTarget = {}, swap?: SwapArguments): void {
  const { view, data } =
    typeof target === 'string'
      ? { view: target, data: target === 'Swap' && swap ? { swap } : undefined }
      : target
  if (view !== undefined && !isView(view)) {
    throw new InvalidOptionsError(
      'view',
      `expected one of ${VIEWS.join(', ')}, received ${JSON.stringify(view)}`,
    )
  }
  const connected = $activeAccount.get().status === 'connected'
  reset(view ?? (connected ? 'Account' : 'Connect'), data)
  openModal()
}

/** The chain state, for hosts that want the configured networks. */
export const getNetworks = () => $chain.get().networks
