// The Coinbase Wallet connector on @coinbase/wallet-sdk (popup to keys.coinbase.com: Smart
// Wallet and the Coinbase Wallet app). The SDK (coinbase-sdk.ts) loads by `import()`; when the
// Coinbase Wallet extension announces itself over EIP-6963 it wins and this row is hidden.
import { $networks, lazyCode } from '@openmodal/core/internal'
import type { Eip1193Provider } from '../provider/types.js'
import type { ConnectorEntry, ConnectorSource } from './source.js'
import { withSources } from './sources-discovery.js'

/** The Coinbase SDK connector's id. */
export const COINBASE_CONNECTOR_ID = 'coinbaseWalletSDK'
/** The rdns the Coinbase Wallet extension announces over EIP-6963. */
export const COINBASE_EXTENSION_RDNS = 'com.coinbase.wallet'

/** Which Coinbase accounts the popup offers (the SDK's `preference.options`). */
export type CoinbasePreference = 'all' | 'smartWalletOnly' | 'eoaOnly'
const PREFERENCES: readonly CoinbasePreference[] = ['all', 'smartWalletOnly', 'eoaOnly']

export interface CoinbaseConnectorOptions {
  /** Default `'all'`: Smart Wallet and the Coinbase Wallet app. */
  coinbasePreference?: CoinbasePreference
  /** Shown in the Coinbase popup; default the page title. */
  appName?: string
  /** An https URL of the app's logo for the popup. */
  appLogoUrl?: string
  /** The keys page the popup opens; default Coinbase's (`https://keys.coinbase.com/connect`). */
  keysUrl?: string
}

type Listener = (...args: never[]) => void

/**
 * A connector source for `evmAdapter({ connectors })` listing "Coinbase Wallet" through the
 * Coinbase Wallet SDK, unless the Coinbase extension is announced (then only it is listed).
 * Throws at creation on a `coinbasePreference` other than all / smartWalletOnly / eoaOnly.
 *
 * @example
 * import { evmAdapter } from '@openmodal/evm'
 * import { coinbaseConnector } from '@openmodal/evm/coinbase'
 *
 * evmAdapter({ connectors: [coinbaseConnector({ coinbasePreference: 'smartWalletOnly' })] })
 */
export function coinbaseConnector(options: CoinbaseConnectorOptions = {}): ConnectorSource {
  const preference = options.coinbasePreference ?? 'all'
  if (!PREFERENCES.includes(preference)) {
    throw new TypeError(
      `Invalid coinbasePreference: expected one of ${PREFERENCES.join(', ')}, received ${JSON.stringify(preference)}`,
    )
  }
  const pending = new Map<string, Set<Listener>>()
  // A failed load (offline chunk) is retried on the next use.
  const load = lazyCode(
    (): Promise<Eip1193Provider> =>
      import('./coinbase-sdk.js').then(({ createCoinbaseProvider }) => {
        const appChainIds = $networks
          .get()
          .filter((n) => n.chainNamespace === 'eip155')
          .map((n) => Number(n.id))
        const provider = createCoinbaseProvider({ ...options, preference, appChainIds })
        for (const [event, listeners] of pending) {
          for (const listener of listeners) provider.on?.(event, listener)
        }
        pending.clear()
        return provider
      }),
    'the Coinbase Wallet SDK',
  )
  let loaded: Eip1193Provider | undefined
  // Stands for the SDK's provider until it has loaded; forwards everything to it after.
  const provider: Eip1193Provider = {
    async request(args) {
      loaded ??= await load()
      return loaded.request(args)
    },
    on(event, listener) {
      if (loaded) loaded.on?.(event, listener)
      else {
        const set = pending.get(event) ?? new Set()
        set.add(listener)
        pending.set(event, set)
      }
    },
    removeListener(event, listener) {
      if (loaded) loaded.removeListener?.(event, listener)
      else pending.get(event)?.delete(listener)
    },
  }
  const entry: ConnectorEntry = {
    provider,
    replacedBy: COINBASE_EXTENSION_RDNS,
    connector: {
      id: COINBASE_CONNECTOR_ID,
      type: 'EXTERNAL',
      name: 'Coinbase Wallet',
      // The wallet registry's Coinbase Wallet (matched by rdns) is this row, not a second one.
      rdns: COINBASE_EXTENSION_RDNS,
      namespaces: ['eip155'],
    },
  }

  return {
    discover: withSources,
    watch(listener) {
      listener([entry])
      // The SDK opens its popup inside the click's request: load it while the wallet list is
      // on screen, so no import() stands between the click and window.open (Safari blocks a
      // popup opened after an await that outlasts the user activation).
      void load().then(
        (ready) => {
          loaded = ready
        },
        () => undefined,
      )
      return () => {}
    },
  }
}
