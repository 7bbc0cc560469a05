// AppKit's `createAppKit` over `createModal`: AppKit 1.7's option names mapped to ours (most are
// the same), options we do not have dropped with one development warning that names them, and
// AppKit's `<appkit-*>` elements defined as the `<w3m-*>` ones. docs/migrate-from-appkit.md
// lists every option and what becomes of it.
import {
  $activeAccount,
  $activeNetwork,
  type CaipNetwork,
  type ModalInstance,
  type ModalOptions,
} from '@openmodal/core'
import { $accounts, getAccountState, issueWarning } from '@openmodal/core/internal'
import {
  createModal,
  W3mAccountButton,
  W3mButton,
  W3mConnectButton,
  W3mNetworkButton,
} from '@openmodal/ui'

/** AppKit options we accept but have no equivalent for: dropped with a development warning. */
export const APPKIT_IGNORED_OPTIONS = [
  'debug',
  'enableWalletConnect',
  'enableInjected',
  'enableEIP6963',
  'enableCoinbase',
  'enableWalletGuide',
  'enableReconnect',
  'featuredWalletIds',
  'customWallets',
  'chainImages',
  'connectorImages',
  'customRpcUrls',
  'universalProviderConfigOverride',
  'coinbasePreference',
  'showWallets',
  'enableAuthLogger',
  'manualWCControl',
] as const

/** AppKit feature keys with another name here, or none. */
const FEATURE_NAMES: Record<string, string | undefined> = {
  history: 'activity',
  connectMethodsOrder: undefined, // a top-level option here
  walletFeaturesOrder: undefined,
  connectorTypeOrder: undefined,
  reownAuthentication: undefined,
}

/** What `createAppKit` takes: our options under AppKit's names, and AppKit's extra ones. */
export type CreateAppKit = Omit<ModalOptions, 'defaultNetwork' | 'allowWallets' | 'features'> & {
  /** A network object (AppKit) or its CAIP-2 id. */
  defaultNetwork?: CaipNetwork | CaipNetwork['caipNetworkId']
  /** AppKit's `includeWalletIds`: our `allowWallets`. */
  includeWalletIds?: readonly string[]
  /** AppKit's `excludeWalletIds`: our `excludeWallets`. */
  excludeWalletIds?: readonly string[]
  /** AppKit top-level flags: our `features.allowUnsupportedChain` / `networkSwitching`. */
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  features?: Record<string, unknown>
} & Partial<Record<(typeof APPKIT_IGNORED_OPTIONS)[number], unknown>>

/** The instance `createAppKit` returns: ours, plus AppKit's getters of the same facts. */
export interface AppKit extends ModalInstance {
  getAddress(namespace?: CaipNetwork['chainNamespace']): string | undefined
  getCaipAddress(namespace?: CaipNetwork['chainNamespace']): string | undefined
  getIsConnectedState(): boolean
  getCaipNetwork(): CaipNetwork | undefined
  getWalletProvider(): unknown
  subscribeAccount(listener: () => void): () => void
}

/** AppKit's options as ours; throws (as createModal does) on a value ours refuses. */
export function toModalOptions(input: CreateAppKit): ModalOptions {
  const {
    defaultNetwork,
    includeWalletIds,
    excludeWalletIds,
    allowUnsupportedChain,
    enableNetworkSwitch,
    features = {},
    ...rest
  } = input
  const dropped: string[] = []
  const options: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(rest)) {
    if ((APPKIT_IGNORED_OPTIONS as readonly string[]).includes(key)) dropped.push(key)
    else options[key] = value
  }
  const ourFeatures: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(features)) {
    if (key === 'connectMethodsOrder') options.connectMethodsOrder ??= value
    else if (key in FEATURE_NAMES) {
      const name = FEATURE_NAMES[key]
      if (name) ourFeatures[name] = value
      else dropped.push(`features.${key}`)
    } else ourFeatures[key] = value
  }
  if (allowUnsupportedChain !== undefined) ourFeatures.allowUnsupportedChain = allowUnsupportedChain
  if (enableNetworkSwitch !== undefined) ourFeatures.networkSwitching = enableNetworkSwitch
  if (Object.keys(ourFeatures).length > 0) options.features = ourFeatures
  if (defaultNetwork !== undefined) {
    options.defaultNetwork =
      typeof defaultNetwork === 'string' ? defaultNetwork : defaultNetwork.caipNetworkId
  }
  if (includeWalletIds) options.allowWallets = includeWalletIds
  if (excludeWalletIds) {
    options.excludeWallets = [...((options.excludeWallets as string[]) ?? []), ...excludeWalletIds]
  }
  if (dropped.length > 0) {
    issueWarning(
      'appkit-ignored-options',
      `createAppKit: ${dropped.join(', ')} ${dropped.length === 1 ? 'has' : 'have'} no OpenModal equivalent and ${dropped.length === 1 ? 'is' : 'are'} ignored (docs/migrate-from-appkit.md).`,
    )
  }
  return options as unknown as ModalOptions
}

/** `<appkit-button>` and the other AppKit tags, as our elements under AppKit's names. */
function defineAppKitElements(): void {
  if (typeof customElements === 'undefined') return
  const aliases: [string, CustomElementConstructor][] = [
    ['appkit-button', class AppKitButton extends W3mButton {}],
    ['appkit-network-button', class AppKitNetworkButton extends W3mNetworkButton {}],
    ['appkit-connect-button', class AppKitConnectButton extends W3mConnectButton {}],
    ['appkit-account-button', class AppKitAccountButton extends W3mAccountButton {}],
  ]
  for (const [tag, element] of aliases) {
    if (!customElements.get(tag)) customElements.define(tag, element)
  }
}

/**
 * AppKit's `createAppKit`: creates the modal from AppKit-style options and defines
 * `<appkit-button>`, `<appkit-network-button>`, `<appkit-connect-button>` and
 * `<appkit-account-button>`. The hooks of this entry read the same modal.
 *
 * @example
 * createAppKit({ adapters: [new EthersAdapter()], networks: [mainnet], projectId, metadata })
 */
export function createAppKit(options: CreateAppKit): AppKit {
  const modal = createModal(toModalOptions(options))
  defineAppKitElements()
  const account = (namespace?: CaipNetwork['chainNamespace']) =>
    namespace ? getAccountState(namespace) : $activeAccount.get()
  return {
    ...modal,
    getAddress: (namespace) => account(namespace).address,
    getCaipAddress: (namespace) => account(namespace).caipAddress,
    getIsConnectedState: () => $activeAccount.get().status === 'connected',
    getCaipNetwork: () => {
      const network = $activeNetwork.get()
      return network && 'chainNamespace' in network ? (network as CaipNetwork) : undefined
    },
    getWalletProvider: () => {
      const { activeChain } = modal.getState()
      if (!activeChain || $activeAccount.get().status !== 'connected') return undefined
      return modal.getProvider(activeChain)
    },
    subscribeAccount: (listener) => $accounts.listen(() => listener()),
  }
}
