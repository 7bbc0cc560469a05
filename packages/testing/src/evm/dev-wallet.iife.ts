// Entry of `dist/dev-wallet.iife.js`, the one self-contained script a test injects into a page.
// It exposes `window.__openmodalDevWallet` and, given a config, installs a wallet at once:
//   <script src="dev-wallet.iife.js" data-config='{"chains":[{"id":31337,"rpcUrl":"…"}]}'>
// or, before the script runs (Playwright `addInitScript`): `window.__openmodalDevWalletConfig`.
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from './accounts.js'
import { createDevWallet, type DevWallet, type DevWalletOptions } from './dev-wallet.js'
import { announceProvider, uuidV4 } from './eip6963.js'
import { ProviderRpcError } from './provider-error.js'

export interface DevWalletScriptConfig extends DevWalletOptions {
  /** Announce with EIP-6963 (default true). */
  announce?: boolean
  /** Also set `window.ethereum`, as a legacy injected wallet (default false). */
  legacy?: boolean
}

interface DevWalletGlobal {
  create: typeof createDevWallet
  install: (config: DevWalletScriptConfig) => DevWallet
  announceProvider: typeof announceProvider
  uuidV4: typeof uuidV4
  ProviderRpcError: typeof ProviderRpcError
  ANVIL_ADDRESSES: typeof ANVIL_ADDRESSES
  ANVIL_PRIVATE_KEYS: typeof ANVIL_PRIVATE_KEYS
  /** The wallet the auto-install created. */
  wallet?: DevWallet
}

type Win = typeof globalThis & {
  __openmodalDevWallet?: DevWalletGlobal
  __openmodalDevWalletConfig?: DevWalletScriptConfig
  ethereum?: unknown
}
const win = globalThis as Win

const api: DevWalletGlobal = {
  create: createDevWallet,
  install(config) {
    const wallet = createDevWallet(config)
    if (config.announce !== false) wallet.announce()
    if (config.legacy) win.ethereum = wallet.provider
    api.wallet = wallet
    return wallet
  },
  announceProvider,
  uuidV4,
  ProviderRpcError,
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
}
win.__openmodalDevWallet = api

const script = typeof document === 'undefined' ? null : document.currentScript
const attribute = script?.getAttribute('data-config')
const config = attribute
  ? (JSON.parse(attribute) as DevWalletScriptConfig)
  : win.__openmodalDevWalletConfig
if (config) api.install(config)
